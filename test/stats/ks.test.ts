import { describe, expect, it } from 'vitest';
import { kolmogorovQ, ksStatistic, ksTwoSample, smirnovP } from '../../src/stats/ks.js';

const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, k) => from + k);

/** Two small samples, of 9 and 15 values, with no ties: D = 0.4 (at 11.2: F_x = 9/9, F_y = 9/15). */
const X = [7.6, 8.4, 8.6, 8.7, 9.3, 9.9, 10.1, 10.6, 11.2];
const Y = [5.2, 5.7, 5.9, 6.5, 6.8, 8.2, 9.1, 9.8, 10.8, 11.3, 11.5, 12.3, 12.5, 13.4, 14.6];

describe('two-sample Kolmogorov-Smirnov statistic', () => {
  it('is 0, with p = 1, for identical samples', () => {
    const sample = [3, 1, 4, 1.5, 9, 2.6];
    expect(ksTwoSample(sample, [...sample].reverse())).toMatchObject({ d: 0, p: 1 });
  });

  it('is 1 for samples that do not overlap', () => {
    expect(ksStatistic([1, 2, 3], [4, 5])).toBe(1);
  });

  it('counts every copy of a tied value before it measures the gap', () => {
    // F_a(1) = 2/2, F_b(1) = 1/2: the gap is 1/2, not the 1 a half-counted tie would give.
    expect(ksStatistic([1, 1], [1, 2])).toBe(0.5);
  });

  it('does not depend on the order of the samples or of their values', () => {
    expect(ksStatistic(X, Y)).toBe(ksStatistic([...Y].reverse(), X));
  });

  it('refuses an empty sample and NaN', () => {
    expect(() => ksStatistic([], [1])).toThrow(RangeError);
    expect(() => ksStatistic([Number.NaN], [1])).toThrow(RangeError);
  });
});

describe('two-sample Kolmogorov-Smirnov p-value', () => {
  it("gives D = 0.4 and exact p = 0.26527 for them (scipy 1.17 ks_2samp 'exact' agrees)", () => {
    const result = ksTwoSample(X, Y);
    expect(result.method).toBe('exact');
    expect(result.d).toBeCloseTo(0.4, 12);
    expect(result.p).toBeCloseTo(0.26527490546874044, 10);
  });

  it('gives its asymptotic p = 0.32910 when asked: the Kolmogorov limit at sqrt(135 / 24) x 0.4, as R does', () => {
    // scipy kstwobign.sf(sqrt(9 * 15 / 24) * 0.4); scipy's own ks_2samp 'asymp' (0.22403) uses
    // the finite-n one-sample distribution at round(nm / (n + m)) = 6 instead.
    const result = ksTwoSample(X, Y, false);
    expect(result.method).toBe('asymptotic');
    expect(result.p).toBeCloseTo(0.329104789097815, 10);
  });

  it('gives 2 / C(10, 5) for two samples of 5 that do not overlap', () => {
    expect(ksTwoSample([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]).p).toBeCloseTo(2 / 252, 12);
  });

  it('gives P(D(100, 100) <= 0.1) = 0.41699 (the UCLA Smirnov table)', () => {
    // D moves in steps of 1/100: D <= 0.1 is D < 0.11.
    expect(1 - smirnovP(0.11, 100, 100)).toBeCloseTo(0.41699, 5);
  });

  it('is tiny for samples shifted apart', () => {
    const result = ksTwoSample(range(0, 200), range(100, 200));
    expect(result.method).toBe('asymptotic');
    expect(result.d).toBe(0.5);
    expect(result.p).toBeLessThan(1e-20);
  });

  it('turns asymptotic past 10,000 pairs, or with ties', () => {
    expect(ksTwoSample(range(0, 100), range(0.5, 100)).method).toBe('asymptotic');
    expect(ksTwoSample([1, 2, 3], [3, 4]).method).toBe('asymptotic');
    expect(ksTwoSample(range(0, 99), range(0.5, 100)).method).toBe('exact');
  });
});

describe('Kolmogorov distribution', () => {
  it('has its tabled critical values: 1.2238 at 10%, 1.3581 at 5%, 1.6276 at 1%', () => {
    expect(kolmogorovQ(1.2238)).toBeCloseTo(0.1, 4);
    expect(kolmogorovQ(1.3581)).toBeCloseTo(0.05, 4);
    expect(kolmogorovQ(1.6276)).toBeCloseTo(0.01, 4);
  });

  it('agrees across its two series (scipy kstwobign: 0.96395 at 0.5, 0.27000 at 1)', () => {
    expect(kolmogorovQ(0.5)).toBeCloseTo(0.9639452436648751, 10);
    expect(kolmogorovQ(1)).toBeCloseTo(0.26999967167735456, 10);
    expect(kolmogorovQ(1.18 - 1e-12)).toBeCloseTo(kolmogorovQ(1.18), 10);
  });

  it('is 1 at and below 0', () => {
    expect(kolmogorovQ(0)).toBe(1);
    expect(kolmogorovQ(-1)).toBe(1);
  });
});
