// Times past what the latency histogram resolves: from 2^44 ms (about 557 years) every value
// shares one overflow bucket, so a quantile whose rank falls there is reported open-ended
// (Infinity, its interval from at most 2^44 ms), never as a finite number; every other
// quantile stays within the histogram's stated relative error of the exact order statistic,
// however large the median and sigma of the values.
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import {
  HISTOGRAM_BUCKETS,
  HISTOGRAM_LIMIT_MS,
  HISTOGRAM_RELATIVE_ERROR,
  Histogram,
} from '../../src/stats/histogram.js';
import { histogramOf } from './histogram-of.js';

const LIMIT = 2 ** 44;

describe('the overflow bucket', () => {
  it('starts at 2^44 ms, and the relative error is half the 2^-10 bucket width', () => {
    expect(HISTOGRAM_LIMIT_MS).toBe(LIMIT);
    expect(HISTOGRAM_RELATIVE_ERROR).toBe(2 ** -11);
  });

  it('holds 2^44 ms and everything above it, Infinity included, apart from the values just below', () => {
    const h = histogramOf([LIMIT * (1 - 2 ** -12), LIMIT, 1e300, Infinity]);
    const buckets = h.state().buckets.map(([bucket]) => bucket);
    expect(buckets).toEqual([HISTOGRAM_BUCKETS - 2, HISTOGRAM_BUCKETS - 1]);
    expect(h.state().buckets[1]?.[1]).toBe(3);
  });

  it('reports a rank in it as open-ended, and a rank just below it within half a bucket', () => {
    const below = LIMIT * (1 - 2 ** -12);
    const h = histogramOf([below, LIMIT * 3, LIMIT * 5]);
    expect(h.atRank(1)).toBe(below);
    expect(h.atRank(2)).toBe(Infinity);
    expect(h.atRank(3)).toBe(Infinity);
    expect(h.quantile(0.5)).toBe(Infinity);
    // The exact extremes and mean are kept whatever the buckets say.
    expect(h.max).toBe(LIMIT * 5);
    expect(h.mean).toBeCloseTo((below + LIMIT * 8) / 3, -3);
  });

  it('gives an open-ended quantile an interval from 2^44 ms to Infinity when its low rank is there too', () => {
    const h = histogramOf(Array.from({ length: 1000 }, (_, i) => LIMIT * (2 + i)));
    expect(h.quantile(0.95)).toBe(Infinity);
    expect(h.quantileInterval(0.95)).toEqual({ low: LIMIT, high: Infinity });
  });

  it('gives it the resolved low end when its low rank lies below 2^44 ms', () => {
    // 940 values of 1 s and 60 past the limit: p95's rank 950 is past it, its low rank below.
    const h = histogramOf([...Array.from({ length: 940 }, () => 1000), ...Array.from({ length: 60 }, () => LIMIT * 2)]);
    expect(h.quantile(0.95)).toBe(Infinity);
    const { low, high } = h.quantileInterval(0.95);
    expect(Math.abs(low - 1000)).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR * 1000);
    expect(high).toBe(Infinity);
  });

  it('survives a state read back and a merge', () => {
    const h = histogramOf([1, LIMIT * 2, LIMIT * 4]);
    const again = Histogram.fromState(JSON.parse(JSON.stringify(h.state())) as ReturnType<Histogram['state']>);
    expect(again.quantile(0.9)).toBe(Infinity);
    const merged = histogramOf([1, 2, 3, 4, 5, 6]);
    merged.merge(again);
    expect(merged.quantile(0.5)).toBeCloseTo(4, 2);
    expect(merged.quantile(0.9)).toBe(Infinity);
  });
});

/** Lognormal draws median * exp(sigma * Z), Z from the Box-Muller transform of a seeded stream. */
function lognormal(seed: string, n: number, median: number, sigma: number): number[] {
  const u = seedrandom.alea(seed);
  return Array.from({ length: n }, () => {
    const z = Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
    return median * Math.exp(sigma * z);
  });
}

describe('quantiles of huge lognormal times', () => {
  it('are open-ended exactly when the exact order statistic passes 2^44 ms, else within 2^-11 of it', () => {
    fc.assert(
      fc.property(
        // Medians from 1 ms to 2^53 ms (the largest a scenario takes), sigmas up to 10.
        fc.double({ min: 0, max: 53, noNaN: true }).map((e) => 2 ** e),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.integer({ min: 1, max: 400 }),
        fc.nat(),
        (median, sigma, n, seed) => {
          const values = lognormal(`overflow/${seed}`, n, median, sigma);
          const sorted = [...values].sort((a, b) => a - b);
          const h = histogramOf(values);
          for (let rank = 1; rank <= n; rank++) {
            const exact = sorted[rank - 1] as number;
            const reported = h.atRank(rank);
            if (exact >= LIMIT) {
              expect(reported, `rank ${rank} of ${n}: exact ${exact}`).toBe(Infinity);
            } else if (exact >= 2 ** -20) {
              // The tolerance is the bucket's, from its width: never what was printed.
              expect(
                Math.abs(reported - exact),
                `rank ${rank}: reported ${reported}, exact ${exact}`,
              ).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR * exact);
            } else {
              expect(reported).toBeLessThan(2 ** -20);
            }
          }
          for (const p of [0.5, 0.95, 0.99]) {
            const { low, high } = h.quantileInterval(p);
            const q = h.quantile(p);
            expect(low).toBeLessThanOrEqual(Math.min(q, LIMIT));
            expect(high).toBeGreaterThanOrEqual(q);
          }
        },
      ),
      { seed: 4435, numRuns: 300 },
    );
  });
});
