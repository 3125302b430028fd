// Guards: bounds recommend adds on its own so that an answer to "fewer duplicates" does
// no harm the user did not ask about. Unknown outcomes, lost actions and false failures
// no worse than the scenario as given (the upper end of its 95% interval, from a run of
// the scenario at the most actions a point may reach), and the step p95 within the
// scenario's `client.deadline` when one is set. Where the scenario saw none, the guard
// states its tolerance: the rate a search run cannot tell from none (3.69 events in its
// actions), so that candidates as good as the scenario pass on their intervals, whichever
// of them happened to see an event. A target on the same metric replaces a guard;
// `--skip-guard METRIC` drops one.
import type { Target } from '../model/bounds.js';
import { formatCount } from '../format/format.js';
import { metricValue } from '../model/metrics.js';
import type { GuardRow } from '../model/recommend.js';
import type { RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { durationLiteral } from '../scenario/units.js';
import { ZERO_EVENTS_HIGH, zeroEventRate } from '../stats/exact.js';

/** The metrics a guard may bound, in the order guards are listed. */
export const GUARD_METRICS = [
  'unknownPerThousand',
  'lostPerThousand',
  'falseFailuresPerThousand',
  'latency.step.p95',
] as const;

const NO_WORSE: readonly string[] = GUARD_METRICS.slice(0, 3);

export interface Guards {
  /** The guards in force, as targets (source 'guard'). */
  targets: Target[];
  /** Every guard considered, applied or not, for the output. */
  rows: GuardRow[];
}

/**
 * The guards for this scenario, from its run as given (`baseResult`), given the user's
 * targets and the guards they dropped.
 */
export function guardsFor(
  base: Scenario,
  baseResult: RunResult,
  userTargets: readonly Target[],
  skipped: readonly string[],
): Guards {
  const rows: GuardRow[] = [];
  const targets: Target[] = [];
  const add = (target: Target, why: string, base: GuardRow['base']): void => {
    const r = row(target, why, base, targeted, skipped);
    rows.push(r);
    if (r.status === 'applied') targets.push(target);
  };
  const targeted = new Set(userTargets.map((t) => t.metric));
  const actions = formatCount(baseResult.metrics.actions);
  for (const metric of NO_WORSE) {
    const value = metricValue(baseResult.metrics, metric);
    const interval = baseResult.intervals[metric] ?? null;
    if (value === 0) {
      // None seen: "no worse" at the as-given run's own bound would ask every candidate to
      // see none in as many actions, and which seed saw a zero would pick the answer.
      const limit = roundUp(Math.max(interval?.high ?? 0, zeroEventRate(base.actions, 1000)));
      const target = guardTarget(metric, limit, String(limit));
      const why = `none in the scenario as given (${actions} actions, seed ${String(base.seed)}); the guard allows up to ${String(limit)} per thousand, what a search run of ${formatCount(base.actions)} actions cannot tell from none (the 95% upper bound of zero events, ${ZERO_EVENTS_HIGH.toPrecision(3)} / ${formatCount(base.actions)}), and a candidate is judged on its own interval against it`;
      add(target, why, { value, interval });
      continue;
    }
    const limit = roundUp(interval?.high ?? value);
    const target = guardTarget(metric, limit, String(limit));
    const why = `no worse than the scenario as given: the upper end of its 95% interval (${actions} actions, seed ${String(base.seed)}), rounded up to 3 significant digits`;
    add(target, why, { value, interval });
  }
  const deadline = base.client.deadline;
  if (deadline !== 'none') {
    const target = guardTarget('latency.step.p95', deadline, durationLiteral(deadline));
    const why = "within the scenario's client.deadline";
    const value = metricValue(baseResult.metrics, target.metric);
    add(target, why, { value, interval: baseResult.intervals[target.metric] ?? null });
  }
  return { targets, rows };
}

function guardTarget(metric: string, limit: number, limitText: string): Target {
  return { metric, op: '<=', limit, text: `${metric}<=${limitText}`, source: 'guard' };
}

function row(
  target: Target,
  why: string,
  base: GuardRow['base'],
  targeted: ReadonlySet<string>,
  skipped: readonly string[],
): GuardRow {
  const status = targeted.has(target.metric)
    ? 'replaced'
    : skipped.includes(target.metric) || skipped.includes('all')
      ? 'skipped'
      : 'applied';
  const { metric, op, limit, text, source } = target;
  return { target: text, metric, op, limit, source, status, why, base };
}

/** Up to three significant digits, never below x: the guard's limit reads as it is written. */
function roundUp(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return x;
  const unit = 10 ** (Math.floor(Math.log10(x)) - 2);
  const up = Math.ceil(x / unit - 1e-9) * unit;
  return Number(up.toPrecision(3));
}
