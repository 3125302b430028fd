// Two or more idemsim processes writing the same `--out D` at once: one writes at a time
// (D.idemsim-lock); a writer that finds the lock held is refused in one line naming the
// process that holds it, exit 2. Never ENOTEMPTY, never anything left beside D, and D
// always one writer's complete report.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from './binary.js';
import { beside, folder, pauseMidSwap, runToEnd, start, until } from './out-processes.js';

let base: string;
/** Two reports, of seeds 1 and 2, and their summaries to draw them again from. */
const reports: Record<string, Record<string, string> | undefined> = {};

beforeAll(async () => {
  requireBuild();
  base = mkdtempSync(join(tmpdir(), 'idemsim-concurrent-'));
  const made = await Promise.all(
    ['1', '2'].map((seed) => runToEnd(['run', '--actions', '200', '--seed', seed, '--out', `seed-${seed}`], base)),
  );
  for (const end of made) expect(end.status, end.stderr).toBe(0);
  for (const seed of ['1', '2']) reports[seed] = folder(join(base, `seed-${seed}`));
});

const summary = (seed: string): string => join(base, `seed-${seed}`, 'summary.json');

function workspace(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'idemsim-concurrent-'));
  cpSync(join(base, 'seed-1'), join(cwd, 'D'), { recursive: true });
  return cwd;
}

describe('two writers of one report folder', () => {
  it('the second, arriving while the first swaps, is refused in one line naming the first; the first finishes whole', async () => {
    const cwd = workspace();
    const release = join(cwd, 'release');
    const first = start(['report', summary('2'), '--out', 'D'], cwd, pauseMidSwap(release));
    await until(() => beside(cwd, 'D').some((name) => name.startsWith('D.old-')), 'the first writer mid-swap');
    const second = await runToEnd(['report', summary('1'), '--out', 'D'], cwd);
    expect(second.status).toBe(2);
    expect(second.stderr).toBe(
      `--out D: another idemsim (pid ${first.child.pid} on ${hostname()}) is writing this folder (lock D.idemsim-lock); wait for it to finish, or delete D.idemsim-lock if no idemsim is running there\n`,
    );
    writeFileSync(release, '');
    const end = await first.ended;
    expect(end.status, end.stderr).toBe(0);
    expect(folder(join(cwd, 'D'))).toEqual(reports['2']);
    expect(beside(cwd, 'D')).toEqual([]);
  });

  it('three at once: each writes or is refused with the lock named, and D is one of them whole', async () => {
    const cwd = workspace();
    const seeds = ['2', '1', '2'];
    const ends = await Promise.all(seeds.map((seed) => runToEnd(['report', summary(seed), '--out', 'D'], cwd)));
    for (const end of ends) {
      expect(end.stderr).not.toMatch(/ENOTEMPTY|EEXIST|ENOENT/);
      if (end.status === 0) expect(end.stderr).toBe(`report written to ${join('D', 'index.html')}\n`);
      else {
        expect(end.status).toBe(2);
        expect(end.stderr).toMatch(
          /^--out D: another idemsim \(pid \d+ on .+\) is writing this folder \(lock D\.idemsim-lock\);/,
        );
      }
    }
    const written = seeds.filter((_, i) => ends[i]?.status === 0).map((seed) => reports[seed]);
    expect(written.length).toBeGreaterThan(0);
    expect(written).toContainEqual(folder(join(cwd, 'D')));
    expect(beside(cwd, 'D')).toEqual([]);
  });
});
