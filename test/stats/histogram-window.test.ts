// The histogram holds only a window of its buckets, grown as values arrive: whatever the
// order and spread of the values, it must count exactly what a histogram of all buckets
// counts. Recording in any order, merging halves and reading back a state all agree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HISTOGRAM_BUCKETS, Histogram } from '../../src/stats/histogram.js';
import { histogramOf } from './histogram-of.js';

/** Values from the zero bucket to past the top one, clustered and scattered. */
const value = fc.oneof(
  fc.constantFrom(0, 1e-9, 2 ** -20, 1, 300, 2 ** 44, 1e300),
  fc.double({ min: 0, max: 1e6, noNaN: true }),
  fc.double({ min: 1e-12, max: 1e18, noNaN: true }),
);

describe('Histogram window', () => {
  it('counts the same whatever order the values come in, and merges and restores exactly', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 300 }), fc.nat(), (values, cut) => {
        const all = histogramOf(values);
        const reversed = histogramOf([...values].reverse());
        // The buckets, count and extremes; the moments' last bits depend on the order (Welford).
        const { buckets, count, min, max } = all.state();
        expect(reversed.state()).toMatchObject({ buckets, count, min, max });
        const split = cut % (values.length + 1);
        const merged = histogramOf(values.slice(0, split));
        merged.merge(histogramOf(values.slice(split)));
        expect(merged.state().buckets).toEqual(all.state().buckets);
        expect(Histogram.fromState(all.state()).state()).toEqual(all.state());
        const total = all.state().buckets.reduce((sum, [, n]) => sum + n, 0);
        expect(total).toBe(values.length);
        for (const [bucket] of all.state().buckets) expect(bucket).toBeLessThan(HISTOGRAM_BUCKETS);
        for (const p of [0.01, 0.5, 0.95, 1]) expect(reversed.quantile(p)).toBe(all.quantile(p));
      }),
      { seed: 20261201, numRuns: 300 },
    );
  });

  it('holds a narrow window for values in a narrow range', () => {
    const h = histogramOf(Array.from({ length: 10_000 }, (_, i) => 10 + i));
    const held = (h as unknown as { counts: Float64Array }).counts.length;
    expect(held).toBeLessThan(HISTOGRAM_BUCKETS / 2);
    expect(h.count).toBe(10_000);
  });
});
