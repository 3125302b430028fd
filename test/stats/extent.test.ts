// maxOf and minOf: Math.max and Math.min's answers, for lists too long to spread into
// arguments (a report of 200 runs draws ~80,000 latency points).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxOf, minOf } from '../../src/stats/extent.js';

describe('maxOf and minOf', () => {
  it('answer as Math.max(...x) and Math.min(...x) do, NaN and empty lists included', () => {
    fc.assert(
      fc.property(fc.array(fc.double()), (values) => {
        expect(Object.is(maxOf(values), Math.max(...values))).toBe(true);
        expect(Object.is(minOf(values), Math.min(...values))).toBe(true);
      }),
      { seed: 16, numRuns: 500 },
    );
  });

  it('take a list too long to spread', () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...values)).toThrow(RangeError);
    expect(maxOf(values)).toBe(1_000_002);
    expect(minOf(values)).toBe(0);
  });
});
