// `idemsim recommend` as text and JSON: the warnings and guards first, then the patch to
// paste, each target on the search's run beside the verification run, what binds, the
// ranking, the verified runner-ups and any configuration rejected at verification, and
// what the search cost (points simulated, rerun, pruned and why).
import { formatCount, formatMetric } from '../../format/format.js';
import { metricUnit } from '../../model/metrics.js';
import type { Configuration, Recommendation } from '../../model/recommend.js';
import {
  columns,
  guardBaseText,
  guardStatusText,
  runText,
  settingsText,
  shortfalls,
  valueText,
  verdictText,
} from './rows.js';
import { maxOf } from '../../stats/extent.js';
import { terminalLines } from '../text.js';

export function renderRecommendJson(doc: Recommendation, version: string): string {
  return `${JSON.stringify({ idemsim: version, recommend: doc }, null, 2)}\n`;
}

const RUNNERS_UP_SHOWN = 5;

export function renderRecommendText(doc: Recommendation): string {
  const lines: string[] = [];
  const push = (...more: string[]): void => void lines.push(...more);
  push(`idemsim recommend: ${doc.scenario}`, ...searchLines(doc), '');
  if (doc.warnings.length > 0) {
    push('Warnings:', ...doc.warnings.map((w) => `  ! ${w.message}`), '');
  }
  push(...guardLines(doc), '');
  push(...verdictLines(doc), '');
  if (doc.notes.length > 0) push('Why:', ...doc.notes.map((n) => `  - ${n.message}`), '');
  const rec = doc.recommended;
  push(
    doc.status === 'recommended' ? `Patch for ${doc.file ?? 'the scenario'} (the fields that change):` : 'As a patch:',
  );
  if (rec.patch === '') push('  (nothing: the scenario already has these values)');
  else
    push(
      ...rec.patch
        .trimEnd()
        .split('\n')
        .map((l) => `  ${l}`),
      `  or: ${rec.sets.map((s) => `--set ${s}`).join(' ')}`,
    );
  push('', 'Targets and guards, judged on the 95% interval:', ...targetTable(rec));
  if (rec.search.targets.some((t) => t.binds) || rec.verification?.targets.some((t) => t.binds)) push(`  ${doc.binds}`);
  push('', `Ranked by ${doc.ranking.rule}:`, `  ${rankingText(doc, rec)}`);
  if (doc.runnersUp.length > 0) {
    push(
      '',
      `Runner-ups on the Pareto front (feasible, not beaten on every ranking metric, verified on seed ${String(doc.verification.seed)}):`,
    );
    for (const c of doc.runnersUp.slice(0, RUNNERS_UP_SHOWN)) push(`  ${settingsText(c)}: ${rankingText(doc, c)}`);
  }
  if (doc.rejected.length > 0) {
    push(
      '',
      `Rejected at verification (passed the search, not the rerun on seed ${String(doc.verification.seed)}; never recommended):`,
    );
    for (const c of doc.rejected)
      push(`  ${settingsText(c)}: ${c.verification === null ? '' : shortfalls(c.verification)}`);
  }
  push('', ...costLines(doc));
  // Names, file names and labels come from the user's files and flags; nothing here is coloured.
  return terminalLines(`${lines.join('\n')}\n`);
}

function searchLines(doc: Recommendation): string[] {
  const s = doc.search;
  const sized = [
    s.precision.length > 0 ? `until ${s.precision.join(', ')}` : '',
    s.untilDecided ? 'until every bound is decided' : '',
  ].filter((x) => x !== '');
  return [
    `Search: ${formatCount(s.actionsPerPoint)} actions a point${sized.length > 0 ? `, sized ${sized.join(' or ')}` : ''}, on seed ${String(doc.seed)} (common random numbers); a point left undecided that looks feasible is rerun until decided, up to ${formatCount(s.maxActions)} actions.`,
    `Verification: the answer and its runner-ups rerun on seed ${String(doc.verification.seed)} until every bound is decided, up to ${formatCount(doc.verification.maxActions)} actions.`,
  ];
}

