// The streaming latency histogram: nearest-rank quantiles within half a bucket of the exact
// order statistic, exact count, extremes and mean, a 95% quantile interval that covers the
// true quantile about 95% of the time, and a zero bucket for values below 2^-20 ms.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Histogram } from '../../src/stats/histogram.js';
import { histogramOf } from './histogram-of.js';

/**
 * A bucket [2^e (1 + j/1024), 2^e (1 + (j+1)/1024)) is 2^(e-10) wide. The value reported
 * for a rank is the midpoint of the bucket holding the exact value x of that rank (buckets
 * are ordered like their values), and clamping it to [min, max] only moves it towards x,
 * which lies in both. So the error is at most half a bucket, 2^(e-11), and since x >= 2^e
 * the relative error is at most 2^-11: half of the 2^-10 bucket width the module promises.
 * Midpoints of these buckets are exact in binary floating point, so no rounding slack.
 */
const HALF_BUCKET = 2 ** -11;

/** Lognormal draws spanning about a dozen powers of two around e^2 ms (7.4 ms). */
function lognormalSample(seed: string, n: number): number[] {
  const u = seedrandom.alea(seed);
  return Array.from({ length: n }, () => {
    const z = Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
    return Math.exp(2 + 1.5 * z);
  });
}

const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** |reported - exact| <= HALF_BUCKET * exact, as a message naming the rank when it fails. */
function expectWithinHalfBucket(reported: number, exact: number, what: string): void {
  expect(Math.abs(reported - exact), `${what}: reported ${reported}, exact ${exact}`).toBeLessThanOrEqual(
    HALF_BUCKET * exact,
  );
}

describe('Histogram quantiles', () => {
  const values = lognormalSample('histogram/quantiles', 10_000);
  const sorted = ascending(values);
  const h = histogramOf(values);

  it('reports the value of every rank within half a bucket (relative 2^-11) of the exact order statistic', () => {
    for (let rank = 1; rank <= sorted.length; rank++) {
      expectWithinHalfBucket(h.atRank(rank), sorted[rank - 1] as number, `rank ${rank}`);
    }
  });

  it('reports the nearest-rank quantile (smallest value with at least p n at or below it) within half a bucket', () => {
    // p = k / 1000, so the rank ceil(k n / 1000) is computed in integers, free of rounding.
    for (const k of [1, 10, 50, 100, 250, 500, 750, 900, 950, 990, 999, 1000]) {
      const rank = Math.floor((k * sorted.length + 999) / 1000);
      expectWithinHalfBucket(h.quantile(k / 1000), sorted[rank - 1] as number, `p = ${k / 1000}`);
    }
  });

  it('clamps to the observed extremes: one observation is reported exactly at every p', () => {
    const one = histogramOf([1000.3]);
    for (const p of [0.01, 0.5, 1]) expect(one.quantile(p)).toBe(1000.3);
  });

  it('clamps a bucket midpoint above the observed maximum to the maximum', () => {
    // 3 and 3.0005 share the bucket [3, 3 + 2^-9), whose midpoint 3 + 2^-10 is above both.
    const h = histogramOf([3, 3.0005]);
    expect(h.quantile(0.5)).toBe(3.0005);
    expect(h.quantile(1)).toBe(3.0005);
  });

  it('clamps a bucket midpoint below the observed minimum to the minimum', () => {
    // 3.0015 and 3.0019 share the bucket [3, 3 + 2^-9), whose midpoint 3 + 2^-10 is below both.
    const h = histogramOf([3.0015, 3.0019]);
    expect(h.quantile(0.5)).toBe(3.0015);
    expect(h.quantile(1)).toBe(3.0015);
  });

  it('reports 0 for every quantile and interval of an empty histogram', () => {
    const empty = new Histogram();
    expect(empty.quantile(0.5)).toBe(0);
    expect(empty.quantile(1)).toBe(0);
    expect(empty.quantileInterval(0.95)).toEqual({ low: 0, high: 0 });
  });
});

