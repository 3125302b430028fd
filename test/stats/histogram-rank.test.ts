// atRank searches from whichever end of the recorded range is nearer the rank; at every rank
// of every histogram it must land in the bucket of the sorted observation at that rank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Histogram } from '../../src/stats/histogram.js';
import type { HistogramState } from '../../src/model/tally-state.js';

describe('Histogram.atRank', () => {
  it('gives, at every rank, a value in the same bucket as the sorted observation at that rank', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 1e7, noNaN: true }), fc.constantFrom(0, 1, 250, 1e-9)), {
          minLength: 1,
          maxLength: 60,
        }),
        (values) => {
          const h = new Histogram();
          for (const v of values) h.record(v);
          const sorted = [...values].sort((a, b) => a - b);
          for (let r = 1; r <= values.length; r++) {
            const got = h.atRank(r);
            const want = sorted[r - 1] as number;
            // Same bucket: within the bucket width (under 0.1% of the value), or both clamped.
            expect(Math.abs(got - want)).toBeLessThanOrEqual(Math.max(want * 1e-3, 2 ** -20));
          }
        },
      ),
      { seed: 15, numRuns: 300 },
    );
  });
});

/** The two searches atRank picks between: from the minimum's bucket, and from the maximum's. */
interface Searches {
  bucketFromBelow(r: number): number;
  bucketFromAbove(r: number): number;
}

/** The bucket a value falls in, as the histogram files it. */
function bucketOfValue(value: number): number {
  const h = new Histogram();
  h.record(value);
  return h.state().buckets[0]?.[0] as number;
}

/**
 * The bucket of rank r, read off the sorted bucket of every observation between the
 * extremes' buckets: counted up from the lowest for the search from below, and down from
 * the highest, with the state's count as the total, for the search from above. A rank past
 * the observations lands on the extreme's bucket at that end.
 */
function ranks(state: HistogramState): (r: number) => { below: number; above: number } {
  const first = bucketOfValue(state.min);
  const last = bucketOfValue(state.max);
  const sorted = state.buckets
    .filter(([b]) => b >= first && b <= last)
    .flatMap(([b, n]) => Array.from({ length: n }, () => b))
    .sort((a, b) => a - b);
  return (r) => {
    const fromTop = sorted.length - state.count + r - 1;
    return { below: sorted[r - 1] ?? last, above: fromTop >= 0 ? (sorted[fromTop] as number) : first };
  };
}

describe('Histogram rank search', () => {
  it('finds the bucket of each rank in the sorted observations, in recorded, merged and hand-made states', () => {
    const bucket = fc.integer({ min: 0, max: 40 }).map((j) => 22_000 + j * 37);
    const state = fc.record({
      buckets: fc.uniqueArray(fc.tuple(bucket, fc.integer({ min: 1, max: 5 })), {
        minLength: 0,
        maxLength: 12,
        selector: ([b]) => b,
      }),
      // Extremes and a count that need not agree with the buckets: a part file may say anything.
      min: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 1e4, noNaN: true })),
      max: fc.double({ min: 1, max: 1e5, noNaN: true }),
      extra: fc.integer({ min: -3, max: 3 }),
    });
    fc.assert(
      fc.property(state, ({ buckets, min, max, extra }) => {
        const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
        const total = sorted.reduce((sum, [, n]) => sum + n, 0);
        const given: HistogramState = {
          count: Math.max(1, total + extra),
          // In either order: a hand-made part may put its minimum above its maximum.
          min,
          max,
          moments: { n: 0, mean: 0, m2: 0 },
          buckets: sorted,
        };
        const h = Histogram.fromState(given) as unknown as Searches;
        const ranked = ranks(given);
        for (let r = 1; r <= given.count; r++) {
          const want = ranked(r);
          expect(h.bucketFromBelow(r)).toBe(want.below);
          expect(h.bucketFromAbove(r)).toBe(want.above);
        }
      }),
      { seed: 15, numRuns: 400 },
    );
  });

  it('finds them too after a hand-made part is recorded into and merged with another', () => {
    const bucket = fc.integer({ min: 0, max: 40 }).map((j) => 22_000 + j * 37);
    const part = fc.record({
      buckets: fc.uniqueArray(fc.tuple(bucket, fc.integer({ min: 1, max: 5 })), {
        maxLength: 6,
        selector: ([b]) => b,
      }),
      min: fc.double({ min: 0, max: 1e5, noNaN: true }),
      max: fc.double({ min: 0, max: 1e5, noNaN: true }),
    });
    // Values inside and outside the parts' buckets and extremes, NaN and the zero bucket included.
    const value = fc.oneof(fc.double({ min: 0, max: 1e6 }), fc.constantFrom(Number.NaN, 0, 1e-9, 250));
    fc.assert(
      fc.property(part, fc.array(value, { maxLength: 8 }), part, (first, values, second) => {
        const stateOf = (p: typeof first): HistogramState => {
          const buckets = [...p.buckets].sort((a, b) => a[0] - b[0]);
          const count = buckets.reduce((sum, [, n]) => sum + n, 0);
          return { count, min: p.min, max: p.max, moments: { n: 0, mean: 0, m2: 0 }, buckets };
        };
        const h = Histogram.fromState(stateOf(first));
        for (const v of values) h.record(v);
        h.merge(Histogram.fromState(stateOf(second)));
        const ranked = ranks(h.state());
        for (let r = 1; r <= h.count; r++) {
          const want = ranked(r);
          expect((h as unknown as Searches).bucketFromBelow(r)).toBe(want.below);
          expect((h as unknown as Searches).bucketFromAbove(r)).toBe(want.above);
        }
      }),
      { seed: 15, numRuns: 400 },
    );
  });

  it('asks again after a merge that moves only the extremes (a part without observations)', () => {
    const one = bucketOfValue(1);
    const thousand = bucketOfValue(1000);
    const h = Histogram.fromState({
      count: 4,
      min: 1,
      max: 1,
      moments: { n: 0, mean: 0, m2: 0 },
      buckets: [
        [one, 2],
        [thousand, 2],
      ],
    });
    const before = [1, 2, 3, 4].map((r) => h.atRank(r));
    h.merge(Histogram.fromState({ count: 0, min: 1, max: 5000, moments: { n: 0, mean: 0, m2: 0 }, buckets: [] }));
    const fresh = Histogram.fromState(h.state());
    expect([1, 2, 3, 4].map((r) => h.atRank(r))).toEqual([1, 2, 3, 4].map((r) => fresh.atRank(r)));
    // The maximum's bucket moved past the thousands: ranks 3 and 4 are found there now.
    expect(h.atRank(4)).toBeGreaterThan(999);
    expect(before[3]).toBe(1);
  });

  it('asks again after more observations, not from the running counts it made before', () => {
    const h = new Histogram();
    for (const v of [5, 5, 5, 900]) h.record(v);
    expect(h.quantile(0.5)).toBeCloseTo(5, 2);
    for (let i = 0; i < 10; i++) h.record(900);
    expect(h.quantile(0.5)).toBeCloseTo(900, 0);
    const other = new Histogram();
    for (let i = 0; i < 40; i++) other.record(5);
    h.merge(other);
    expect(h.quantile(0.5)).toBeCloseTo(5, 2);
  });
});
