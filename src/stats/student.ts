// Student's t: the interval of a mean over a few independent replications, whose spread
// is estimated from the replications themselves.
import type { Interval } from '../model/result.js';
import { incompleteBeta } from './incomplete-beta.js';
import { standardNormalQuantile, standardNormalUpperTail } from './normal.js';
import { betaQuantile } from './quantiles.js';

/**
 * The upper p-quantile (p > 0.5) of Student's t with `df` degrees of freedom, through the
 * beta distribution: for T ~ t(df), df / (df + T^2) ~ Beta(df/2, 1/2), so
 * P(|T| > t) = I(df / (df + t^2); df/2, 1/2).
 */
export function studentQuantile(p: number, df: number): number {
  const x = betaQuantile(2 * (1 - p), df / 2, 0.5);
  return Math.sqrt((df * (1 - x)) / x);
}

/**
 * The 95% interval of the mean of `values` (independent replications of one quantity):
 * mean +- t(0.975, n - 1) s / sqrt(n). Null below two values or with a non-finite one.
 */
export function replicationInterval(values: readonly number[]): Interval | null {
  const n = values.length;
  if (n < 2 || !values.every(Number.isFinite)) return null;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1);
  const half = studentQuantile(0.975, n - 1) * Math.sqrt(variance / n);
  return { low: mean - half, high: mean + half };
}

/**
 * P(T > t) for T ~ t(df): half of I(df / (df + t^2); df/2, 1/2) above 0, its complement
 * below. df = Infinity is the standard normal's tail.
 */
export function studentUpperTail(t: number, df: number): number {
  if (!Number.isFinite(df)) return standardNormalUpperTail(t);
  if (Number.isNaN(t)) return Number.NaN;
  const half = incompleteBeta(df / 2, 0.5, df / (df + t * t)).lower / 2;
  return t >= 0 ? half : 1 - half;
}

/** The upper p-quantile of t(df) for any p in (0, 1); df = Infinity is the standard normal's. */
export function studentQuantileAt(p: number, df: number): number {
  if (p === 0.5) return 0;
  if (!Number.isFinite(df)) return standardNormalQuantile(p);
  return p > 0.5 ? studentQuantile(p, df) : -studentQuantile(1 - p, df);
}
