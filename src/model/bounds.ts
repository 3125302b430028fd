// A bound on a metric and the one pass/fail rule every command applies to it: the
// `expect:` bounds that `check` tests and the targets `recommend` searches for. A bound is
// judged on the point estimate, or (strict) on the far end of the 95% interval; a metric
// without an interval (a count) is judged on its value either way.
import { METRIC_NAMES, metricUnit, metricValue, type Unit } from './metrics.js';
import type { Interval, RunResult } from './result.js';
import type { Bound, Scenario } from './scenario.js';

export const Op = { '<=': '<=', '>=': '>=', '<': '<', '>': '>' } as const;
export type Op = keyof typeof Op;

/** A bound one metric must meet, in the metric's normalized unit (ms, bytes, ratio, per thousand). */
export interface Target {
  metric: string;
  op: Op;
  limit: number;
  /** As the user wrote it, for messages: `duplicatesPerThousand<=0.1`. */
  text: string;
  /** A `--target` flag, or a bound of the scenario's `expect:` block. */
  source: 'flag' | 'expect';
}

/** One target judged on one run. */
export interface Judged {
  value: number;
  interval: Interval | null;
  /** What was compared with the limit: the value, or the interval's far end (strict). */
  compared: number;
  pass: boolean;
  /**
   * Distance to the limit on the metric's scale: positive inside the bound (slack),
   * negative outside it (violation). See `scaleOf`.
   */
  margin: number;
}

/** An upper bound (`<=`, `<`) is judged on an interval's high end, a lower one on its low end. */
export const isUpper = (op: Op): boolean => op === '<=' || op === '<';

export function judge(target: Target, result: RunResult, strict: boolean): Judged {
  const value = metricValue(result.metrics, target.metric);
  const interval = result.intervals[target.metric] ?? null;
  const compared = strict && interval !== null ? (isUpper(target.op) ? interval.high : interval.low) : value;
  return { value, interval, compared, ...passAndMargin(target, compared) };
}

/** Whether `compared` meets the target, and by how much (relative; see `scaleOf`). */
export function passAndMargin(target: Target, compared: number): { pass: boolean; margin: number } {
  const { op, limit } = target;
  const pass =
    op === '<='
      ? compared <= limit
      : op === '<'
        ? compared < limit
        : op === '>='
          ? compared >= limit
          : compared > limit;
  const margin = (isUpper(op) ? limit - compared : compared - limit) / scaleOf(target);
  return { pass, margin };
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

/** One `expect:` bound of one scenario, judged: a row of `idemsim check`. */
export interface CheckRow extends Judged {
  scenario: string;
  metric: string;
  unit: Unit;
  bound: 'min' | 'max';
  limit: number;
}

/** Every `expect:` bound of the scenario judged on its run, in catalogue order. */
export function checkExpect(scenario: Scenario, result: RunResult, strict: boolean): CheckRow[] {
  return expectTargets(scenario.expect).map((target) => ({
    scenario: scenario.name,
    metric: target.metric,
    unit: metricUnit(target.metric),
    bound: isUpper(target.op) ? 'max' : 'min',
    limit: target.limit,
    ...judge(target, result, strict),
  }));
}
