// SIGKILL gives idemsim no chance to clean up: the temporary redis-server must still go,
// with its directory, because its watchdog sees idemsim's pipe close. `store replay` runs
// as a child with a temporary directory of its own (TMPDIR), killed at several moments.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, requireBuild } from '../cli/binary.js';
import { requireRedisServer } from './redis-helpers.js';

/** The processes whose working directory is under `dir` (redis-server runs in its --dir). */
function runningIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`).startsWith(dir)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

let root: string;

beforeAll(() => {
  requireRedisServer();
  requireBuild();
  root = mkdtempSync(join(tmpdir(), 'idemsim-kill-'));
});

afterAll(() => {
  // Should a trial fail, whatever it left is stopped here, by pid, and removed.
  for (const pid of runningIn(root)) process.kill(pid, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/**
 * Starts `store replay` with TMPDIR under `root`, waits for `moment`, kills it with SIGKILL
 * and answers what is left after a few seconds.
 */
async function killed(moment: 'folder made' | 'server up' | 'server up + 300 ms' | 'server up + 1 s') {
  const tmp = mkdtempSync(join(root, 'run-'));
  const child = spawn(
    process.execPath,
    [BIN, 'store', 'replay', 'scenarios/refunds-3-intent-key.yaml', '--only', 'redis', '--quiet'],
    { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' },
  );
  const ended = new Promise((resolve) => child.on('exit', resolve));
  const folders = (): string[] => readdirSync(tmp).filter((name) => name.startsWith('idemsim-redis-'));
  const reached =
    moment === 'folder made'
      ? await until(() => folders().length > 0, 20_000)
      : await until(() => runningIn(tmp).length > 0, 20_000);
  if (moment === 'server up + 300 ms') await new Promise((resolve) => setTimeout(resolve, 300));
  if (moment === 'server up + 1 s') await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = runningIn(tmp);
  child.kill('SIGKILL');
  await ended;
  const gone = await until(() => runningIn(tmp).length === 0 && folders().length === 0, 5000);
  return { reached, before, gone, left: runningIn(tmp), folders: folders() };
}

/** The moment right after the folder appears is the narrowest: tried more than once. */
const TRIALS = [
  ['folder made', 1],
  ['folder made', 2],
  ['folder made', 3],
  ['server up', 1],
  ['server up', 2],
  ['server up + 300 ms', 1],
  ['server up + 1 s', 1],
] as const;

describe('SIGKILL during store replay on a temporary redis-server', () => {
  it.each(TRIALS)(
    'killed when %s (trial %i): within 5 s no redis-server runs in its folder and the folder is gone',
    async (moment) => {
      const trial = await killed(moment);
      expect(trial.reached, 'the run got that far').toBe(true);
      if (moment !== 'folder made') expect(trial.before.length, 'a redis-server ran when killed').toBeGreaterThan(0);
      expect(trial.left, 'redis-servers left').toEqual([]);
      expect(trial.folders, 'folders left').toEqual([]);
      expect(trial.gone).toBe(true);
    },
  );
});