describe('Histogram count, extremes and mean', () => {
  it('counts every observation and keeps the exact minimum and maximum', () => {
    const values = lognormalSample('histogram/moments', 5000);
    const h = histogramOf(values);
    expect(h.count).toBe(5000);
    expect(h.min).toBe(Math.min(...values));
    expect(h.max).toBe(Math.max(...values));
  });

  it('keeps the mean of the values themselves, not of bucket midpoints', () => {
    // Welford's update is exact on these small integers: 1, 1.5, 2, 2.5, then 4.
    expect(histogramOf([1, 2, 3, 4, 10]).mean).toBe(4);
    // On random data it agrees with sum / n up to rounding. Each of Welford's n updates errs
    // by at most about 3 * 2^-53 * max, and the sum's n additions by at most 2^-53 * n max
    // each, n * 2^-53 * max in all once divided by n: 4 n 2^-53 max bounds the difference.
    const values = lognormalSample('histogram/moments', 5000);
    const n = values.length;
    const sum = values.reduce((a, b) => a + b, 0);
    const bound = 4 * n * 2 ** -53 * Math.max(...values);
    expect(Math.abs(histogramOf(values).mean - sum / n)).toBeLessThanOrEqual(bound);
  });
});

describe('Histogram zero bucket', () => {
  it('puts 0 and values below 2^-20 ms in the zero bucket, reported as 0', () => {
    const h = histogramOf([0, 2 ** -21, 2 ** -20 * 0.999, 1]);
    expect(h.atRank(1)).toBe(0);
    expect(h.atRank(2)).toBe(0);
    expect(h.atRank(3)).toBe(0);
    expect(h.min).toBe(0);
  });

  it('puts 2^-20 ms itself in the first bucket above zero', () => {
    const h = histogramOf([0, 2 ** -20, 1]);
    // The midpoint of [2^-20, 2^-20 (1 + 2^-10)).
    expect(h.atRank(2)).toBe(2 ** -20 * (1 + 2 ** -11));
  });

  it('reports the zero bucket clamped to the minimum when every value is tiny but positive', () => {
    const h = histogramOf([2 ** -25, 2 ** -22]);
    expect(h.quantile(0.5)).toBe(2 ** -25);
    expect(h.quantile(1)).toBe(2 ** -25);
  });
});

describe('Histogram quantile interval', () => {
  it('brackets the reported quantile', () => {
    const h = histogramOf(lognormalSample('histogram/interval', 2000));
    for (const p of [0.01, 0.5, 0.95, 0.99]) {
      const { low, high } = h.quantileInterval(p);
      expect(low).toBeLessThanOrEqual(h.quantile(p));
      expect(high).toBeGreaterThanOrEqual(h.quantile(p));
      expect(low).toBeLessThan(high);
    }
  });

  /** P(X < k) for X ~ Binomial(n, q), summed from log-probabilities. */
  function binomialBelow(k: number, n: number, q: number): number {
    let logChoose = 0; // log C(n, 0)
    let total = 0;
    for (let i = 0; i < k; i++) {
      total += Math.exp(logChoose + i * Math.log(q) + (n - i) * Math.log(1 - q));
      logChoose += Math.log(n - i) - Math.log(i + 1);
    }
    return total;
  }

  // Each trial draws n values from the exponential distribution of mean 1, whose
  // p-quantile is -ln(1 - p), and asks whether the 95% interval covers it. If the coverage
  // is the nominal 95%, the number of covering trials is Binomial(TRIALS, 0.95); the
  // threshold is the smallest count whose lower tail has probability at most 1e-6, so a
  // correct interval fails this test (for some seed set) about once in a million. With
  // 400 trials it is 356 (0.89 of the trials): an interval that really covered 90% or
  // less would fail it more often than not.
  const TRIALS = 400;
  const N = 1000;
  let threshold = 0;
  while (binomialBelow(threshold + 1, TRIALS, 0.95) <= 1e-6) threshold++;

  it.each([0.5, 0.95, 0.99])('covers the true %s-quantile in about 95% of 400 seeded trials', (p) => {
    const truth = -Math.log(1 - p);
    let covered = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const u = seedrandom.alea(`histogram/coverage/${p}/${trial}`);
      const h = new Histogram();
      for (let i = 0; i < N; i++) h.record(-Math.log(1 - u()));
      const { low, high } = h.quantileInterval(p);
      if (low <= truth && truth <= high) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(threshold);
  });
});

describe('a quantile interval of a short run', () => {
  it('leaves its high end open when the rank runs past the observations, and its low end at 0 below them', () => {
    const h = new Histogram();
    for (const v of [100, 200, 300]) h.record(v);
    // p99 of 3 values: the upper rank 3 * 0.99 + 1.96 * sqrt(3 * 0.99 * 0.01) + 1 is past 3.
    expect(h.quantileInterval(0.99).high).toBe(Infinity);
    expect(h.quantileInterval(0.01).low).toBe(0);
  });
});
