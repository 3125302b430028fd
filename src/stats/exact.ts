// Intervals for counted things whose coverage holds at zero, at a handful and at
// thousands: the exact Poisson (Garwood) interval for counts per action, the exact binomial
// (Clopper-Pearson) interval for shares. Both are widened by the measured dispersion when
// events come in clusters (one action retried three times, one action's 409s), and both
// become the normal interval mean +- 1.96 s / sqrt(n) once the count is large.
import type { Interval } from '../model/result.js';
import { betaQuantile, gammaQuantile } from './quantiles.js';
import type { Welford } from './welford.js';
import { hypot } from './libm.js';

/** Two-sided 95%: each tail 2.5%. */
export const TAIL = 0.025;

/**
 * Garwood's exact interval for the mean of a Poisson count k, on an effective count: k
 * events with variance `dispersion * k` are worth k / dispersion independent ones, and the
 * interval on those is scaled back. k = 0 gives [0, 3.69 * dispersion].
 */
export function poissonInterval(k: number, dispersion = 1, tail = TAIL): Interval {
  const effective = k / dispersion;
  const low = effective > 0 ? gammaQuantile(tail, effective, 1) : 0;
  const high = gammaQuantile(1 - tail, effective + 1, 1);
  return { low: low * dispersion, high: high * dispersion };
}

/**
 * Clopper-Pearson's exact interval for a share: k of n, on an effective sample of n /
 * designEffect trials (Korn and Graubard's adjustment for clustered trials). Null when
 * k is no share of n. `tail`: the probability left out on each side (0.025 for 95%).
 */
export function clopperPearson(k: number, n: number, tail = TAIL, designEffect = 1): Interval | null {
  if (!(n > 0 && k >= 0 && k <= n)) return null;
  const trials = n / designEffect;
  const successes = k / designEffect;
  const failures = trials - successes;
  return {
    low: successes > 0 ? betaQuantile(tail, successes, failures + 1) : 0,
    high: failures > 0 ? betaQuantile(1 - tail, successes + 1, failures) : 1,
  };
}

/**
 * The interval of a mean of non-negative whole counts per action (duplicates, lost,
 * unknown outcomes), scaled by `scale`: Garwood on the total count with its dispersion
 * (variance over mean, from the per-action values). Null when nothing was measured.
 */
export function countMeanInterval(counts: Welford, scale = 1): Interval | null {
  const n = counts.n;
  if (n === 0) return null;
  const total = counts.mean * n;
  if (total === 0 || counts.variance === 0) return sameEverywhere(counts.mean, n, scale);
  const { low, high } = poissonInterval(total, counts.variance / counts.mean);
  return { low: (low / n) * scale, high: (high / n) * scale };
}

/** The 95% upper bound of a count that saw no event (Garwood): about 3.69. */
export const ZERO_EVENTS_HIGH = poissonInterval(0).high;

/** The rate per `scale` actions a run of `actions` actions cannot tell from none: ZERO_EVENTS_HIGH / actions. */
export function zeroEventRate(actions: number, scale = 1): number {
  return (scale * ZERO_EVENTS_HIGH) / Math.max(1, actions);
}

/**
 * Every action gave the same value c: an action giving another value is a rare event not
 * yet seen, so by Garwood at zero its rate is at most 3.69 / n, in either direction.
 */
function sameEverywhere(value: number, n: number, scale: number): Interval {
  const rare = zeroEventRate(n);
  return { low: Math.max(0, value - rare) * scale, high: (value + rare) * scale };
}

/**
 * The interval of a per-action mean of counts that sit at a usual value (one attempt, one
 * execution): the excess above it and the shortfall below it are each a count of rare
 * events with its own exact interval, combined by the method of variance estimates
 * recovery (Newcombe's MOVER) into one for usual + excess - shortfall. Null shortfall:
 * the count never falls below its usual value.
 */
export function offsetCountInterval(usual: number, excess: Welford, shortfall: Welford | null): Interval | null {
  const up = countMeanInterval(excess);
  if (up === null) return null;
  // A count that cannot fall below its usual value (every action sends an attempt) has no shortfall.
  const down = shortfall === null ? { low: 0, high: 0 } : countMeanInterval(shortfall);
  if (down === null) return null;
  const below = shortfall?.mean ?? 0;
  const value = usual + excess.mean - below;
  return {
    low: Math.max(0, value - hypot(excess.mean - up.low, down.high - below)),
    high: value + hypot(up.high - excess.mean, below - down.low),
  };
}
