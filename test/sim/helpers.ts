// Shared by the simulator tests: scenarios edited from the defaults, and checks of a value
// against a 95% interval the run reported or one computed from a binomial count.
import { expect } from 'vitest';
import { standardNormalQuantile } from '../../src/stats/normal.js';
import { defaultScenario } from '../../src/model/scenario.js';
import type { Scenario } from '../../src/model/scenario.js';
import { metricValue } from '../../src/model/metrics.js';
import type { DetailedRunResult, Interval, RunResult, TracedAction } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { clopperPearson } from '../../src/stats/exact.js';

/** A deep copy of the defaults with `edit` applied. */
export function scenarioWith(edit: (s: Scenario) => void): Scenario {
  const s = structuredClone(defaultScenario());
  edit(s);
  return s;
}

/** The run's 95% interval for a dotted metric name; a missing one fails the test. */
export function reported(result: RunResult, name: string): Interval {
  const interval = result.intervals[name];
  if (interval === undefined) throw new Error(`the run reported no interval for ${name}`);
  return interval;
}

const Z95 = 1.959963984540054;

/**
 * Exact (Clopper-Pearson) interval for k successes in n trials: 95%, or Bonferroni's
 * 1 - 0.05 / family when the test makes `family` such checks (see below).
 */
export function share95(k: number, n: number, family = 1): Interval {
  const interval = clopperPearson(k, n, 0.025 / family);
  if (interval === null) throw new Error(`no share: ${k} of ${n}`);
  return interval;
}

/**
 * The run's reported 95% interval for `name` rescaled to Bonferroni's 1 - 0.05 / family
 * level, around the reported value. A test that makes `family` checks at 95% each would
 * fail by chance with probability up to 1 - 0.95^family (a grid of 60 checks: about 95%);
 * rescaling keeps the whole test's false-alarm rate at 5% under any dependence between
 * checks. The half-width is taken from the upper side (value to high), which is never
 * clamped (lower bounds of non-negative means stop at 0), so it is the reported 1.96 se.
 * It is derived from the reported interval alone, not chosen by hand.
 */
export function familyInterval(result: RunResult, name: string, family: number): Interval {
  const value = metricValue(result.metrics, name);
  const half = (reported(result, name).high - value) * (standardNormalQuantile(1 - 0.025 / family) / Z95);
  return { low: value - half, high: value + half };
}

// Only floating-point rounding: a closed form such as x - (1 - (1 - x)) may come out as
// -1e-17 where the run's interval is exactly [0, 0]. Statistical intervals are far wider.
const ROUNDING = 1e-9;

/** Fails unless `value` lies in `interval` (ends included, up to rounding). */
export function expectInside(value: number, interval: Interval, what: string): void {
  const slack = ROUNDING * Math.max(1, Math.abs(value));
  const message = `${what}: expected ${value} inside the 95% interval [${interval.low}, ${interval.high}]`;
  expect(value, message).toBeGreaterThanOrEqual(interval.low - slack);
  expect(value, message).toBeLessThanOrEqual(interval.high + slack);
}

/** Every action of a run of `s`, traced attempt by attempt. */
export function traced(s: Scenario): TracedAction[] {
  const result = simulate(s, { trace: { mode: 'first', actions: s.actions } }) as DetailedRunResult;
  return result.detail.trace;
}

/** The intervals are disjoint, `low` entirely below `high`: a difference the data shows. */
export function below(low: Interval, high: Interval): void {
  expect(low.high, `[${low.low}, ${low.high}] below [${high.low}, ${high.high}]`).toBeLessThan(high.low);
}
