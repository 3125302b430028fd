// The real binary, as a user runs it: `node bin/idemsim.js` on the dist/ built by
// global-setup.ts; malformed scenarios are refused in-process, with the same lines and exit.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { idemsim, requireBuild } from './binary.js';
import { inProcess } from './in-process.js';
import { shownMetrics } from '../../src/model/metrics.js';
import { NO_GROUP } from '../../src/model/metric-types.js';

/** What a basic run reports: every metric of no optional group. */
const BASIC_METRICS = shownMetrics(NO_GROUP).map((info) => info.name);
import { ERROR_LINE, hasAnsi, lines } from './sinks.js';
import { ALIAS_BOMB } from '../fixtures/malformed.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const VERSION = PACKAGE.version;

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

beforeAll(requireBuild);

describe('idemsim run (binary)', () => {
  it('prints valid JSON with the documented fields, exit 0', () => {
    const { status, stdout, stderr } = idemsim(['run', '--actions', '2000', '--format', 'json']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const doc = JSON.parse(stdout) as {
      idemsim: string;
      runs: {
        scenario: Record<string, unknown>;
        metrics: Record<string, unknown>;
        intervals: Record<string, unknown>;
      }[];
    };
    expect(Object.keys(doc)).toEqual(['idemsim', 'runs']);
    expect(doc.idemsim).toBe(VERSION);
    expect(doc.runs).toHaveLength(1);
    const run = doc.runs[0];
    expect(Object.keys(run ?? {})).toEqual(['scenario', 'metrics', 'intervals', 'batches']);
    expect(run?.scenario['name']).toBe('article-defaults');
    expect(run?.scenario['actions']).toBe(2000);
    for (const name of BASIC_METRICS) {
      const value = name
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], run?.metrics);
      expect(typeof value, name).toBe('number');
    }
    expect(run?.metrics['actions']).toBe(2000);
    expect(Object.keys(run?.metrics ?? {})).not.toContain('serverCrashes');
    for (const [name, interval] of Object.entries(run?.intervals ?? {})) {
      expect(BASIC_METRICS, name).toContain(name);
      expect(Object.keys(interval as object)).toEqual(['low', 'high']);
    }
  });

  it('gives byte-identical output for the same arguments', () => {
    const args = ['run', '--actions', '2000', '--format', 'json'];
    const first = idemsim(args);
    const second = idemsim(args);
    expect(first.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });

  it('prints a plain table when the output is not a terminal', () => {
    const { status, stdout } = idemsim(['run', '--actions', '500']);
    expect(status).toBe(0);
    expect(stdout.split('\n')[1]).toBe('Headline');
    expect(hasAnsi(stdout)).toBe(false);
  });

  it('prints CSV with the tidy header', () => {
    const { status, stdout } = idemsim(['run', '--actions', '500', '--format', 'csv']);
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toBe('scenario,metric,value,ci_low,ci_high');
    expect(stdout.trimEnd().split('\n')).toHaveLength(1 + BASIC_METRICS.length);
  });

  it('exits 2 with one line for a usage error', () => {
    const { status, stdout, stderr } = idemsim(['run', '--format', 'yaml']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual(["--format: unknown format 'yaml'; choose table, json or csv"]);
  });
});

// Each malformed scenario must give exit 2 and "FILE:LINE:COL: message" lines, no stack.
const MALFORMED: Record<string, string> = {
  'yaml-syntax': 'name: x\nservice:\n  latency: { median: 300ms\n',
  'unknown-key': 'servce:\n  errorRate: 0.1\n',
  'wrong-type': 'client:\n  retries: three\n',
  'negative-rate': 'arrivals:\n  rate: -5\n',
  'probability-1.5': 'network:\n  replyLoss: 1.5\n',
  'sigma-negative': 'service:\n  latency:\n    sigma: -1\n',
  'bad-duration-unit': 'client:\n  timeout: 5 fortnights\n',
  empty: '',
  'alias-bomb': ALIAS_BOMB,
  'numeric-string-without-unit': 'client:\n  timeout: "1000"\n',
  'range-min-above-max': 'agent:\n  replan:\n    delay: { min: 5m, max: 1m }\n',
  'unknown-expect-metric': 'expect:\n  duplicatesPerThousnd: { max: 1 }\n',
  'actions-zero': 'actions: 0\n',
};

function expectInputError({ status, stdout, stderr }: Outcome): string[] {
  expect(status).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).not.toContain('    at ');
  const printed = lines(stderr);
  expect(printed.length).toBeGreaterThanOrEqual(1);
  for (const line of printed) expect(line).toMatch(ERROR_LINE);
  return printed;
}

describe('malformed scenarios', () => {
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-bad-'));

  it.each(Object.keys(MALFORMED))('%s: exit 2 with FILE:LINE:COL lines and no stack', async (name) => {
    const file = `${name}.yaml`;
    writeFileSync(join(dir, file), MALFORMED[name] ?? '');
    const printed = expectInputError(await inProcess(['run', file], dir));
    expect(printed.some((line) => line.startsWith(`${file}:`) && /^[^:]+:\d+:\d+: /.test(line))).toBe(true);
  });

  it.each([
    ['an invalid value', ['--set', 'client.timeout=fast']],
    ['an unknown path', ['--set', 'client.timeuot=1s']],
    ['no equals sign', ['--set', 'seed']],
    ['a shorthand out of range', ['--actions', '0']],
  ])('bad --set (%s): exit 2 with located lines and no stack', async (_what, args) => {
    expectInputError(await inProcess(['run', ...args]));
  });

  it('a bad --set on a file is reported too', async () => {
    const file = 'ok.yaml';
    writeFileSync(join(dir, file), 'name: ok\n');
    expectInputError(await inProcess(['run', file, '--set', 'network.replyLoss=2'], dir));
  });

  it('a missing file: FILE: cannot read', async () => {
    const printed = expectInputError(await inProcess(['run', 'no-such.yaml'], dir));
    expect(printed).toEqual(['no-such.yaml: cannot read: no such file']);
  });
});
