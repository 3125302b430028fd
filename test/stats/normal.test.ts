import { describe, expect, it } from 'vitest';
import { standardNormalCdf, standardNormalQuantile, standardNormalUpperTail } from '../../src/stats/normal.js';

describe('standard normal', () => {
  it('is one half at zero', () => {
    expect(standardNormalCdf(0)).toBeCloseTo(0.5, 7);
  });

  it('puts 97.5% below 1.959964 to within 1e-7', () => {
    expect(Math.abs(standardNormalCdf(1.959963984540054) - 0.975)).toBeLessThan(1e-7);
  });

  it('has an upper tail that is the complement of the cdf', () => {
    for (const z of [-3, -1.2, 0.4, 2.0066]) {
      expect(standardNormalUpperTail(z) + standardNormalCdf(z)).toBeCloseTo(1, 12);
    }
  });

  it('keeps its relative precision in the far tail (P(Z > 5) = 2.8665e-7)', () => {
    expect(Math.abs(standardNormalUpperTail(5) / 2.866515718791939e-7 - 1)).toBeLessThan(2e-7);
  });
});

describe('standard normal quantile', () => {
  it('gives 1.959964 for 0.975', () => {
    expect(standardNormalQuantile(0.975)).toBeCloseTo(1.959964, 5);
  });

  it('inverts the cdf', () => {
    for (const p of [1e-6, 0.02, 0.5, 0.9, 0.9995]) {
      expect(standardNormalCdf(standardNormalQuantile(p))).toBeCloseTo(p, 9);
    }
  });
});
