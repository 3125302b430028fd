// `idemsim fit-latency` called in-process: a snippet to paste into a scenario, the fit's
// error per percentile, and exit 2 with one line for input it cannot fit.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { fitLatencyFixture } from './fit-latency-fixture.js';
import { ERROR_LINE, captured, lines } from './sinks.js';

const { write, run } = fitLatencyFixture('idemsim-fit-');

interface Fit {
  median: number;
  sigma: number;
  method: string;
  percentiles: { p: number; observed: number; fitted: number; relativeError: number }[];
}

/** n draws of median * exp(sigma * Z), Z by Box–Muller from a seeded alea stream. */
function lognormalDraws(n: number, median: number, sigma: number, seed: string): number[] {
  const rng = seedrandom.alea(seed);
  const draws: number[] = [];
  while (draws.length < n) {
    const u1 = 1 - rng(); // in (0, 1]: no log(0)
    const u2 = rng();
    const r = Math.sqrt(-2 * Math.log(u1));
    for (const z of [r * Math.cos(2 * Math.PI * u2), r * Math.sin(2 * Math.PI * u2)]) {
      if (draws.length < n) draws.push(median * Math.exp(sigma * z));
    }
  }
  return draws;
}

describe('idemsim fit-latency', () => {
  it('prints the YAML snippet and a row per percentile, exit 0', async () => {
    const r = await run(['--p50', '300ms', '--p99', '1.2s']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('service:\n  latency: { median: 300ms, sigma: 0.596 }\n');
    expect(r.out).toMatch(/^p50 +300ms +300ms +\+0\.00%$/m);
    expect(r.out).toMatch(/^p99 +1\.2s +1\.2s +\+0\.00%$/m);
  });

  it('says it used least squares for more than two percentiles', async () => {
    const r = await run(['--p50', '300', '--p90', '650ms', '--p99', '1.2s']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('least-squares');
    expect(lines(r.out).filter((l) => /^p\d/.test(l))).toHaveLength(3);
  });

  it('exits 2 with one line when percentiles decrease as p grows', async () => {
    const r = await run(['--p50', '1.2s', '--p99', '300ms']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(lines(r.err)).toHaveLength(1);
    expect(r.err).toMatch(ERROR_LINE);
    expect(r.err).toContain('--p99');
  });

  it('exits 2 for fewer than two percentiles or a duration that does not parse', async () => {
    for (const args of [
      ['--p50', '300ms'],
      ['--p50', '300ms', '--p99', '1.2 sec'],
      ['--p50', '0ms', '--p99', '1s'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(lines(r.err)).toHaveLength(1);
      expect(r.err).not.toContain('    at ');
    }
  });

  it('prints JSON that parses with --format json', async () => {
    const r = await run(['--p50', '300ms', '--p99', '1.2s', '--format', 'json']);
    expect(r.code).toBe(0);
    const fit = JSON.parse(r.out) as Fit;
    expect(fit.method).toBe('exact');
    expect(fit.median).toBeCloseTo(300, 6);
    expect(fit.percentiles.map((row) => row.p)).toEqual([0.5, 0.99]);
  });

  it('exits 2 naming the line of a CSV cell that is not a positive latency', async () => {
    const file = write('bad.csv', 'latency\n350ms\n1.1s\n0\n420\n');
    const r = await run(['--from', file]);
    expect(r.code).toBe(2);
    expect(lines(r.err)).toEqual([expect.stringMatching(/^bad\.csv:4:1: /)]);
    expect(r.err).toMatch(ERROR_LINE);
    const words = await run(['--from', write('words.csv', '350\nslow\n')]);
    expect(words.err).toMatch(/^words\.csv:2:1: /);
  });

  it('exits 2 for an empty CSV or one with a single latency', async () => {
    for (const text of ['', '\n\n', 'ms\n', '350ms\n']) {
      const r = await run(['--from', write('short.csv', text)]);
      expect(r.code, JSON.stringify(text)).toBe(2);
      expect(lines(r.err)).toHaveLength(1);
    }
  });

  it('reads the latency column of a CSV with a header, units per cell', async () => {
    const file = write('cols.csv', 'tool,latency\nrefund,300ms\nrefund,1.2s\nrefund,450\n');
    const r = await run(['--from', file, '--format', 'json']);
    expect(r.err).toBe('');
    const fit = JSON.parse(r.out) as Fit;
    expect(fit.median).toBeCloseTo(Math.cbrt(300 * 1200 * 450), 9);
  });

  it('fits 100,000 draws of a known lognormal within the 95% intervals of its estimators', async () => {
    const n = 100_000;
    const median = 300;
    const sigma = 0.6;
    const draws = lognormalDraws(n, median, sigma, 'fit-latency');
    const r = await run(['--from', write('draws.csv', `ms\n${draws.join('\n')}\n`), '--format', 'json']);
    expect(r.err).toBe('');
    const fit = JSON.parse(r.out) as Fit;
    expect(fit.method).toBe('maximum-likelihood');
    // Standard errors: sigma/sqrt(n) for the mean of the logs (ln median), and
    // sigma/sqrt(2(n-1)) for their standard deviation; 1.96 of each is the 95% interval.
    expect(Math.abs(Math.log(fit.median) - Math.log(median))).toBeLessThan((1.96 * sigma) / Math.sqrt(n));
    expect(Math.abs(fit.sigma - sigma)).toBeLessThan((1.96 * sigma) / Math.sqrt(2 * (n - 1)));
    expect(fit.percentiles.map((row) => row.p)).toEqual([0.5, 0.9, 0.95, 0.99, 0.999]);
  });

  it('shows two examples of itself in --help', async () => {
    const ctx = captured();
    expect(await cli(['fit-latency', '--help'], ctx)).toBe(0);
    expect(ctx.out.text.match(/^ {2}\$ npx idemsim fit-latency /gm)).toHaveLength(2);
  });
});
