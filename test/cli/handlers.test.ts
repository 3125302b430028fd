// `idemsim handlers`: the listing of the five profiles; and `--compare`, one small scenario
// as given and under each profile on one seed. Claims about the comparison are what the
// model guarantees (equal fields on one seed give equal numbers), not statistics.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { HANDLER_NAMES } from '../../src/model/handlers.js';
import { HANDLERS } from '../../src/presets/handlers.js';
import { ERROR_LINE, captured, lines } from './sinks.js';

async function idemsim(args: readonly string[], cwd = process.cwd()) {
  const ctx = captured({ cwd });
  const code = await cli(['handlers', ...args], ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

describe('idemsim handlers', () => {
  it('lists the five profiles, each with the fields it fills, its source and how it was checked', async () => {
    const r = await idemsim([]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    for (const name of HANDLER_NAMES) {
      const row = lines(r.out).find((line) => line.startsWith(`${name} `));
      expect(row?.split(/\s{3,}/).at(-1), name).toBe(HANDLERS[name].checked === 'run' ? 'run' : 'docs');
      expect(r.out.replace(/\s+/g, ' ')).toContain(`source: ${HANDLERS[name].source}`);
    }
    const express = lines(r.out)
      .find((line) => line.startsWith('express-idempotency '))
      ?.split(/\s{3,}/);
    expect(express).toEqual(expect.arrayContaining(['read-then-write', '417', 'delete']));
    expect(express?.at(-1)).toBe('run');
    // Powertools has no lease of its own: the scenario must set it.
    expect(lines(r.out).find((line) => line.startsWith('powertools '))).toMatch(/ \(set\) /);
  });

  it('prints JSON: each profile with name, description, source, checked, values by path and requires', async () => {
    const r = await idemsim(['--format', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as {
      handlers: { name: string; values: Record<string, unknown>; requires: string[] }[];
    };
    expect(doc.handlers.map((h) => h.name)).toEqual([...HANDLER_NAMES]);
    const powertools = doc.handlers.find((h) => h.name === 'powertools');
    expect(powertools?.requires).toEqual(['keys.lease']);
    expect(powertools?.values).toMatchObject({ 'keys.handler': 'powertools', 'keys.errors': 'delete' });
  });

  it('refuses the options of --compare without it, in one line, exit 2', async () => {
    for (const args of [
      ['--out', 'r'],
      ['--set', 'actions=10'],
      ['--format', 'csv'],
    ]) {
      const r = await idemsim(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(lines(r.err), args.join(' ')).toEqual([expect.stringMatching(ERROR_LINE)]);
    }
  });
});

const SCENARIO = [
  'name: small',
  'actions: 2000',
  'service: { failure: { probability: 2% } }',
  'keys: { scope: intent }',
  '',
].join('\n');

function workspace(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'idemsim-handlers-'));
  writeFileSync(join(cwd, 'small.yaml'), SCENARIO);
  return cwd;
}

interface Row {
  handler: string;
  scope: string;
  keys: Record<string, unknown>;
  metrics: Record<string, unknown> & { duplicatesPerThousand: number };
  intervals: Record<string, { low: number; high: number }>;
}

async function compared(args: readonly string[] = []): Promise<{ seed: number; rows: Row[]; err: string }> {
  const r = await idemsim(['--compare', 'small.yaml', '--format', 'json', ...args], workspace());
  expect(r.code, r.err).toBe(0);
  const { comparison } = JSON.parse(r.out) as { comparison: { seed: number; rows: Row[] } };
  return { ...comparison, err: r.err };
}

describe('idemsim handlers --compare', () => {
  it('runs the scenario as given first, then every profile in order, on the scenario’s seed', async () => {
    const { seed, rows } = await compared(['--seed', '7']);
    expect(seed).toBe(7);
    expect(rows.map((row) => row.handler)).toEqual(['yours', ...HANDLER_NAMES]);
    // reference, node-idempotency and stripe set the model's fields alike (a 422, 417 and
    // 400 are all mismatches): on one seed they draw the same numbers, and so does the
    // scenario as given, which is the reference handler.
    const same = rows.filter((row) => ['yours', 'reference', 'node-idempotency', 'stripe'].includes(row.handler));
    for (const row of same) expect(row.metrics, row.handler).toEqual(rows[0]?.metrics);
  });

  it('replaces the scenario’s keys fields with each profile’s, and keeps its scope', async () => {
    const { rows } = await compared();
    const keys = (handler: string) => rows.find((row) => row.handler === handler)?.keys;
    expect(keys('express-idempotency')).toMatchObject({
      claim: 'read-then-write',
      mismatchStatus: 417,
      errors: 'delete',
    });
    expect(keys('powertools')).toMatchObject({ claim: 'atomic', fingerprint: false, errors: 'delete' });
    for (const row of rows) expect(row.scope, row.handler).toBe('intent');
  });

  it('has every interval of the table in each row', async () => {
    const { rows } = await compared();
    for (const row of rows) {
      expect(Object.keys(row.intervals), row.handler).toEqual(
        expect.arrayContaining([
          'duplicatesPerThousand',
          'unknownPerThousand',
          'lostPerThousand',
          'falseFailuresPerThousand',
          'conflictRate',
          'mismatchRate',
        ]),
      );
      expect(row.metrics).toHaveProperty('responses');
    }
  });

  it('duplicates after a failure only where the library deletes the error: a stored 500 is never run again', async () => {
    const { rows } = await compared();
    const duplicates = (handler: string) => rows.find((row) => row.handler === handler)?.metrics.duplicatesPerThousand;
    expect(duplicates('reference')).toBe(0);
    expect(duplicates('express-idempotency')).toBeGreaterThan(0);
    expect(duplicates('powertools')).toBeGreaterThan(0);
  });

  it('prints the results, then the settings each row ran with: express-idempotency reads then writes', async () => {
    const r = await idemsim(['--compare', 'small.yaml'], workspace());
    expect(r.code, r.err).toBe(0);
    const [results, settings] = r.out.split('Settings each row ran with:\n') as [string, string];
    expect(lines(results)[1]).toMatch(
      /^handler +duplicates \/ 1000 +.* 409 rate +mismatch rate +500s +key store, peak$/,
    );
    for (const name of ['yours', ...HANDLER_NAMES])
      expect(lines(results).some((line) => line.startsWith(`${name} `))).toBe(true);
    const head = lines(settings)[0]?.split(/\s{3,}/) ?? [];
    const express = lines(settings)
      .find((line) => line.startsWith('express-idempotency '))
      ?.split(/\s{3,}/);
    const at = (column: string) => express?.[head.indexOf(column)];
    expect([at('claim'), at('mismatchStatus'), at('errors'), at('lease'), at('scope')]).toEqual([
      'read-then-write',
      '417',
      'delete',
      'none',
      'intent',
    ]);
  });

  it('notes on stderr the lease powertools runs with when the scenario sets none, and not when it does', async () => {
    const { rows, err } = await compared();
    expect(lines(err)).toEqual([
      "note: powertools has no default for keys.lease (the Lambda's remaining time at the claim); the scenario does not set it, so the powertools row runs with 3s (Lambda's default function timeout): set keys.lease to yours",
    ]);
    expect(rows.find((row) => row.handler === 'powertools')?.keys['lease']).toBe(3000);
    const set = await compared(['--set', 'keys.lease=15m']);
    expect(set.err).toBe('');
    expect(set.rows.find((row) => row.handler === 'powertools')?.keys['lease']).toBe(900_000);
    // The other libraries have no lease, whatever the scenario says.
    expect(set.rows.find((row) => row.handler === 'node-idempotency')?.keys['lease']).toBe('none');
  });

  it('gives a scenario without a key an intent key for every profile, and says so', async () => {
    const { rows, err } = await compared(['--set', 'keys.scope=none', '--set', 'keys.lease=1m']);
    expect(rows.map((row) => row.scope)).toEqual(['none', ...HANDLER_NAMES.map(() => 'intent')]);
    expect(lines(err)).toEqual([expect.stringMatching(/^note: the scenario sends no key \(keys\.scope none\)/)]);
  });

  it('prints tidy CSV: one line per row and metric', async () => {
    const r = await idemsim(['--compare', 'small.yaml', '--format', 'csv', '--quiet'], workspace());
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const csv = lines(r.out);
    expect(csv[0]).toBe('handler,scope,metric,value,ci_low,ci_high');
    expect(csv).toHaveLength(1 + (1 + HANDLER_NAMES.length) * 9);
    expect(csv[1]).toMatch(/^yours,intent,duplicatesPerThousand,0,0,/);
  });

  it.each([
    [['--compare', 'small.yaml', '--format', 'xml'], /^--format: unknown format 'xml'/],
    [['--compare', 'missing.yaml'], /^missing\.yaml: cannot read/],
    [['--compare', 'small.yaml', '--set', 'keys.claim=sometimes'], /^--set keys\.claim=sometimes/],
  ])('refuses %j in one line, exit 2, no stack trace', async (args, message) => {
    const r = await idemsim(args, workspace());
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(lines(r.err)).toEqual([expect.stringMatching(message)]);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('writes a report folder with the chart, byte for byte the same on a second run', async () => {
    const cwd = workspace();
    const args = ['--compare', 'small.yaml', '--actions', '400', '--format', 'json', '--quiet'];
    const first = await idemsim([...args, '--out', 'a'], cwd);
    expect(first.code, first.err).toBe(0);
    const names = readdirSync(join(cwd, 'a')).sort();
    expect(names).toEqual(
      [
        'handlers-compare.svg',
        'handlers-compare.vl.json',
        'index.html',
        'scenario.yaml',
        'summary.csv',
        'summary.json',
        'table.txt',
      ].sort(),
    );
    expect(readFileSync(join(cwd, 'a', 'handlers-compare.svg'), 'utf8')).toMatch(/^<svg /);
    expect(readFileSync(join(cwd, 'a', 'summary.json'), 'utf8')).toBe(first.out);
    expect((await idemsim([...args, '--out', 'b'], cwd)).code).toBe(0);
    for (const name of names) {
      expect(readFileSync(join(cwd, 'b', name)), name).toEqual(readFileSync(join(cwd, 'a', name)));
    }
    expect(existsSync(join(cwd, 'a', 'handlers-compare.png'))).toBe(false);
  });
});
