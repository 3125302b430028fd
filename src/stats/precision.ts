// Runs sized by what they must show: a precision goal per metric (the 95% interval's
// half-width, absolute or relative to the value) and bounds to decide, under a cap on
// actions. Pure rules: whether a result is precise or decided enough, and about how many
// actions would make it so. The loop that simulates is src/sim/sized.ts.
import { Verdict } from '../model/bounds.js';
import { actionsForHalfWidth, judge } from './bounds.js';
import { metricValue } from '../model/metrics.js';
import type { RunResult } from '../model/result.js';
import { Stop, type PrecisionGoal, type Sizing } from '../model/precision.js';
import { maxOf } from './extent.js';

/** The interval's larger side around the value; Infinity when the metric has no interval. */
function halfWidth(result: RunResult, metric: string): { value: number; side: number; zeroCount: boolean } {
  const value = metricValue(result.metrics, metric);
  const interval = result.intervals[metric];
  if (interval === undefined) return { value, side: Infinity, zeroCount: false };
  return {
    value,
    side: Math.max(interval.high - value, value - interval.low),
    zeroCount: value === 0 && interval.low === 0,
  };
}

/** The half-width a goal asks for at this value (relative goals scale with it). */
function goalWidth(goal: PrecisionGoal, value: number): number {
  return goal.relative ? goal.halfWidth * Math.abs(value) : goal.halfWidth;
}

export function precise(goal: PrecisionGoal, result: RunResult): boolean {
  const { value, side } = halfWidth(result, goal.metric);
  return side <= goalWidth(goal, value);
}

/**
 * Actions in all for this goal: Infinity when none would do (the metric has no interval in
 * this run), NaN when it cannot be estimated yet (a relative width of a value of 0).
 */
export function actionsForGoal(goal: PrecisionGoal, result: RunResult): number {
  const { value, side, zeroCount } = halfWidth(result, goal.metric);
  if (!Number.isFinite(side)) return Infinity;
  if (goal.relative && value === 0) return Number.NaN;
  return actionsForHalfWidth(side, goalWidth(goal, value), zeroCount, result.metrics.actions);
}

/** Actions for all of several needs: Infinity if one can never be met, NaN if one cannot be estimated. */
function all(needs: readonly number[]): number {
  if (needs.some((n) => n === Infinity)) return Infinity;
  if (needs.some((n) => Number.isNaN(n))) return Number.NaN;
  return maxOf(needs);
}

/** Actions for the first of two ways to stop: finite beats unknown (NaN), which beats never. */
function first(a: number, b: number): number {
  if (Number.isFinite(a) || Number.isFinite(b))
    return Math.min(Number.isFinite(a) ? a : Infinity, Number.isFinite(b) ? b : Infinity);
  return Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : Infinity;
}

/**
 * Whether this result is enough, and if not about how many actions would be: it is
 * enough when every precision goal is met, or (with bounds to decide) when every bound is
 * decided. With neither goals nor bounds, any result is enough.
 */
export function sizingVerdict(sizing: Sizing, result: RunResult): { stop: Stop | null; needed: number } {
  const n = result.metrics.actions;
  const { goals, decide } = sizing;
  if (goals.length > 0 && goals.every((g) => precise(g, result))) return { stop: Stop.precision, needed: n };
  const judged = decide.map((t) => judge(t, result));
  if (decide.length > 0 && judged.every((j) => j.verdict !== Verdict.undecided))
    return { stop: Stop.decided, needed: n };
  if (goals.length === 0 && decide.length === 0) return { stop: Stop.precision, needed: n };
  // Whichever way would stop first: all goals met, or all bounds decided.
  const forGoals = goals.length > 0 ? all(goals.map((g) => actionsForGoal(g, result))) : Infinity;
  const forBounds = decide.length > 0 ? all(judged.map((j) => j.needed ?? n)) : Infinity;
  const needed = first(forGoals, forBounds);
  return needed === Infinity ? { stop: Stop.never, needed } : { stop: null, needed };
}

/**
 * The next run size: what the estimate says with a 20% margin, at least twice this one
 * (each round starts again from the seed, so small steps cost more than they save), at
 * most the cap, rounded up to two significant digits so that it reads like a number a
 * person would pass to --actions.
 */
export function nextActions(current: number, needed: number, cap: number): number {
  const wanted = Math.max(2 * current, Number.isFinite(needed) ? needed * 1.2 : 16 * current);
  return Math.min(cap, roundUp(wanted));
}

function roundUp(x: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(x)) - 1);
  return Math.ceil(x / unit) * unit;
}
