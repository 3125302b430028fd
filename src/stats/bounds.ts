// A bound on a metric and the one rule every command judges it by: the `expect:` bounds
// that `check` tests and the targets `recommend` searches for. A bound is judged on the
// metric's 95% interval: it passes when the whole interval meets it, fails when none of
// the interval does, and is undecided when the interval straddles the limit (more actions
// would decide it). A metric without an interval (a count, a maximum: what the run saw,
// not an estimate) passes or fails on its value. A metric the run did not measure ("n/a")
// fails every bound, whichever side: nothing is known about it, so nothing is shown to hold.
// A quantile past the latency histogram's top (open-ended, at least 2^44 ms) is measured:
// its interval from 2^44 ms up fails a maximum below that and meets a minimum.
import { carriedBy } from '../model/features.js';
import { METRIC_NAMES, hasInterval, metricInfo, metricUnit } from '../model/metrics.js';
import { EVERY_GROUP, type Carried, type Unit } from '../model/metric-types.js';
import type { Interval, RunResult } from '../model/result.js';
import type { Bound, Scenario } from '../model/scenario.js';
import { HISTOGRAM_LIMIT_MS, isOpenEnded } from './histogram.js';
import { Verdict, type CheckRow, type Judged, type Op, type Target } from '../model/bounds.js';

/** An upper bound (`<=`, `<`) is judged on an interval's high end, a lower one on its low end. */
export const isUpper = (op: Op): boolean => op === '<=' || op === '<';

/**
 * `carried`: the optional metric groups the run's scenario reports; a metric of a group it
 * does not carry was not measured (its zero is a placeholder).
 */
export function judge(target: Target, result: RunResult, carried: Carried = EVERY_GROUP): Judged {
  const unmeasured = whyUnmeasured(result, target.metric, carried);
  if (unmeasured !== undefined) {
    return { value: Number.NaN, interval: null, verdict: Verdict.fail, margin: -Infinity, unmeasured };
  }
  const value = valueOf(result, target.metric) as number;
  const interval = result.intervals[target.metric] ?? null;
  const margin = marginOf(target, value);
  if (interval === null)
    return { value, interval, verdict: meets(target, value) ? Verdict.pass : Verdict.fail, margin };
  const [far, near] = isUpper(target.op) ? [interval.high, interval.low] : [interval.low, interval.high];
  if (meets(target, far)) return { value, interval, verdict: Verdict.pass, margin };
  if (!meets(target, near)) return { value, interval, verdict: Verdict.fail, margin };
  return {
    value,
    interval,
    verdict: Verdict.undecided,
    margin,
    needed: actionsToDecide(target, value, interval, result.metrics.actions),
  };
}

/**
 * Why the run gives no value of the metric to judge ("n/a"), or undefined when it gives
 * one. The simulator writes 0 where it had nothing to measure (a 409 rate with no key
 * looked up, a latency with no call finished), and a saved or merged result may hold
 * null, NaN or Infinity; none of those is a measurement a bound could hold on.
 */
export function whyUnmeasured(result: RunResult, metric: string, carried: Carried = EVERY_GROUP): string | undefined {
  const info = metricInfo(metric);
  if (info?.group !== undefined && !carried[info.group]) {
    const uses = {
      extended: 'optional feature (a crash, lease, check, incident, profile or real client)',
      clients: 'retry throttle, budget or hedge',
      layers: 'retry layer (client.layers)',
      handlers:
        'failing execution or handler setting (service.failure, keys.errors, keys.mismatchStatus, keys.fingerprintWhileRunning)',
    }[info.group];
    return `not measured: the scenario uses no ${uses}, so its runs do not report ${metric}`;
  }
  const value = valueOf(result, metric);
  if (value === undefined) return 'not measured: the run reports no value for it';
  const interval = result.intervals[metric];
  // A quantile past the histogram's top, its interval starting there, is measured: known
  // to be at least 2^44 ms.
  const open = isOpenEnded(metric, value) && interval !== undefined && interval.low >= HISTOGRAM_LIMIT_MS;
  if (!Number.isFinite(value) && !open) return `not finite: the run reports ${String(value)}`;
  if (interval !== undefined && !finiteInterval(interval)) {
    return `not finite: its 95% interval is [${String(interval.low)}, ${String(interval.high)}]`;
  }
  const evidence = EVIDENCE.find((e) => e.metric.test(metric));
  if (evidence !== undefined && !evidence.measured(result, metric)) return `not measured: ${evidence.why}`;
  return undefined;
}

/**
 * A finite interval, or one open above (a quantile beyond a short run's observations, a
 * mean of one observation): its point estimate is still a measurement, and the open end
 * leaves a maximum undecided rather than failed.
 */
function finiteInterval({ low, high }: Interval): boolean {
  return Number.isFinite(low) && (Number.isFinite(high) || high === Infinity);
}

