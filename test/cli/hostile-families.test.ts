// Generated members of the hostile-input families whose first tests were single examples:
// numeric bounds that keep a run finite, oversized and endless inputs to every reader, and
// searches too big to start. Each property draws members of its family with a fixed seed.
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { defaultsWithSets } from '../../src/scenario/index.js';
import { simulate } from '../../src/sim/simulate.js';
import { captured, lines } from './sinks.js';

const dir = mkdtempSync(join(tmpdir(), 'idemsim-families-'));

/** Every number in the run's metrics and the low end of every interval. */
function nonFinite(sets: readonly string[]): string[] {
  const outcome = defaultsWithSets([...sets, 'actions=200']);
  if (!outcome.ok) throw new Error(outcome.issues.map((i) => i.message).join('; '));
  const result = simulate(outcome.scenario);
  const bad: string[] = [];
  JSON.stringify(result.metrics, (key, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) bad.push(key);
    return v;
  });
  for (const [name, { low }] of Object.entries(result.intervals)) if (!Number.isFinite(low)) bad.push(name);
  return bad;
}

describe('numbers that stay finite', () => {
  it('a rate, a sigma or a p99/p50 ratio is refused outside its bound and finite inside it', () => {
    const rate = fc.oneof(
      fc.double({ min: 5e-324, max: 0.000999, noNaN: true }),
      fc.double({ min: 0.001, max: 1e6, noNaN: true }),
    );
    const sigma = fc.oneof(
      fc.double({ min: 10.000001, max: 1e300, noNaN: true }),
      fc.double({ min: 0, max: 10, noNaN: true }),
    );
    const median = fc.double({ min: 1e-3, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(rate, sigma, median, (r, s, m) => {
        const sets = [`arrivals.rate=${r}`, `service.latency.sigma=${s}`, `service.latency.median=${m}`];
        const outcome = defaultsWithSets(sets);
        const inside = r >= 0.001 && s <= 10;
        expect(outcome.ok).toBe(inside);
        if (inside) expect(nonFinite(sets)).toEqual([]);
      }),
      { seed: 1601, numRuns: 60 },
    );
  });

  it('a profile step rate below 0.001 but above 0 is refused; 0 and 0.001 upwards run finite', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(0), fc.double({ min: 5e-324, max: 1e3, noNaN: true })), (r) => {
        const set = `arrivals.profile=[{until: 1m, rate: ${r}}, {until: 2m, rate: 50}]`;
        const outcome = defaultsWithSets([set]);
        expect(outcome.ok).toBe(r === 0 || r >= 0.001);
        if (outcome.ok) expect(nonFinite([set])).toEqual([]);
      }),
      { seed: 1602, numRuns: 40 },
    );
  });
});

describe('inputs larger than their reader allows', () => {
  // Sparse files: the size is what the reader checks first; no disk is used for it.
  const readers: [string, (path: string) => string[], number][] = [
    ['scenario file', (p) => ['validate', p], 4_000_000],
    ['summary', (p) => ['report', p, '--out', join(dir, 'never')], 256 * 1024 ** 2],
    ['saved run', (p) => ['diff', p, p], 256 * 1024 ** 2],
    ['part', (p) => ['merge', p], 256 * 1024 ** 2],
    ['latency CSV', (p) => ['fit-latency', '--from', p], 64 * 1024 ** 2],
  ];

  it('any file over its reader’s cap is refused in one line naming the limit, before it is read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...readers),
        fc.integer({ min: 1, max: 2 ** 40 }),
        async ([what, args, cap], extra) => {
          const path = join(dir, `big-${what.replace(/ /g, '-')}`);
          writeFileSync(path, '');
          truncateSync(path, cap + extra);
          const ctx = captured({ cwd: dir });
          expect(await cli(args(path), ctx)).toBe(2);
          const said = lines(ctx.err.text);
          expect(said).toHaveLength(1);
          expect(said[0]).toBe(
            `${path}: cannot read: ${cap + extra} bytes, more than the limit of ${cap} bytes for a ${what}`,
          );
        },
      ),
      { seed: 1603, numRuns: 20 },
    );
  });
});

describe('searches too big to start', () => {
  it('recommend refuses any first grid above 10,000 points at once, in one line', async () => {
    const paths = [
      'client.timeout',
      'client.retries',
      'keys.retention',
      'network.replyLoss',
      'network.requestLoss',
      'service.errorRate',
      'arrivals.rate',
      'service.latency.median',
      'client.backoff.base',
      'client.backoff.multiplier',
      'service.latency.sigma',
      'agent.replan.probability',
    ];
    const values: Record<string, string[]> = {
      'client.timeout': ['1s', '2s', '3s', '4s', '5s'],
      'client.retries': ['0', '1', '2', '3', '4'],
      'keys.retention': ['1m', '5m', '10m', '30m', '1h'],
      'network.replyLoss': ['0', '0.01', '0.02', '0.03', '0.04'],
      'network.requestLoss': ['0', '0.01', '0.02', '0.03', '0.04'],
      'service.errorRate': ['0', '0.01', '0.02', '0.03', '0.04'],
      'arrivals.rate': ['10', '20', '30', '40', '50'],
      'service.latency.median': ['100ms', '200ms', '300ms', '400ms', '500ms'],
      'client.backoff.base': ['100ms', '200ms', '300ms', '400ms', '500ms'],
      'client.backoff.multiplier': ['1', '1.5', '2', '2.5', '3'],
      'service.latency.sigma': ['0.2', '0.4', '0.6', '0.8', '1'],
      'agent.replan.probability': ['0', '0.2', '0.4', '0.6', '0.8'],
    };
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(paths, { minLength: 9 }),
        fc.integer({ min: 3, max: 5 }),
        async (chosen, n) => {
          const args = ['recommend', '--target', 'duplicatesPerThousand<=1'];
          for (const p of chosen) args.push('--vary', `${p}=${(values[p] as string[]).slice(0, n).join(',')}`);
          const ctx = captured();
          const code = await cli(args, ctx);
          // An ordered dimension starts from its ends and middle: 9 or more of them, 3^9 = 19,683 points.
          expect(code).toBe(2);
          expect(lines(ctx.err.text)).toHaveLength(1);
          expect(ctx.err.text).toMatch(/^recommend: the search would start from [\d,]+ points .* at most 10,000/);
        },
      ),
      { seed: 1604, numRuns: 10 },
    );
  });
});

describe('arguments echoed in a refusal', () => {
  it('a --vary of any length is shown cut short, on one line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 200_000 }), async (n) => {
        const ctx = captured();
        expect(await cli(['sweep', '--vary', `client.timeout=${'a'.repeat(n)}`], ctx)).toBe(2);
        expect(lines(ctx.err.text)).toHaveLength(1);
        expect(ctx.err.text.length).toBeLessThan(400);
      }),
      { seed: 1606, numRuns: 10 },
    );
  });
});
