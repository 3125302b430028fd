// `idemsim run` called in-process with captured sinks. The tests that simulate need the
// scenario loader and the core; the others stop before simulating.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { run } from '../../src/cli/run.js';
import { VERSION } from '../../src/cli/version.js';
import { EXTENDED_METRICS, shownMetrics } from '../../src/model/metrics.js';
import { NO_GROUP } from '../../src/model/metric-types.js';
import { TIME_SERIES_HEADER } from '../../src/report/run/time-series.js';
import { ERROR_LINE, captured, hasAnsi, lines } from './sinks.js';

describe('idemsim run: input errors', () => {
  it('rejects an unknown --format with one line naming the choices, exit 2', async () => {
    const ctx = captured();
    expect(await run([], { format: 'yaml' }, ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual(["--format: unknown format 'yaml'; choose table, json or csv"]);
    expect(ctx.out.text).toBe('');
  });

  it('rejects an unknown --format given on the command line the same way', async () => {
    const ctx = captured();
    expect(await cli(['run', '--format', 'yaml'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toHaveLength(1);
  });

  it('rejects an unknown option with commander’s one line, exit 2', async () => {
    const ctx = captured();
    expect(await cli(['run', '--sed', '3'], ctx)).toBe(2);
    const printed = lines(ctx.err.text);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^error: unknown option '--sed'/);
  });

  it('rejects an option without its argument, exit 2', async () => {
    const ctx = captured();
    expect(await cli(['run', '--set'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual(["error: option '--set <path=value>' argument missing"]);
  });

  it('rejects an unknown command, exit 2', async () => {
    const ctx = captured();
    expect(await cli(['rnu'], ctx)).toBe(2);
    expect(ctx.err.text).toMatch(/unknown command 'rnu'/);
  });

  it('reports a missing file as FILE: cannot read, exit 2', async () => {
    const ctx = captured({ cwd: mkdtempSync(join(tmpdir(), 'idemsim-')) });
    expect(await run(['missing.yaml'], {}, ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual(['missing.yaml: cannot read: no such file']);
  });

  it('reports a directory as unreadable', async () => {
    const ctx = captured({ cwd: tmpdir() });
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-'));
    expect(await run([dir], {}, ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([`${dir}: cannot read: is a directory`]);
  });
});

describe('idemsim --help and --version', () => {
  it('teaches run: what it answers, each option with its default, and examples', async () => {
    const ctx = captured();
    expect(await cli(['run', '--help'], ctx)).toBe(0);
    const help = ctx.out.text;
    expect(help).toMatch(/Usage: idemsim run \[options\] \[FILES\.\.\.\]/);
    expect(help).toMatch(/duplicates/);
    for (const option of ['--set <path=value>', '--seed <seed>', '--actions <n>', '--format <format>']) {
      expect(help).toContain(option);
    }
    expect(help.match(/\(default: /g)?.length).toBeGreaterThanOrEqual(4);
    expect(help).toContain('$ npx idemsim run\n');
    expect(help).toContain('$ npx idemsim run scenarios/refunds-2-call-key.yaml --set keys.retention=5m');
    expect(help).toContain('$ npx idemsim run scenarios/refunds-1-no-key.yaml \\\n');
    expect(ctx.err.text).toBe('');
  });

  it('prints the package version', async () => {
    const ctx = captured();
    expect(await cli(['--version'], ctx)).toBe(0);
    expect(ctx.out.text).toBe(`${VERSION}\n`);
  });
});

// These need the scenario loader and the simulation core.
describe('idemsim run: simulating', () => {
  it('prints JSON for the built-in defaults, exit 0', async () => {
    const ctx = captured();
    expect(await cli(['run', '--actions', '300', '--format', 'json'], ctx)).toBe(0);
    const doc = JSON.parse(ctx.out.text) as {
      idemsim: string;
      runs: { scenario: { name: string; actions: number } }[];
    };
    expect(doc.idemsim).toBe(VERSION);
    expect(doc.runs.map((r) => [r.scenario.name, r.scenario.actions])).toEqual([['article-defaults', 300]]);
    expect(ctx.err.text).toBe('');
  });

  it('treats --seed and --actions exactly as --set seed= and --set actions=', async () => {
    const short = captured();
    const long = captured();
    await cli(['run', '--seed', '7', '--actions', '200', '--format', 'csv'], short);
    await cli(['run', '--set', 'seed=7', '--set', 'actions=200', '--format', 'csv'], long);
    expect(short.out.text).toBe(long.out.text);
    expect(short.out.text).not.toBe('');
  });

  it('lets the later of --set and its shorthand win', async () => {
    const a = captured();
    const b = captured();
    await cli(['run', '--set', 'actions=100', '--actions', '200', '--format', 'json'], a);
    await cli(['run', '--actions', '200', '--set', 'actions=100', '--format', 'json'], b);
    expect((JSON.parse(a.out.text) as { runs: { scenario: { actions: number } }[] }).runs[0]?.scenario.actions).toBe(
      200,
    );
    expect((JSON.parse(b.out.text) as { runs: { scenario: { actions: number } }[] }).runs[0]?.scenario.actions).toBe(
      100,
    );
  });

  it('validates shorthands like --set: --actions 0 is an input error', async () => {
    const ctx = captured();
    expect(await cli(['run', '--actions', '0'], ctx)).toBe(2);
    expect(lines(ctx.err.text).every((line) => ERROR_LINE.test(line))).toBe(true);
    expect(ctx.err.text).not.toContain('    at ');
  });

  it('puts several scenarios side by side, one column each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-'));
    writeFileSync(join(dir, 'a.yaml'), 'name: first\nactions: 200\n');
    writeFileSync(join(dir, 'b.yaml'), 'name: second\nactions: 200\nkeys:\n  scope: intent\n');
    const ctx = captured({ cwd: dir });
    expect(await run(['a.yaml', 'b.yaml'], {}, ctx)).toBe(0);
    expect(ctx.out.text.split('\n')[0]).toMatch(/^ +first +second$/);
  });

  it('reports every unreadable file and invalid scenario in one go', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-'));
    writeFileSync(join(dir, 'bad.yaml'), 'actions: -1\n');
    const ctx = captured({ cwd: dir });
    expect(await run(['nope.yaml', 'bad.yaml'], {}, ctx)).toBe(2);
    const printed = lines(ctx.err.text);
    expect(printed[0]).toBe('nope.yaml: cannot read: no such file');
    expect(printed[1]).toMatch(/^bad\.yaml:1:\d+: /);
  });

  it('colours the table only on a terminal without NO_COLOR', async () => {
    const plain = captured({ isTTY: false });
    const tty = captured({ isTTY: true });
    const noColor = captured({ isTTY: true, env: { NO_COLOR: '1' } });
    for (const ctx of [plain, tty, noColor]) expect(await run([], { sets: ['actions=100'] }, ctx)).toBe(0);
    expect(hasAnsi(plain.out.text)).toBe(false);
    expect(hasAnsi(noColor.out.text)).toBe(false);
    expect(hasAnsi(tty.out.text)).toBe(true);
  });
});

/** A scenario file with extended features: an incident (so a time series) and a crashing worker. */
const INCIDENT = [
  'name: incident',
  'actions: 600',
  'arrivals:',
  '  rate: 5',
  'service:',
  '  crash:',
  '    probability: 0.01',
  'keys:',
  '  scope: intent',
  'incidents:',
  '  - at: 30s',
  '    for: 30s',
  '    latencyFactor: 4',
  'report:',
  '  interval: 10s',
  '',
].join('\n');

const leaf = (metrics: unknown, name: string): unknown =>
  name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], metrics);

describe('idemsim run: the extended metrics in the output', () => {
  it('writes no extended metric and no time series for a scenario that uses no optional feature', async () => {
    const json = captured();
    const csv = captured();
    expect(await cli(['run', '--actions', '200', '--format', 'json'], json)).toBe(0);
    expect(await cli(['run', '--actions', '200', '--format', 'csv'], csv)).toBe(0);
    const [run] = (JSON.parse(json.out.text) as { runs: Record<string, unknown>[] }).runs;
    expect(Object.keys(run ?? {})).toEqual(['scenario', 'metrics', 'intervals', 'batches']);
    for (const name of EXTENDED_METRICS) expect(leaf(run?.['metrics'], name), name).toBeUndefined();
    expect(csv.out.text.trimEnd().split('\n')).toHaveLength(1 + shownMetrics(NO_GROUP).length);
  });

  it('writes the extended metrics and the time series, after the intervals, for a scenario with an optional feature', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-'));
    writeFileSync(join(dir, 'incident.yaml'), INCIDENT);
    const ctx = captured({ cwd: dir });
    expect(await run(['incident.yaml'], { format: 'json' }, ctx)).toBe(0);
    const [doc] = (JSON.parse(ctx.out.text) as { runs: Record<string, unknown>[] }).runs;
    expect(Object.keys(doc ?? {})).toEqual(['scenario', 'metrics', 'intervals', 'timeSeries', 'batches']);
    for (const name of EXTENDED_METRICS) expect(typeof leaf(doc?.['metrics'], name), name).toBe('number');
    const series = doc?.['timeSeries'] as { interval: number; points: { t: number }[] };
    expect(series.interval).toBe(10_000);
    expect(series.points.map((p) => p.t).slice(0, 3)).toEqual([0, 10_000, 20_000]);
  });

  it('adds timeseries.csv, timeseries.json and the dashboard chart to the report folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-'));
    writeFileSync(join(dir, 'incident.yaml'), INCIDENT);
    const ctx = captured({ cwd: dir });
    expect(await run(['incident.yaml'], { out: 'report', quiet: true }, ctx)).toBe(0);
    const file = (name: string) => readFileSync(join(dir, 'report', name), 'utf8');
    const csv = file('timeseries.csv').trimEnd().split('\n');
    expect(csv[0]).toBe(TIME_SERIES_HEADER.join(','));
    const json = JSON.parse(file('timeseries.json')) as { runs: { timeSeries: { points: unknown[] } }[] };
    expect(csv).toHaveLength(1 + (json.runs[0]?.timeSeries.points.length ?? 0));
    expect(existsSync(join(dir, 'report', 'timeseries.svg'))).toBe(true);
    expect(existsSync(join(dir, 'report', 'timeseries.vl.json'))).toBe(true);
    expect(file('index.html')).toContain('id="chart-timeseries"');
    expect(file('timeseries.svg')).toContain('incident: latency ×4');
  });

  it('writes no time-series files for a basic scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-'));
    const ctx = captured({ cwd: dir });
    expect(await run([], { sets: ['actions=200'], out: 'report', quiet: true }, ctx)).toBe(0);
    expect(existsSync(join(dir, 'report', 'timeseries.csv'))).toBe(false);
    expect(existsSync(join(dir, 'report', 'timeseries.svg'))).toBe(false);
  });
});

