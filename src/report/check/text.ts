// The rows of `idemsim check` for a person (a table) and for machines (JSON). A bound is
// judged on its 95% interval: pass (all of it meets the bound), fail (none of it does) or
// undecided (it straddles the limit; more actions would decide), which --strict fails. A
// metric the run did not measure reads "n/a" and fails its bound.
import Table from 'cli-table3';
import type { CheckRow } from '../../model/bounds.js';
import { NOT_AVAILABLE, formatCount, formatInterval, formatMetric } from '../../format/format.js';
import { undecidedReason, valueText } from './describe.js';

export { describeRow, undecidedReason } from './describe.js';
import { terminalText } from '../text.js';

/** What a CI gate does with each verdict. */
export interface CheckPolicy {
  /** Undecided bounds fail the check. */
  strict: boolean;
}

/** Whether a row fails the check under the policy. */
export function fails(row: CheckRow, policy: CheckPolicy): boolean {
  return row.verdict === 'fail' || (row.verdict === 'undecided' && policy.strict);
}

function resultCell(row: CheckRow, policy: CheckPolicy): string {
  if (row.verdict === 'pass') return 'pass';
  if (row.verdict === 'fail') return 'FAIL';
  return policy.strict ? 'FAIL: undecided' : 'undecided';
}

export function renderCheckTable(rows: readonly CheckRow[], policy: CheckPolicy): string {
  const table = new Table({
    head: ['scenario', 'metric', 'bound', 'value', '95% CI', 'actions', 'result'],
    style: { head: [], border: [], compact: true },
  });
  for (const row of rows) {
    table.push([
      terminalText(row.scenario),
      row.metric,
      `${row.bound === 'min' ? '>=' : '<='} ${formatMetric(row.limit, row.unit)}`,
      valueText(row),
      row.interval === null ? '' : formatInterval(row.interval, row.unit, row.value),
      formatCount(row.actions),
      resultCell(row, policy),
    ]);
  }
  const count = counts(rows);
  const lines = [
    table.toString(),
    `${rows.length === 1 ? '1 bound judged on its 95% interval' : `${rows.length} bounds judged on their 95% intervals`}: ${count.passed} passed, ${count.failed} failed, ${count.undecided} undecided`,
  ];
  const exact = rows.filter((r) => r.interval === null && r.unmeasured === undefined);
  if (exact.length > 0) {
    lines.push(
      `${exact.length === 1 ? '1 bound is' : `${exact.length} bounds are`} on a count or a maximum (${[...new Set(exact.map((r) => r.metric))].join(', ')}): ` +
        'what this run saw, with no interval, so judged as seen; it says nothing beyond this run. Bound a rate (e.g. duplicatesPerThousand) to judge the scenario.',
    );
  }
  const unmeasured = rows.filter((r) => r.unmeasured !== undefined);
  for (const row of unmeasured)
    lines.push(`  ${terminalText(row.scenario)} ${row.metric}: ${NOT_AVAILABLE}, ${row.unmeasured ?? ''}`);
  if (unmeasured.length > 0) {
    lines.push(
      'A bound on a metric the run did not measure (n/a) fails, whichever side it bounds: nothing shows it holds.',
    );
  }
  const undecided = rows.filter((r) => r.verdict === 'undecided');
  for (const row of undecided) lines.push(`  ${terminalText(row.scenario)} ${row.metric}: ${undecidedReason(row)}`);
  if (undecided.length > 0) {
    lines.push(
      policy.strict
        ? 'Undecided bounds fail with --strict. Simulate more actions to decide them: --until-decided, or --actions N.'
        : 'Undecided: the interval straddles the bound, so this run cannot tell; it does not fail the check (--strict would).\nSimulate more actions to decide: --until-decided, or --actions N.',
    );
  }
  return `${lines.join('\n')}\n`;
}

function counts(rows: readonly CheckRow[]): { passed: number; failed: number; undecided: number } {
  return {
    passed: rows.filter((r) => r.verdict === 'pass').length,
    failed: rows.filter((r) => r.verdict === 'fail').length,
    undecided: rows.filter((r) => r.verdict === 'undecided').length,
  };
}

export function renderCheckJson(rows: readonly CheckRow[], policy: CheckPolicy, version: string): string {
  const checks = rows.map((r) => ({
    scenario: r.scenario,
    metric: r.metric,
    bound: r.bound,
    limit: r.limit,
    value: r.value,
    interval: r.interval === null ? null : { low: r.interval.low, high: r.interval.high },
    actions: r.actions,
    verdict: r.verdict,
    neededActions: r.verdict === 'undecided' && r.needed !== undefined && Number.isFinite(r.needed) ? r.needed : null,
    fails: fails(r, policy),
    ...(r.unmeasured === undefined ? {} : { unmeasured: r.unmeasured }),
  }));
  const count = counts(rows);
  const failing = rows.filter((r) => fails(r, policy)).length;
  const summary = { passed: failing === 0, failed: count.failed, undecided: count.undecided };
  return `${JSON.stringify({ idemsim: version, strict: policy.strict, ...summary, checks }, null, 2)}\n`;
}
