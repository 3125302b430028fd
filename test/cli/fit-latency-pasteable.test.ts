// What fit-latency prints is meant to be pasted: for any sample or percentiles, either it
// refuses (exit 2, one line) or its snippet and its JSON both load as a scenario's
// service.latency, to the digits printed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LognormalFit } from '../../src/analytic/fit.js';
import { MAX_LATENCY_MS, MIN_LATENCY_MS, scenarioProblem } from '../../src/cli/fit-latency-bounds.js';
import { cli } from '../../src/cli/main.js';
import { loadScenario } from '../../src/scenario/index.js';
import { captured, lines } from './sinks.js';

const dir = mkdtempSync(join(tmpdir(), 'idemsim-fit-paste-'));

async function run(args: readonly string[]) {
  const ctx = captured({ cwd: dir });
  const code = await cli(['fit-latency', ...args], ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

/** The scenario's service.latency when `latency` (a YAML flow map) is pasted, or its issues. */
function pasted(latency: string): { median: number; sigma: number } | string {
  const outcome = loadScenario(`service:\n  latency: ${latency}\n`, 'pasted.yaml');
  return outcome.ok ? outcome.scenario.service.latency : outcome.issues.map((i) => i.message).join('; ');
}

/** Both printed forms of a fit load, and the snippet loads as the numbers it shows. */
async function expectPasteable(args: readonly string[]): Promise<void> {
  const table = await run(args);
  expect([0, 2]).toContain(table.code);
  if (table.code === 2) {
    expect(lines(table.err)).toHaveLength(1);
    return;
  }
  const snippet = /^ {2}latency: (\{ median: (\S+), sigma: (\S+) \})$/m.exec(table.out);
  expect(snippet, table.out).not.toBeNull();
  const [, map = '', median = '', sigma = ''] = snippet ?? [];
  const fromTable = pasted(map);
  expect(fromTable, map).toMatchObject({ sigma: Number(sigma) });
  expect(typeof fromTable === 'object' && fromTable.median > 0).toBe(true);
  expect(median).not.toMatch(/Infinity|NaN/);
  const json = await run([...args, '--format', 'json']);
  const fit = JSON.parse(json.out) as LognormalFit;
  expect(pasted(`{ median: ${fit.median}, sigma: ${fit.sigma} }`)).toEqual({ median: fit.median, sigma: fit.sigma });
}

/** A latency as 10^x ms, from below the smallest to above the largest fit-latency takes. */
const latency = fc.double({ min: -7, max: 9.5, noNaN: true }).map((x) => Number((10 ** x).toPrecision(6)));
const UNITS: [string, number][] = [
  ['', 1],
  ['ms', 1],
  ['s', 1e3],
];

describe('fit-latency prints only what a scenario accepts', () => {
  it('for a CSV sample', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(latency, { minLength: 2, maxLength: 40 }), async (xs) => {
        writeFileSync(join(dir, 'sample.csv'), `latency\n${xs.join('\n')}\n`);
        await expectPasteable(['--from', 'sample.csv']);
      }),
      { seed: 42, numRuns: 120 },
    );
  });

  it('for two to five percentiles', async () => {
    const names = ['p50', 'p90', 'p95', 'p99', 'p999'];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 5 }),
        fc.array(latency, { minLength: 5, maxLength: 5 }),
        fc.constantFrom(...UNITS),
        async (which, values, [unit, scale]) => {
          const sorted = [...values].sort((a, b) => a - b);
          const args = [...which]
            .sort((a, b) => a - b)
            .flatMap((i, k) => [
              `--${names[i] ?? 'p50'}`,
              `${Number(((sorted[k] ?? 1) / scale).toPrecision(6))}${unit}`,
            ]);
          await expectPasteable(args);
        },
      ),
      { seed: 99, numRuns: 150 },
    );
  });

  it('at the corners: the bounds, equal values and the widest spread still accepted', async () => {
    for (const args of [
      ['--p50', `${MIN_LATENCY_MS}`, '--p99', `${MIN_LATENCY_MS}`],
      ['--p50', `${MAX_LATENCY_MS}`, '--p999', `${MAX_LATENCY_MS}`],
      ['--p90', `${MIN_LATENCY_MS}`, '--p99', '1e-5ms'],
      ['--p50', '1ms', '--p99', '1e9ms'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(0);
      await expectPasteable(args);
    }
  });
});

describe('scenarioProblem', () => {
  const fit = (median: number, sigma: number): LognormalFit => ({
    median,
    sigma,
    method: 'exact',
    percentiles: [],
  });

  it('accepts sigma up to 10 and any median a scenario takes', () => {
    expect(scenarioProblem(fit(300, 10))).toBeUndefined();
    expect(scenarioProblem(fit(1e-20, 0))).toBeUndefined();
  });

  it('refuses a sigma above 10, or not a number, with the value', () => {
    expect(scenarioProblem(fit(300, 10.004))).toMatch(/^the fitted sigma is 10\.004, more than 10/);
    expect(scenarioProblem(fit(300, Number.NaN))).toMatch(/^the fitted sigma is not a finite number/);
  });

  it('refuses a median the loader would not read, never printing Infinity', () => {
    expect(scenarioProblem(fit(1e16, 0.5))).toMatch(/^the fitted median is 10000000000000000ms, outside/);
    expect(scenarioProblem(fit(Number.POSITIVE_INFINITY, 0.5))).toMatch(/^the fitted median is not a finite number/);
    expect(scenarioProblem(fit(0, 0.5))).toMatch(/^the fitted median is 0ms, outside/);
  });
});
