// Which lognormal service time, median * exp(sigma * Z), matches latencies seen in
// production: from a few percentiles (a dashboard's p50 and p99) or from a sample of calls.
import { mean } from 'simple-statistics';
import { standardNormalQuantile } from '../stats/normal.js';

/** The percentiles `fit-latency` takes, by option name, as probabilities. */
export const PERCENTILES = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99, p999: 0.999 } as const;
export type PercentileName = keyof typeof PERCENTILES;

/** A latency (ms) observed at probability p. */
export interface Observed {
  p: number;
  observed: number;
}

export interface PercentileError extends Observed {
  fitted: number;
  /** (fitted - observed) / observed. */
  relativeError: number;
}

export type FitMethod = 'exact' | 'least-squares' | 'maximum-likelihood';

export interface LognormalFit {
  /** ms */
  median: number;
  sigma: number;
  method: FitMethod;
  percentiles: PercentileError[];
}

/** Two percentiles that decrease as p grows: no lognormal (sigma >= 0) has them. */
export interface Decreasing {
  kind: 'decreasing';
  lower: Observed;
  upper: Observed;
}

/**
 * z_p, made odd about p = 0.5: the erf fit under standardNormalQuantile is odd but not 0 at
 * 0, so its z_0.5 is about -4e-8 and a fitted median would be 300 * (1 - 2e-8). Averaging
 * with -z_(1-p) makes z_0.5 exactly 0 and moves no other z by more than the bisection's 1e-12.
 */
function zOf(p: number): number {
  return (standardNormalQuantile(p) - standardNormalQuantile(1 - p)) / 2;
}

/** The latency at probability p of median * exp(sigma * Z). */
export function lognormalQuantile(median: number, sigma: number, p: number): number {
  return median * Math.exp(sigma * zOf(p));
}

function errors(median: number, sigma: number, observed: readonly Observed[]): PercentileError[] {
  return observed.map(({ p, observed: q }) => {
    const fitted = lognormalQuantile(median, sigma, p);
    return { p, observed: q, fitted, relativeError: (fitted - q) / q };
  });
}

/**
 * The lognormal through percentiles (positive ms, distinct p): ln q_p = ln median + sigma z_p.
 * Two percentiles determine the line exactly; with more, it is the least-squares line of
 * ln q_p on z_p (errors weighed equally in log space, so relative errors, not absolute
 * ones, are balanced between p50 and p99.9). Percentiles that decrease as p grows have no
 * fit with sigma >= 0 and are returned as `Decreasing`.
 */
export function fitPercentiles(given: readonly Observed[]): LognormalFit | Decreasing {
  if (given.length < 2) throw new RangeError('fitPercentiles: needs two or more percentiles');
  const sorted = [...given].sort((a, b) => a.p - b.p);
  for (let i = 1; i < sorted.length; i++) {
    const lower = sorted[i - 1] as Observed;
    const upper = sorted[i] as Observed;
    if (upper.observed < lower.observed) return { kind: 'decreasing', lower, upper };
  }
  const z = sorted.map((o) => zOf(o.p));
  const y = sorted.map((o) => Math.log(o.observed));
  // Centred sums, not n*Sxy - Sx*Sy: the latter cancels catastrophically when the z are close.
  const zBar = mean(z);
  const yBar = mean(y);
  let szz = 0;
  let szy = 0;
  for (let i = 0; i < z.length; i++) {
    const dz = (z[i] as number) - zBar;
    szz += dz * dz;
    szy += dz * ((y[i] as number) - yBar);
  }
  // Non-decreasing y against increasing z has szy >= 0 (Chebyshev's sum inequality); max()
  // only clears a -0.
  const sigma = Math.max(0, szy / szz);
  const median = Math.exp(yBar - sigma * zBar);
  return {
    median,
    sigma,
    method: sorted.length === 2 ? 'exact' : 'least-squares',
    percentiles: errors(median, sigma, sorted),
  };
}

/** The value of nearest rank: the smallest x with at least a fraction p of the sample <= x. */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  // The 1e-9 keeps a product such as 0.29 * 100 = 28.999999999999996 from losing a rank.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length - 1e-9)));
  return sorted[rank - 1] as number;
}

/**
 * The maximum-likelihood lognormal of a sample (positive finite ms, two or more): ln median
 * is the mean of the logs and sigma their standard deviation with divisor n (the MLE, not
 * the n-1 sample estimate; at the sample sizes worth fitting the two differ by under 1/(2n)).
 * Two passes over the sample, the second summing squared deviations from the first's mean,
 * so no array of logs is built and no sum of squares cancels. The fit's error is reported
 * at each of `at` against the sample's nearest-rank quantiles.
 */
export function fitSample(values: ArrayLike<number>, at: readonly number[]): LognormalFit {
  const n = values.length;
  if (n < 2) throw new RangeError('fitSample: needs two or more values');
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.log(values[i] as number);
  const lnMedian = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.log(values[i] as number) - lnMedian;
    squares += d * d;
  }
  const median = Math.exp(lnMedian);
  const sigma = Math.sqrt(squares / n);
  const sorted = new Float64Array(values).sort();
  const observed = at.map((p) => ({ p, observed: nearestRank(sorted, p) }));
  return { median, sigma, method: 'maximum-likelihood', percentiles: errors(median, sigma, observed) };
}
