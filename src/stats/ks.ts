// The two-sample Kolmogorov-Smirnov test: is one sample drawn from the same distribution as
// another? D is the largest gap between the two empirical distribution functions; its
// p-value is exact for small samples without ties (the lattice-path count of Hodges 1958, as
// R's psmirnov computes it) and otherwise the asymptotic Kolmogorov distribution at
// sqrt(nm / (n + m)) D, without a continuity correction: R's ks.test conventions, so its
// figures can be checked against R (and scipy's ks_2samp 'exact'; its 'asymp' is another
// approximation, the one-sample distribution at n = round(nm / (n + m))).
import { exp } from './libm.js';

/** Below this n x m (and with no ties), the p-value is exact: R's rule. */
const EXACT_BELOW = 10_000;

export interface KsResult {
  /** sup |F_a - F_b|, in [0, 1]. */
  d: number;
  /** P(D >= d) when both samples come from one continuous distribution (two-sided). */
  p: number;
  method: 'exact' | 'asymptotic';
}

/**
 * The two-sample test of `a` against `b`. `exact` forces the method; by default the p-value
 * is exact when a.length x b.length < 10,000 and no value occurs twice in the pooled
 * samples (with ties the exact count does not apply), asymptotic otherwise.
 */
export function ksTwoSample(a: ArrayLike<number>, b: ArrayLike<number>, exact?: boolean): KsResult {
  const x = sorted(a);
  const y = sorted(b);
  const d = statistic(x, y);
  const useExact = exact ?? (x.length * y.length < EXACT_BELOW && !hasTies(x, y));
  return useExact
    ? { d, p: smirnovP(d, x.length, y.length), method: 'exact' }
    : { d, p: kolmogorovQ(Math.sqrt((x.length * y.length) / (x.length + y.length)) * d), method: 'asymptotic' };
}

/** sup |F_a - F_b| of two samples: the largest gap between their empirical distribution functions. */
export function ksStatistic(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return statistic(sorted(a), sorted(b));
}

function sorted(values: ArrayLike<number>): Float64Array {
  if (values.length === 0) throw new RangeError('a Kolmogorov-Smirnov sample needs at least one value');
  const copy = Float64Array.from(values);
  if (copy.some((v) => Number.isNaN(v))) throw new RangeError('a Kolmogorov-Smirnov sample holds NaN');
  return copy.sort();
}

/** The gap is measured after every copy of a value, in both samples, has been counted. */
function statistic(x: Float64Array, y: Float64Array): number {
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i] as number, y[j] as number);
    while (i < x.length && x[i] === v) i += 1;
    while (j < y.length && y[j] === v) j += 1;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return d;
}

function hasTies(x: Float64Array, y: Float64Array): boolean {
  const pooled = new Float64Array(x.length + y.length);
  pooled.set(x);
  pooled.set(y, x.length);
  pooled.sort();
  for (let k = 1; k < pooled.length; k += 1) if (pooled[k] === pooled[k - 1]) return true;
  return false;
}

/**
 * P(D >= d) for samples of sizes m and n from one continuous distribution, exactly: one
 * minus the share of the C(m + n, m) orderings whose path keeps |i/m - j/n| < d (R's
 * psmirnov2x, whose weights i / (i + n) keep the running sums within [0, 1]).
 */
export function smirnovP(d: number, m: number, n: number): number {
  if (d <= 0) return 1;
  const [small, large] = m <= n ? [m, n] : [n, m];
  // D is a multiple of 1 / lcm(m, n): q lies halfway below d on that lattice, away from rounding.
  const q = (0.5 + Math.floor(d * small * large - 1e-7)) / (small * large);
  const u = new Float64Array(large + 1);
  for (let j = 0; j <= large; j += 1) u[j] = j / large > q ? 0 : 1;
  for (let i = 1; i <= small; i += 1) {
    const w = i / (i + large);
    u[0] = i / small > q ? 0 : w * (u[0] as number);
    for (let j = 1; j <= large; j += 1) {
      u[j] = Math.abs(i / small - j / large) > q ? 0 : w * (u[j] as number) + (u[j - 1] as number);
    }
  }
  return clamp01(1 - (u[large] as number));
}

/**
 * P(K > lambda) for the Kolmogorov distribution: 2 sum (-1)^(k-1) exp(-2 k^2 lambda^2), or,
 * below 1.18 where that series is slow, one minus sqrt(2 pi) / lambda sum
 * exp(-(2k - 1)^2 pi^2 / (8 lambda^2)).
 */
export function kolmogorovQ(lambda: number): number {
  if (lambda <= 0) return 1;
  if (lambda < 1.18) {
    const y = -(Math.PI * Math.PI) / (8 * lambda * lambda);
    let sum = 0;
    for (let k = 1; k < 100; k += 1) {
      const term = exp((2 * k - 1) * (2 * k - 1) * y);
      sum += term;
      if (term < 1e-17 * sum) break;
    }
    return clamp01(1 - (Math.sqrt(2 * Math.PI) / lambda) * sum);
  }
  let sum = 0;
  for (let k = 1; k < 100; k += 1) {
    const term = exp(-2 * k * k * lambda * lambda);
    sum += k % 2 === 1 ? term : -term;
    if (term < 1e-17) break;
  }
  return clamp01(2 * sum);
}

function clamp01(p: number): number {
  return Math.min(1, Math.max(0, p));
}
