import { describe, expect, it } from 'vitest';
import { replicationInterval, studentQuantile } from '../../src/stats/student.js';

describe("Student's t", () => {
  it('gives the tabulated 97.5% quantiles', () => {
    // Published two-sided 95% critical values.
    for (const [df, t] of [
      [1, 12.706],
      [2, 4.303],
      [4, 2.776],
      [9, 2.262],
      [29, 2.045],
    ] as const) {
      expect(studentQuantile(0.975, df)).toBeCloseTo(t, 3);
    }
  });

  it('tends to the normal quantile with many degrees of freedom', () => {
    expect(studentQuantile(0.975, 1e6)).toBeCloseTo(1.95996, 4);
  });

  it('replication interval: mean +- t s / sqrt(n), none below two values', () => {
    const ci = replicationInterval([1, 2, 3, 4]);
    const half = 3.182446305284263 * Math.sqrt(1.6666666666666667 / 4);
    expect(ci?.low).toBeCloseTo(2.5 - half, 10);
    expect(ci?.high).toBeCloseTo(2.5 + half, 10);
    expect(replicationInterval([5])).toBeNull();
    expect(replicationInterval([1, Number.NaN])).toBeNull();
    expect(replicationInterval([7, 7, 7])).toEqual({ low: 7, high: 7 });
  });
});
