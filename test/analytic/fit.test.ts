// Fitting a lognormal to percentiles: exact percentiles of a known lognormal give it back.
import { mean, standardDeviation } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { PERCENTILES, fitPercentiles, fitSample, lognormalQuantile, nearestRank } from '../../src/analytic/fit.js';
import { Z99 } from '../../src/scenario/compound.js';

const KNOWN = [
  { median: 300, sigma: 0.6 },
  { median: 12, sigma: 0.05 },
  { median: 4500, sigma: 1.8 },
  { median: 0.8, sigma: 0.3 },
];

const closedForm = (median: number, sigma: number, ps: readonly number[]) =>
  ps.map((p) => ({ p, observed: lognormalQuantile(median, sigma, p) }));

function fitted(given: ReturnType<typeof closedForm>) {
  const fit = fitPercentiles(given);
  if ('kind' in fit) throw new Error('unexpected decreasing percentiles');
  return fit;
}

const relative = (a: number, b: number): number => Math.abs(a - b) / Math.abs(b);

describe('fitPercentiles', () => {
  it('recovers median and sigma exactly from two percentiles of a known lognormal', () => {
    for (const { median, sigma } of KNOWN) {
      for (const ps of [
        [0.5, 0.99],
        [0.9, 0.999],
        [0.5, 0.95],
      ]) {
        const fit = fitted(closedForm(median, sigma, ps));
        expect(fit.method).toBe('exact');
        expect(relative(fit.median, median)).toBeLessThan(1e-9);
        expect(relative(fit.sigma, sigma)).toBeLessThan(1e-9);
      }
    }
  });

  it('recovers median and sigma by least squares from three or more exact percentiles', () => {
    for (const { median, sigma } of KNOWN) {
      for (const ps of [[0.5, 0.9, 0.99], Object.values(PERCENTILES)]) {
        const fit = fitted(closedForm(median, sigma, ps));
        expect(fit.method).toBe('least-squares');
        expect(relative(fit.median, median)).toBeLessThan(1e-9);
        expect(relative(fit.sigma, sigma)).toBeLessThan(1e-9);
        for (const row of fit.percentiles) expect(Math.abs(row.relativeError)).toBeLessThan(1e-9);
      }
    }
  });

  it("gives the article's { p50: 300ms, p99: 1.2s } the scenario loader's sigma, ln(4)/2.3263", () => {
    const fit = fitted([
      { p: 0.5, observed: 300 },
      { p: 0.99, observed: 1200 },
    ]);
    // The loader divides by MODEL.md's four-decimal 2.3263; the fit uses the exact
    // z_0.99 = 2.32635, so the two sigmas differ by about 1e-5 (0.595910 against 0.595923).
    expect(Math.abs(fit.sigma - Math.log(4) / Z99)).toBeLessThan(1e-3);
    expect(fit.median).toBeCloseTo(300, 9);
  });

  it('refuses percentiles that decrease as p grows, naming the pair', () => {
    const result = fitPercentiles([
      { p: 0.99, observed: 300 },
      { p: 0.5, observed: 1200 },
    ]);
    expect(result).toMatchObject({ kind: 'decreasing', lower: { p: 0.5 }, upper: { p: 0.99 } });
  });

  it('fits equal percentiles with sigma 0, a fixed latency', () => {
    const fit = fitted([
      { p: 0.5, observed: 250 },
      { p: 0.99, observed: 250 },
    ]);
    expect(fit.sigma).toBe(0);
    expect(fit.median).toBeCloseTo(250, 9);
  });
});

describe('fitSample', () => {
  it('is the mean and (divisor n) standard deviation of the logs', () => {
    const fit = fitSample([100, 400], [0.5]);
    expect(fit.median).toBeCloseTo(200, 9);
    expect(fit.sigma).toBeCloseTo(Math.log(2), 12);
    expect(fit.method).toBe('maximum-likelihood');
  });

  it('takes a Float64Array and agrees with simple-statistics on the logs, without an array of them', () => {
    const values = Float64Array.from({ length: 1000 }, (_, i) => 1e-6 * 1.03 ** i);
    const logs = Array.from(values, Math.log);
    const fit = fitSample(values, [0.5, 0.99]);
    expect(relative(Math.log(fit.median), mean(logs))).toBeLessThan(1e-12);
    expect(relative(fit.sigma, standardDeviation(logs))).toBeLessThan(1e-12);
    expect(fit.percentiles.map((row) => row.observed)).toEqual([values[499], values[989]]);
  });

  it('leaves the sample it is given unsorted', () => {
    const values = Float64Array.of(3, 1, 2);
    fitSample(values, [0.5]);
    expect(Array.from(values)).toEqual([3, 1, 2]);
  });

  it('reads quantiles by nearest rank', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(nearestRank(sorted, 0.5)).toBe(5);
    expect(nearestRank(sorted, 0.9)).toBe(9);
    expect(nearestRank(sorted, 0.95)).toBe(10);
    expect(nearestRank(sorted, 0.999)).toBe(10);
    expect(nearestRank([1, 2, 3], 0.001)).toBe(1);
  });
});
