// atRank walks from whichever end of the recorded range is nearer the rank; at every rank
// of every histogram it must land in the bucket of the sorted observation at that rank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Histogram } from '../../src/stats/histogram.js';

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
