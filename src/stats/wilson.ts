// The Wilson score interval for a share counted in a run: k successes in n trials. Unlike
// the normal approximation it stays sound at k = 0 and k = n (it never collapses to a
// point), which is where shares of rare events live.
import type { Interval } from '../model/result.js';
import { Z975 } from './welford.js';

/**
 * Wilson score interval for k successes in n trials, at 95% (or at the confidence whose
 * two-sided z is given); null when k is no share of n (n = 0, or k outside 0..n).
 */
export function wilson(k: number, n: number, z: number = Z975): Interval | null {
  if (!(n > 0 && k >= 0 && k <= n)) return null;
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 (k = n) the bound is 0 (1) exactly; floating point leaves a hair above (below).
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}
