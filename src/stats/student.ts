// Student's t: the interval of a mean over a few independent replications, whose spread
// is estimated from the replications themselves.
import type { Interval } from '../model/result.js';
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
