// `idemsim presets`: the listing, one preset, JSON, a wrong name; and `--compare`, each
// preset on one small scenario with the client's own key and with an intent key. Claims
// about the comparison are what the model guarantees, not statistics.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { PRESET_NAMES } from '../../src/model/presets.js';
import { PRESETS } from '../../src/presets/presets.js';
import { ERROR_LINE, captured, lines } from './sinks.js';

async function idemsim(args: readonly string[], cwd = process.cwd()) {
  const ctx = captured({ cwd });
  const code = await cli(['presets', ...args], ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

describe('idemsim presets', () => {
  it('lists every preset, one row each, with its source and version', async () => {
    const r = await idemsim([]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    for (const name of PRESET_NAMES) {
      expect(lines(r.out).filter((line) => line.startsWith(`${name} `))).toHaveLength(2);
      expect(r.out).toContain(PRESETS[name].version);
    }
  });

  it("writes durations as a scenario file does: stripe's 80s timeout, 500ms floor and call key", async () => {
    const row = lines((await idemsim([])).out).find((line) => line.startsWith('stripe '));
    expect(row?.split(/\s{3,}/)).toEqual([
      'stripe',
      '80s',
      '2',
      '250ms x2 to 5s',
      'U(0.5, 1)',
      '500ms',
      'none',
      'none',
      'none',
      'call',
    ]);
  });

  it('marks what the scenario must set: temporal has no default retries, timeout or deadline', async () => {
    const row = lines((await idemsim([])).out).find((line) => line.startsWith('temporal '));
    expect(row?.split(/\s{3,}/)).toEqual(expect.arrayContaining(['(set)', '1s x2 to 100s']));
    expect(row?.match(/\(set\)/g)).toHaveLength(3);
  });

  it('shows one preset as scenario fields, with what the scenario must set', async () => {
    const r = await idemsim(['langgraph']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^client\.backoff\.max\s+128s$/m);
    expect(r.out).toMatch(/^client\.backoff\.jitter\s+\{ additive: \[0ms, 1s\] \}$/m);
    expect(r.out).toMatch(/^client\.retryConflicts\s+false$/m);
    expect(r.out).toContain('checked: by running its real package beside the model (idemsim presets --verify)');
    expect(r.out).toContain(`source: ${PRESETS.langgraph.source}`);
    expect(r.out).toContain('The scenario must set: client.timeout');
    expect(r.out).not.toMatch(/^client\.timeout/m);
  });

  it('prints JSON: each preset with name, description, source, version, values by path (ms) and requires', async () => {
    const r = await idemsim(['--format', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { idemsim: string; presets: Record<string, unknown>[] };
    expect(Object.keys(doc)).toEqual(['idemsim', 'presets']);
    expect(doc.presets.map((p) => p['name'])).toEqual([...PRESET_NAMES]);
    for (const preset of doc.presets) {
      expect(Object.keys(preset)).toEqual(['name', 'description', 'source', 'version', 'values', 'requires']);
    }
    const stripe = doc.presets[PRESET_NAMES.indexOf('stripe')] as { values: Record<string, unknown> };
    expect(stripe.values).toMatchObject({
      'client.timeout': 80_000,
      'client.backoff.floor': 500,
      'keys.scope': 'call',
    });
    const aws = doc.presets[PRESET_NAMES.indexOf('aws-standard')] as { values: Record<string, unknown> };
    expect(aws.values['client.throttle']).toEqual({ capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 });
    expect(doc.presets[PRESET_NAMES.indexOf('temporal')]?.['requires']).toEqual([
      'client.retries',
      'client.timeout',
      'client.deadline',
    ]);
  });

  it('refuses an unknown name in one line, with the nearest preset, exit 2', async () => {
    const r = await idemsim(['opneai']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(lines(r.err)).toEqual(["presets: unknown preset 'opneai'; did you mean 'openai'?"]);
    const far = await idemsim(['grpc']);
    expect(far.code).toBe(2);
    expect(lines(far.err)).toHaveLength(1);
    expect(far.err).toContain(`the presets are ${PRESET_NAMES.join(', ')}`);
  });

  it('refuses the options of --compare without it', async () => {
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
  'actions: 1500',
  'service: { errorRate: 5% }',
  'network: { replyLoss: 5% }',
  'client: { timeout: 30s, retries: 4, deadline: 5m }',
  'incidents:',
  '  - { at: 10s, for: 10s, errorRate: 70% }',
  '',
].join('\n');

function workspace(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'idemsim-presets-'));
  writeFileSync(join(cwd, 'small.yaml'), SCENARIO);
  return cwd;
}

interface Row {
  preset: string;
  key: string;
  scope: string;
  client: Record<string, unknown>;
  metrics: { duplicatesBySource: { transport: number }; retriesRefused: { budget: number; throttle: number } };
  intervals: Record<string, { low: number; high: number }>;
}

describe('idemsim presets --compare', () => {
  it('runs the scenario as given first, then every preset with the client key and with an intent key, in preset order', async () => {
    const r = await idemsim(['--compare', 'small.yaml', '--format', 'json'], workspace());
    expect(r.code, r.err).toBe(0);
    const [yours, ...rows] = (JSON.parse(r.out) as { comparison: { rows: Row[] } }).comparison.rows;
    expect(rows.map((row) => `${row.preset}/${row.key}`)).toEqual(
      PRESET_NAMES.flatMap((name) => [`${name}/client`, `${name}/intent`]),
    );
    // The user's own configuration: the file's client (no preset) and its own key.
    expect(yours).toMatchObject({ preset: 'yours', key: 'given', scope: 'none' });
    expect(yours?.client).toMatchObject({ timeout: 30_000, retries: 4 });
    expect(yours?.client).not.toHaveProperty('preset');
    for (const row of rows) {
      const own = row.preset === 'stripe' ? 'call' : 'none';
      expect(row.scope, `${row.preset}/${row.key}`).toBe(row.key === 'intent' ? 'intent' : own);
      expect(row.client['preset']).toBe(row.preset);
      expect(Object.keys(row.intervals)).toEqual(
        expect.arrayContaining([
          'duplicatesPerThousand',
          'unknownPerThousand',
          'lostPerThousand',
          'attemptsPerAction',
          'latency.call.p95',
          'latency.call.p99',
        ]),
      );
      // A key store has an interval where there is a key.
      if (row.scope !== 'none') expect(Object.keys(row.intervals)).toContain('keyStore.steadyStateBytes');
    }
  });

  it('replaces the client block, and keeps the scenario where the client has no default', async () => {
    const r = await idemsim(['--compare', 'small.yaml', '--format', 'json'], workspace());
    const rows = (JSON.parse(r.out) as { comparison: { rows: Row[] } }).comparison.rows;
    const client = (preset: string): Record<string, unknown> => rows.find((row) => row.preset === preset)?.client ?? {};
    expect(client('openai')).toMatchObject({ timeout: 600_000, retries: 2, deadline: 'none' });
    expect(client('envoy')).toMatchObject({ deadline: 15_000, budget: { percent: 20, minConcurrency: 3 } });
    expect(client('temporal')).toMatchObject({ timeout: 30_000, retries: 4, deadline: 300_000 });
    expect(client('vercel-ai')).toMatchObject({ timeout: 30_000, retries: 2 });
  });

  it('has no transport duplicates where every retry carries the first attempt’s key (intent, and stripe’s own)', async () => {
    const r = await idemsim(['--compare', 'small.yaml', '--format', 'json'], workspace());
    const rows = (JSON.parse(r.out) as { comparison: { rows: Row[] } }).comparison.rows;
    const keyed = rows.filter((row) => row.scope !== 'none');
    expect(keyed).toHaveLength(PRESET_NAMES.length + 1);
    for (const row of keyed) expect(row.metrics.duplicatesBySource.transport, row.preset).toBe(0);
    // The scenario makes retries matter: without a key, blind retries do duplicate.
    const blind = rows.filter((row) => row.scope === 'none');
    expect(blind.some((row) => row.metrics.duplicatesBySource.transport > 0)).toBe(true);
    // Only the presets with a quota or a budget refuse retries.
    const refusing = rows.filter((row) => row.metrics.retriesRefused.budget + row.metrics.retriesRefused.throttle > 0);
    expect(new Set(refusing.map((row) => row.preset))).toEqual(new Set(['aws-standard', 'aws-2026', 'envoy']));
  });

  it('prints a table of 19 rows with p99 and the key store beside p95, and tidy CSV of 19 x 7 values', async () => {
    const cwd = workspace();
    const table = await idemsim(['--compare', 'small.yaml'], cwd);
    expect(table.code).toBe(0);
    const body = lines(table.out).filter((line) => / (client: (none|call)|intent|as given: none) /.test(line));
    expect(body).toHaveLength(1 + 2 * PRESET_NAMES.length);
    expect(body[0]).toMatch(/^yours +as given: none /);
    expect(lines(table.out)[1]).toMatch(/ call p95 +call p99 +key store$/);
    expect(table.out).toContain('small: the scenario as given, then 9 presets x 2 keys, seed 1, 1,500 actions each');
    const csv = await idemsim(['--compare', 'small.yaml', '--format', 'csv'], cwd);
    const csvLines = lines(csv.out);
    expect(csvLines[0]).toBe('preset,key,scope,metric,value,ci_low,ci_high');
    expect(csvLines).toHaveLength(1 + (1 + 2 * PRESET_NAMES.length) * 7);
    expect(csvLines[1]).toMatch(/^yours,given,none,duplicatesPerThousand,/);
    expect(csvLines[8]).toMatch(/^openai,client,none,duplicatesPerThousand,/);
  });

  it('runs one preset alone when named', async () => {
    const r = await idemsim(['stripe', '--compare', 'small.yaml', '--format', 'csv'], workspace());
    expect(r.code).toBe(0);
    expect(
      lines(r.out)
        .slice(1)
        .map((line) => line.split(',').slice(0, 3).join(',')),
    ).toEqual([
      ...Array(7).fill('yours,given,none'),
      ...Array(7).fill('stripe,client,call'),
      ...Array(7).fill('stripe,intent,intent'),
    ]);
  });

  it('notes on stderr which defaults a preset without them takes from idemsim', async () => {
    const r = await idemsim(['temporal', '--compare', '--actions', '200', '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(lines(r.err)).toEqual([
      "note: temporal has no default for client.retries, client.timeout or client.deadline; the scenario does not set them, so idemsim's default applies",
    ]);
  });

  it('writes a report folder, byte for byte the same on a second run', async () => {
    const cwd = workspace();
    const args = ['--compare', 'small.yaml', '--actions', '400', '--format', 'json'];
    const first = await idemsim([...args, '--out', 'a'], cwd);
    expect(first.code, first.err).toBe(0);
    expect(lines(first.err)).toEqual([`report written to ${join('a', 'index.html')}`]);
    const names = readdirSync(join(cwd, 'a')).sort();
    expect(names).toEqual(
      [
        'index.html',
        'presets-compare.svg',
        'presets-compare.vl.json',
        'scenario.yaml',
        'summary.csv',
        'summary.json',
        'table.txt',
      ].sort(),
    );
    expect(readFileSync(join(cwd, 'a', 'summary.json'), 'utf8')).toBe(first.out);
    // An earlier report folder is replaced; the same input writes the same bytes.
    expect((await idemsim([...args, '--out', 'a'], cwd)).code).toBe(0);
    expect((await idemsim([...args, '--out', 'b'], cwd)).code).toBe(0);
    for (const name of names) {
      expect(readFileSync(join(cwd, 'b', name)), name).toEqual(readFileSync(join(cwd, 'a', name)));
    }
  });

  it('regenerates the committed reports/clients byte for byte', async () => {
    const out = mkdtempSync(join(tmpdir(), 'idemsim-clients-'));
    const r = await idemsim(['--compare', 'scenarios/clients-compare.yaml', '--out', join(out, 'clients'), '--quiet']);
    expect(r.code, r.err).toBe(0);
    const committed = join(process.cwd(), 'reports', 'clients');
    const names = readdirSync(committed).sort();
    expect(readdirSync(join(out, 'clients')).sort()).toEqual(names);
    for (const name of names) {
      expect(readFileSync(join(out, 'clients', name), 'utf8'), name).toBe(readFileSync(join(committed, name), 'utf8'));
    }
  });
});
