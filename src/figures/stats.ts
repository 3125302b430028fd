// The two pieces of arithmetic the figures need beyond src/analytic: a binomial interval
// for shares counted in a run, and scope `none` with crash replays on top of re-plans.
import { scopeNoneExpectations, type ScopeNoneInput } from '../analytic/index.js';
import type { Interval } from '../model/result.js';
import { Z975 } from '../stats/welford.js';

/**
 * Wilson score interval for k successes in n trials at 95% (or z): sound at k = 0 and
 * k = n, where the normal approximation collapses to a point.
 */
export function wilson(k: number, n: number, z = Z975): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Expected duplicates per action for scope `none` when each action's step also crashes
 * with probability c (at most once) and is replayed as a whole new segment. Under scope
 * `none` the replay is an independent copy of the step: commits add up, E = (1 + c) E_seg,
 * and the action is lost only if every segment it ran committed nothing. Same exactness
 * conditions as scopeNoneExpectations (no deadline, unlimited concurrency).
 */
export function scopeNoneDuplicatesWithReplays(input: ScopeNoneInput, crash: number): number {
  const segment = scopeNoneExpectations(input);
  const lost = segment.lost * (1 - crash + crash * segment.lost);
  return (1 + crash) * segment.executions - (1 - lost);
}