/** The number at a dotted name; undefined where the result holds none (a saved file may hold null). */
function valueOf(result: RunResult, metric: string): number | undefined {
  let node: unknown = result.metrics;
  for (const part of metric.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'number' ? node : undefined;
}

const hasOwnInterval = (result: RunResult, metric: string): boolean => result.intervals[metric] !== undefined;

/**
 * What shows a metric was measured when its value alone cannot: an estimate's interval
 * (absent when there was nothing to estimate from), the quantiles beside a maximum, a
 * key the store held.
 */
const EVIDENCE: readonly { metric: RegExp; why: string; measured: (r: RunResult, metric: string) => boolean }[] = [
  {
    metric: /^(conflictRate|mismatchRate|dedupHitRate)$/,
    why: 'no attempt had its key looked up (no key, or no attempt reached the service)',
    measured: hasOwnInterval,
  },
  {
    metric: /^latency\.(call|step)\./,
    why: 'no call or step finished in this run',
    // A maximum has no interval of its own: the median's says whether anything finished.
    measured: (r, metric) => hasOwnInterval(r, hasInterval(metric) ? metric : metric.replace(/\.max$/, '.p50')),
  },
  { metric: /^keyStore\.steadyState/, why: 'no key was claimed in this run', measured: hasOwnInterval },
  {
    metric: /^keyStore\.peakKeysAt$/,
    why: 'the key store never held a key',
    measured: (r) => (valueOf(r, 'keyStore.peakKeys') ?? 0) > 0,
  },
  { metric: /^service\.queueWait\./, why: 'nothing was executed in this run', measured: hasOwnInterval },
  {
    metric: /./,
    why: 'nothing in this run to estimate it from',
    measured: (r, metric) => !hasInterval(metric) || hasOwnInterval(r, metric),
  },
];

/** Whether a value meets the target. */
export function meets(target: Target, x: number): boolean {
  const { op, limit } = target;
  return op === '<=' ? x <= limit : op === '<' ? x < limit : op === '>=' ? x >= limit : x > limit;
}

/** How far a value is inside (positive) or outside (negative) the target, relative; see `scaleOf`. */
export function marginOf(target: Target, x: number): number {
  return (isUpper(target.op) ? target.limit - x : x - target.limit) / scaleOf(target);
}

/**
 * About how many actions would shrink the interval's side facing the limit to the
 * distance between value and limit. A side of zero count shrinks as 1 / actions (the
 * exact interval's upper end at zero is 3.69 / actions), any other as 1 / sqrt(actions).
 */
export function actionsToDecide(target: Target, value: number, interval: Interval, actions: number): number {
  const gap = Math.abs(value - target.limit);
  if (gap === 0 || actions <= 0) return Infinity;
  const side = value <= target.limit ? interval.high - value : value - interval.low;
  return actionsForHalfWidth(side, gap, value === 0 && interval.low === 0, actions);
}

/**
 * Actions for an interval side of `side` at `actions` actions to shrink to `goal`; NaN when
 * the side is still open (a quantile beyond the observations): more would do, how many is unknown.
 */
export function actionsForHalfWidth(side: number, goal: number, zeroCount: boolean, actions: number): number {
  if (side <= goal) return actions;
  if (goal <= 0) return Infinity;
  if (side === Infinity) return Number.NaN;
  const ratio = side / goal;
  return Math.ceil(actions * (zeroCount ? ratio : ratio * ratio));
}

/**
 * A margin is relative to the limit, so that 1 ms past a 5 s bound and 0.05 past a 0.1 per
 * thousand bound compare sensibly; a zero limit (`lostPerThousand<=0`) uses a floor in the
 * metric's unit instead.
 */
export function scaleOf(target: Target): number {
  return Math.max(Math.abs(target.limit), FLOOR[metricUnit(target.metric)]);
}

const FLOOR: Readonly<Record<Unit, number>> = {
  count: 1,
  keys: 1,
  perThousand: 0.1,
  perAction: 0.01,
  ratio: 0.001,
  ms: 1,
  bytes: 1000,
};

/** An `expect:` block as targets, in catalogue order: each metric's min (`>=`), then its max (`<=`). */
export function expectTargets(expect: Readonly<Record<string, Bound>>): Target[] {
  const targets: Target[] = [];
  for (const metric of METRIC_NAMES) {
    const bound = expect[metric];
    if (bound === undefined) continue;
    if (bound.min !== undefined) targets.push(expectTarget(metric, '>=', bound.min));
    if (bound.max !== undefined) targets.push(expectTarget(metric, '<=', bound.max));
  }
  return targets;
}

function expectTarget(metric: string, op: Op, limit: number): Target {
  return { metric, op, limit, text: `${metric}${op}${limit}`, source: 'expect' };
}

/**
 * The targets of a search: the file's `expect:` bounds, then the flags. A flag on a metric
 * replaces every bound the file gives that metric (so a flag can loosen a file's bound).
 */
export function mergeTargets(expect: Readonly<Record<string, Bound>>, flags: readonly Target[]): Target[] {
  const flagged = new Set(flags.map((t) => t.metric));
  return [...expectTargets(expect).filter((t) => !flagged.has(t.metric)), ...flags];
}

/** Every `expect:` bound of the scenario judged on its run, in catalogue order. */
export function checkExpect(scenario: Scenario, result: RunResult): CheckRow[] {
  const carried = carriedBy(scenario);
  return expectTargets(scenario.expect).map((target) => ({
    scenario: scenario.name,
    metric: target.metric,
    unit: metricUnit(target.metric),
    bound: isUpper(target.op) ? 'max' : 'min',
    limit: target.limit,
    actions: result.metrics.actions,
    ...judge(target, result, carried),
  }));
}
