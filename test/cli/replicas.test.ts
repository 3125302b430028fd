// Replicas: each one a process of its own on its derived seed, merged into exactly what
// `run --replicas N` prints in one process; and every way the flags or parts can be wrong.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idemsim, requireBuild } from './binary.js';
import { inProcess } from './in-process.js';

const RUN = ['run', 'scenarios/refunds-3-intent-key.yaml', '--actions', '1500', '--quiet'];
let dir: string;

function part(replica: number, of = 3, extra: readonly string[] = []): string {
  const outcome = idemsim([...RUN, ...extra, '--replicas', String(of), '--replica', String(replica)]);
  expect(outcome.status, outcome.stderr).toBe(0);
  const file = join(dir, `replica-${of}-${replica}${extra.length > 0 ? '-other' : ''}.json`);
  writeFileSync(file, outcome.stdout);
  return file;
}

function oneLineError(outcome: { status: number | null; stderr: string }, pattern: RegExp): void {
  expect(outcome.status).toBe(2);
  expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
  expect(outcome.stderr).toMatch(pattern);
}

let parts: string[];
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'idemsim-replicas-'));
  parts = [1, 2, 3].map((i) => part(i));
}, 120_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe('replicas run apart, then merged', () => {
  it.each(['table', 'json', 'csv'])('merge --format %s prints what run --replicas 3 prints', (format) => {
    const whole = idemsim([...RUN, '--replicas', '3', '--format', format]);
    const merged = idemsim(['merge', parts[2] as string, parts[0] as string, parts[1] as string, '--format', format]);
    expect(whole.status).toBe(0);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
  });

  it('the pooled run says it joins three replicas and counts all their actions', () => {
    const json = JSON.parse(idemsim(['merge', ...parts, '--format', 'json']).stdout) as {
      runs: {
        replicas: number;
        scenario: { actions: number; seed: number };
        metrics: { actions: number; duplicates: number };
      }[];
    };
    const run = json.runs[0];
    expect(run?.replicas).toBe(3);
    expect(run?.scenario.actions).toBe(4500);
    expect(run?.metrics.actions).toBe(4500);
    const own = parts.map(
      (file) =>
        (JSON.parse(readFileSync(file, 'utf8')) as { runs: { metrics: { duplicates: number } }[] }).runs[0]?.metrics
          .duplicates ?? 0,
    );
    expect(run?.metrics.duplicates).toBe(own.reduce((a, b) => a + b, 0));
    expect(idemsim(['merge', ...parts]).stdout).toContain('refunds-3-intent-key (3 replicas)');
  });
});

describe('replicas of several scenarios', () => {
  it('pool each scenario apart, as run --replicas does', () => {
    const files = ['scenarios/refunds-1-no-key.yaml', 'scenarios/refunds-3-intent-key.yaml'];
    const run = ['run', ...files, '--actions', '600', '--quiet', '--replicas', '2'];
    const parts = [1, 2].map((i) => {
      const outcome = idemsim([...run, '--replica', String(i)]);
      expect(outcome.status, outcome.stderr).toBe(0);
      const file = join(dir, `two-${i}.json`);
      writeFileSync(file, outcome.stdout);
      return file;
    });
    const merged = idemsim(['merge', ...parts]);
    expect(merged.stdout).toBe(idemsim(run).stdout);
    expect(merged.stdout).toMatch(/refunds-1-no-key \(2 replicas\)\s+refunds-3-intent-key \(2 replicas\)/);
  });
});

describe('merge refuses replicas that do not make one run', () => {
  it('a missing or repeated replica', async () => {
    oneLineError(await inProcess(['merge', parts[0] as string, parts[2] as string]), /replica 2\/3 missing/);
    oneLineError(await inProcess(['merge', ...parts, parts[1] as string]), /replica 2\/3 again/);
  });

  it('a replica of another scenario or another count', async () => {
    const other = part(2, 3, ['--set', 'client.retries=1']);
    oneLineError(await inProcess(['merge', parts[0] as string, other, parts[2] as string]), /other scenarios/);
    const four = part(2, 4);
    oneLineError(await inProcess(['merge', parts[0] as string, four, parts[2] as string]), /another --replicas count/);
  });

  it('a sweep shard beside replicas, and --out', async () => {
    const shard = idemsim(['sweep', '--vary', 'client.retries=0,1', '--actions', '200', '--quiet', '--shard', '1/1']);
    writeFileSync(join(dir, 'shard.json'), shard.stdout);
    oneLineError(await inProcess(['merge', join(dir, 'shard.json'), ...parts]), /merge one kind at a time/);
    oneLineError(await inProcess(['merge', ...parts, '--out', join(dir, 'report')]), /replicas make no report folder/);
  });

  it('a damaged tally', async () => {
    const doc = JSON.parse(readFileSync(parts[0] as string, 'utf8')) as {
      runs: { state: { tally: { counts: Record<string, unknown> } } }[];
    };
    (doc.runs[0] as { state: { tally: { counts: Record<string, unknown> } } }).state.tally.counts['duplicates'] =
      'many';
    writeFileSync(join(dir, 'damaged.json'), JSON.stringify(doc));
    oneLineError(
      await inProcess(['merge', join(dir, 'damaged.json'), parts[1] as string, parts[2] as string]),
      /runs\[0\]\.state\.tally\.counts\.duplicates: expected a number/,
    );
  });
});

describe('run checks --replicas and --replica before simulating', () => {
  it.each([
    [['--replica', '1'], /--replica I needs --replicas N/],
    [['--replicas', '3', '--replica', '4'], /--replica: 4 is not one of --replicas 3/],
    [['--replicas', '0'], /--replicas: expected a whole number from 1/],
    [['--replicas', 'two'], /--replicas: expected a whole number from 1/],
    [['--replicas', '3', '--precision', 'duplicatesPerThousand=10%'], /use one or the other/],
    [['--replicas', '3', '--out', 'somewhere'], /--replicas writes no report folder/],
    [['--replicas', '3', '--replica', '1', '--format', 'csv'], /drop --format csv/],
  ])('refuses %j', async (flags, pattern) => {
    oneLineError(await inProcess([...RUN, ...flags]), pattern);
  });
});