function guardLines(doc: Recommendation): string[] {
  const lines = ['Guards (added by recommend: a --target on the metric replaces one, --skip-guard METRIC drops it):'];
  lines.push(...columns(doc.guards.map((g) => [g.target, guardBaseText(g), guardStatusText(g)])));
  for (const why of new Set(doc.guards.map((g) => g.why))) {
    const metrics = doc.guards.filter((g) => g.why === why).map((g) => g.metric);
    lines.push(`  ${metrics.join(', ')}: ${why}.`);
  }
  if (!doc.guards.some((g) => g.metric === 'latency.step.p95')) {
    lines.push('  (no latency.step.p95 guard: the scenario sets no client.deadline)');
  }
  return lines;
}

function verdictLines(doc: Recommendation): string[] {
  const rec = doc.recommended;
  switch (doc.status) {
    case 'recommended':
      return [`Recommended: ${settingsText(rec)}`];
    case 'unverified':
      return [
        'No configuration is recommended: every one that passed the search failed verification.',
        `Best of them: ${settingsText(rec)}`,
      ];
    case 'infeasible': {
      const unmet = doc.unmet;
      const lines = ['No configuration searched meets every target and guard.'];
      if (unmet !== null) {
        lines.push(
          `Cannot be met: ${unmet.target}${unmet.everyPoint ? ' (no simulated configuration passed it)' : ' (broken furthest by the closest configuration)'}.`,
        );
      }
      const distance = doc.distance === null ? '' : ` (distance ${formatMetric(doc.distance.value, 'perAction')})`;
      lines.push(`Closest configuration${distance}: ${settingsText(rec)}`);
      if (doc.distance !== null) lines.push(`  distance: ${doc.distance.rule}.`);
      return lines;
    }
  }
}

function targetTable(c: Configuration): string[] {
  const v = c.verification;
  const head = [
    '',
    '',
    `search (${runText(c.search)})`,
    '',
    ...(v === null ? [] : [`verification (${runText(v)})`, '']),
  ];
  const rows = c.search.targets.map((t, i) => {
    const w = v?.targets[i];
    const binds = (w ?? t).binds ? 'binds' : '';
    return [
      t.target,
      t.source,
      valueText(t),
      verdictText(t),
      ...(w === undefined ? [] : [valueText(w), verdictText(w)]),
      binds,
    ];
  });
  if (v === null) rows.push(['', '', '', '(not verified)']);
  return columns([head, ...rows]);
}

function rankingText(doc: Recommendation, c: Configuration): string {
  return doc.ranking.metrics
    .map(({ metric }) => `${metric} ${formatMetric(c.ranking[metric] ?? Number.NaN, metricUnit(metric))}`)
    .join(', ');
}

function costLines(doc: Recommendation): string[] {
  const c = doc.counts;
  const lines = [
    `Searched ${doc.dimensions.map((d) => `${d.path} (${d.candidates[0]}..${d.candidates[d.candidates.length - 1]}, ${d.candidates.length} values)`).join(', ')}.`,
    `${c.simulated} points simulated (${c.confirmed} rerun until decided, ${c.verified} verified), ${c.pruned} pruned by closed forms without simulating, ${doc.rounds} refinement round${doc.rounds === 1 ? '' : 's'} after the coarse grid.`,
  ];
  if (c.prunedThenSimulated > 0) {
    lines.push(
      `${c.prunedThenSimulated} pruned points were simulated after all: nothing was feasible, and the closest configuration is chosen among simulated points only.`,
    );
  }
  const capped = doc.points.filter((p) => p.status === 'undecided' && (p.actions ?? 0) >= doc.search.maxActions);
  if (capped.length > 0) {
    const needed = capped.map((p) => p.needed ?? Infinity);
    const most = maxOf(needed);
    lines.push(
      `${capped.length} point${capped.length === 1 ? '' : 's'} left undecided at --max-actions ${formatCount(doc.search.maxActions)}` +
        (Number.isFinite(most) ? `; up to about ${formatCount(most)} actions would decide them.` : '.'),
    );
  }
  for (const r of doc.pruning) lines.push(`  pruned ${r.points} (they break ${r.target}): ${r.why}`);
  return lines;
}
