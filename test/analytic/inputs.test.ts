import { describe, expect, it } from 'vitest';
import { lognormalMean, pSlow, unknownShare } from '../../src/analytic/inputs.js';

describe('timeout arithmetic (MODEL.md)', () => {
  it('gives P(S > T) = 0.0224 at the defaults (median 300 ms, sigma 0.6, timeout 1 s)', () => {
    expect(pSlow(300, 0.6, 1000)).toBeCloseTo(0.0224, 4);
  });

  it('gives P(S > T) = 0.876 for a slow service (median 1200 ms, timeout 600 ms)', () => {
    expect(pSlow(1200, 0.6, 600)).toBeCloseTo(0.876, 3);
  });

  it('gives one half when the timeout equals the median', () => {
    expect(pSlow(300, 0.6, 300)).toBeCloseTo(0.5, 7); // erf's fit is good to ~4e-8
  });

  it('treats sigma 0 as a fixed service time', () => {
    expect(pSlow(300, 0, 1000)).toBe(0);
    expect(pSlow(1200, 0, 600)).toBe(1);
  });

  it('gives q = 0.0419 with 2% reply loss at the defaults', () => {
    expect(unknownShare(pSlow(300, 0.6, 1000), 0.02)).toBeCloseTo(0.0419, 4);
  });

  it('gives 43.8 duplicates per thousand for q + q^2 + q^3', () => {
    const q = unknownShare(pSlow(300, 0.6, 1000), 0.02);
    expect(1000 * (q + q ** 2 + q ** 3)).toBeCloseTo(43.8, 1);
  });

  it('gives a lognormal mean of median * exp(sigma^2 / 2)', () => {
    expect(lognormalMean(300, 0.6)).toBeCloseTo(359.165, 3);
  });
});
