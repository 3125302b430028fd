// `idemsim recommend` as text and JSON: the patch to paste, each target's value with its
// interval and which one binds, the runner-ups on the Pareto front, and the search's cost.
import type { Configuration, Recommendation } from '../../model/recommend.js';
import { metricUnit } from '../../model/metrics.js';
import { formatCount, formatInterval, formatMetric } from '../../model/format.js';

export function renderRecommendJson(doc: Recommendation, version: string): string {
  return `${JSON.stringify({ idemsim: version, recommend: doc }, null, 2)}\n`;
}

export function renderRecommendText(doc: Recommendation): string {
  const lines: string[] = [];
  lines.push(`idemsim recommend: ${doc.scenario} (${formatCount(doc.actions)} actions per point, seed ${doc.seed})`);
  lines.push(
    `Targets judged on the ${doc.judgedOn}${doc.strict ? ' (--strict)' : ' (--strict: on the whole 95% interval)'}.`,
  );
  lines.push('');
  const rec = doc.recommended;
  if (doc.feasible) {
    lines.push(`Recommended: ${settingsText(rec)}`);
  } else {
    lines.push(`No configuration searched meets every target.`);
    const unmet = doc.unmet;
    if (unmet !== null) {
      lines.push(
        `Cannot be met: ${unmet.target}${unmet.everyPoint ? ' (broken by every simulated configuration)' : ' (broken furthest by the closest configuration)'}.`,
      );
    }
    lines.push(`Closest configuration: ${settingsText(rec)}`);
  }
  lines.push('');
  lines.push(doc.feasible ? `Patch for ${doc.file ?? 'the scenario'} (the fields that change):` : 'As a patch:');
  if (rec.patch === '') lines.push('  (nothing: the scenario already has these values)');
  else {
    for (const line of rec.patch.trimEnd().split('\n')) lines.push(`  ${line}`);
    lines.push(`  or: ${rec.sets.map((s) => `--set ${s}`).join(' ')}`);
  }
  lines.push('');
  lines.push('Targets:');
  lines.push(...targetRows(rec));
  lines.push('');
  lines.push(`Preference: ${doc.prefer.join(', then ')} (lowest first).`);
  lines.push(
    `  ${doc.prefer.map((m) => `${m} ${formatMetric(rec.preferred[m] ?? Number.NaN, metricUnit(m))}`).join(', ')}`,
  );
  if (doc.runnersUp.length > 0) {
    lines.push('');
    lines.push(
      `Runner-ups on the Pareto front (${doc.runnersUp.length}, feasible and not beaten on every preference):`,
    );
    for (const c of doc.runnersUp.slice(0, RUNNERS_UP_SHOWN)) {
      const values = doc.prefer.map((m) => formatMetric(c.preferred[m] ?? Number.NaN, metricUnit(m))).join(', ');
      lines.push(`  ${settingsText(c)}: ${values}`);
    }
    if (doc.runnersUp.length > RUNNERS_UP_SHOWN)
      lines.push(`  ... ${doc.runnersUp.length - RUNNERS_UP_SHOWN} more with --format json`);
  }
  lines.push('');
  lines.push(
    `Searched ${doc.dimensions.map((d) => `${d.path} (${d.candidates[0]}..${d.candidates[d.candidates.length - 1]}, ${d.candidates.length} values)`).join(', ')}.`,
  );
  lines.push(
    `${doc.simulated} points simulated, ${doc.pruned} pruned by closed forms, ${doc.rounds} refinement round${doc.rounds === 1 ? '' : 's'} after the coarse grid.`,
  );
  return `${lines.join('\n')}\n`;
}

const RUNNERS_UP_SHOWN = 5;

function settingsText(c: Configuration): string {
  return Object.entries(c.settings)
    .map(([path, value]) => `${path} ${value}`)
    .join(', ');
}

function targetRows(c: Configuration): string[] {
  const rows = c.targets.map((t) => {
    const unit = metricUnit(t.metric);
    const bound = `${t.metric} ${t.op} ${formatMetric(t.limit, unit)}`;
    const value = formatMetric(t.value, unit);
    const interval = t.interval === null ? '' : formatInterval(t.interval, unit, t.value);
    const verdict = t.pass ? 'met' : 'NOT MET';
    return [bound, value, interval, verdict + (t.binds ? ', binds' : ''), t.source === 'expect' ? 'from expect:' : ''];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  return rows.map(
    (r) =>
      `  ${r
        .map((cell, i) => (i < 4 ? cell.padEnd(widths[i] as number) : cell))
        .join('  ')
        .trimEnd()}`,
  );
}
