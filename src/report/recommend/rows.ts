// The pieces of a recommendation both the text and the HTML page print: a target's
// bound, a run's value with its interval and verdict, a guard's origin, and a plain
// column layout for the text table.
import { NOT_AVAILABLE, formatCount, formatInterval, formatMetric } from '../../format/format.js';
import { metricUnit } from '../../model/metrics.js';
import type { Configuration, GuardRow, JudgedRun, TargetRow, TargetSpec } from '../../model/recommend.js';

export function boundText(t: TargetSpec): string {
  return `${t.metric} ${t.op} ${formatMetric(t.limit, metricUnit(t.metric))}`;
}

export function valueText(t: TargetRow): string {
  if (t.unmeasured !== undefined) return `${NOT_AVAILABLE} (${t.unmeasured})`;
  const unit = metricUnit(t.metric);
  const interval = t.interval === null ? '' : ` ${formatInterval(t.interval, unit, t.value)}`;
  return `${formatMetric(t.value, unit)}${interval}`;
}

export function verdictText(t: TargetRow): string {
  if (t.verdict === 'pass') return 'pass';
  if (t.verdict === 'fail') return 'FAIL';
  return t.needed === null ? 'undecided' : `undecided (needs ~${formatCount(t.needed)} actions)`;
}

/** "seed 1, 40,000 actions" and why it stopped when that matters. */
export function runText(run: JudgedRun): string {
  const capped =
    run.stoppedBy === 'cap' && !run.passed
      ? `, stopped by the cap${run.needed === null ? '' : ` (needs ~${formatCount(run.needed)})`}`
      : '';
  return `seed ${String(run.seed)}, ${formatCount(run.actions)} actions${capped}`;
}

export function settingsText(c: Configuration): string {
  return Object.entries(c.settings)
    .map(([path, value]) => `${path} ${value}`)
    .join(', ');
}

export function guardBaseText(g: GuardRow): string {
  if (g.base === null) return '';
  const unit = metricUnit(g.metric);
  const interval = g.base.interval === null ? '' : ` ${formatInterval(g.base.interval, unit, g.base.value)}`;
  return `the scenario: ${formatMetric(g.base.value, unit)}${interval}`;
}

export function guardStatusText(g: GuardRow): string {
  switch (g.status) {
    case 'applied':
      return 'applied';
    case 'replaced':
      return `replaced by your target on ${g.metric}`;
    case 'skipped':
      return 'dropped with --skip-guard';
  }
}

/** The targets a run broke or left undecided, for a one-line summary. */
export function shortfalls(run: JudgedRun): string {
  const bad = run.targets.filter((t) => t.verdict !== 'pass');
  return bad.map((t) => `${t.target} ${verdictText(t)}: ${valueText(t)}`).join('; ');
}

/** Rows of cells as left-aligned columns, two spaces apart, indented by two. */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map(
    (row) =>
      `  ${row
        .map((cell, i) => (i < row.length - 1 ? cell.padEnd(widths[i] as number) : cell))
        .join('  ')
        .trimEnd()}`,
  );
}
