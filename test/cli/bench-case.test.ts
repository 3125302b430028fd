// `node scripts/bench.mjs --case JSON` times one case (docs/reference/performance.md). Its
// fields are set as --set sets them, so a value the scenario loader refuses is one line
// and exit 2, never a run of a half-formed scenario.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, requireBuild } from './binary.js';

const BENCH = join(ROOT, 'scripts', 'bench.mjs');
const CPU_PROBE = join(ROOT, 'scripts', 'bench-cpu.cjs');

function benchCase(fields: Record<string, unknown> | string): ReturnType<typeof spawnSync> {
  const text = typeof fields === 'string' ? fields : JSON.stringify(fields);
  return spawnSync(process.execPath, [BENCH, '--case', text], { encoding: 'utf8', timeout: 60_000 });
}

beforeAll(() => requireBuild());

describe('bench --case', () => {
  it('times the case it is given, with units as --set reads them', () => {
    const child = benchCase({ actions: 2000, 'keys.scope': 'intent', 'keys.retention': '24h' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const line = JSON.parse(child.stdout as string) as Record<string, unknown>;
    expect(line.actions).toBe(2000);
    expect(line.seconds).toBeGreaterThan(0);
    expect(line.duplicatesPerThousand).toBe(0);
  });

  it.each([
    ['a duration without its unit', { actions: 2000, 'keys.retention': '24 hours' }, 'keys.retention'],
    ['a field idemsim does not have', { actions: 2000, 'keys.retentoin': 1000 }, 'keys.retentoin'],
    ['a count out of range', { actions: -5 }, 'actions'],
    ['an argument that is not JSON', '{actions: 5}', 'JSON object'],
    ['JSON that is not an object', '[1000]', 'JSON object'],
    ['null', 'null', 'JSON object'],
  ])('refuses %s in one line, exit 2', (_what, fields, path) => {
    const child = benchCase(fields);
    expect(child.status).toBe(2);
    expect(child.stdout).toBe('');
    const lines = (child.stderr as string).trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(path);
  });
});

// The bench preloads scripts/bench-cpu.cjs into the sweeps it times, for their CPU time.
describe('bench CPU probe', () => {
  const idemsim = (args: string[], probe: boolean): ReturnType<typeof spawnSync> =>
    spawnSync(process.execPath, [...(probe ? ['--require', CPU_PROBE] : []), BIN, ...args], {
      encoding: 'utf8',
      timeout: 60_000,
    });

  it.each([
    ['a run that succeeds', ['run', '--actions', '200', '--format', 'json']],
    // Points long enough that the worker takes some (it inherits --require, and a second
    // line, a worker's, would show before the main thread's).
    [
      'a sweep on two threads',
      ['sweep', '--actions', '200000', '--vary', 'seed=1,2,3,4,5,6,7,8', '--format', 'json', '--quiet', '--jobs', '2'],
    ],
    ['a run refused (exit 2)', ['run', '--set', 'actions=-5']],
  ])('adds one last stderr line with the CPU time to %s, and changes nothing else', (_what, args) => {
    const plain = idemsim(args, false);
    const probed = idemsim(args, true);
    expect(probed.status).toBe(plain.status);
    expect(probed.stdout).toBe(plain.stdout);
    const stderr = probed.stderr as string;
    const last = /\nbench-cpu (\d+)\n$/.exec(stderr);
    expect(last).not.toBeNull();
    expect(Number(last?.[1])).toBeGreaterThan(0);
    expect(stderr.slice(0, last?.index)).toBe(plain.stderr);
  });
});