describe('idemsim run: a client preset', () => {
  it("--set client.preset=stripe resolves to Stripe's client and its call key in the report's scenario", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-'));
    const ctx = captured({ cwd: dir });
    expect(await run([], { sets: ['client.preset=stripe', 'actions=300'], out: 'report', quiet: true }, ctx)).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'report', 'summary.json'), 'utf8')) as {
      runs: { scenario: { client: unknown; keys: { scope: string } } }[];
    };
    const scenario = summary.runs[0]?.scenario;
    expect(scenario?.keys.scope).toBe('call');
    expect(scenario?.client).toEqual({
      preset: 'stripe',
      timeout: 80_000,
      retries: 2,
      backoff: { base: 250, multiplier: 2, max: 5000, jitter: { proportional: [0.5, 1] }, floor: 500 },
      deadline: 'none',
    });
    // The HTML report's settings show each resolved field, not marked as idemsim's default.
    const html = readFileSync(join(dir, 'report', 'index.html'), 'utf8')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    for (const shown of [
      'client.preset stripe',
      'client.timeout 80 s',
      'client.retries 2',
      'client.backoff.base 250 ms',
      'client.backoff.jitter d × U(0.5, 1)',
      'client.backoff.floor 500 ms',
      'keys.scope call',
    ]) {
      expect(html).toContain(`${shown} `);
      expect(html).not.toContain(`${shown} default`);
    }
  });
});

describe('idemsim run and check: warnings', () => {
  const args = ['scenarios/crash-transactional.yaml', '--set', 'keys.lease=30s', '--actions', '500'];

  it('run prints a field that has no effect as one FILE:LINE:COL: warning line on stderr, and still runs', async () => {
    const ctx = captured();
    expect(await cli(['run', ...args, '--format', 'json'], ctx)).toBe(0);
    expect(lines(ctx.err.text)).toEqual([
      '--set keys.lease=30s:1:6: warning: keys.lease: a crashed transaction holds no row: lease has no effect with transactional: true; remove lease, or set transactional: false',
    ]);
    expect(JSON.parse(ctx.out.text).runs).toHaveLength(1);
  });

  it('check prints it once too, and judges the bounds as usual', async () => {
    const ctx = captured();
    expect(await cli(['check', ...args, '--format', 'json'], ctx)).toBe(0);
    expect(lines(ctx.err.text).filter((l) => l.includes('warning:'))).toHaveLength(1);
  });
});
