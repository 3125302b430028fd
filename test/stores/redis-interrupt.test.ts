// Ctrl-C (or a kill) on a run against the user's own Redis: every key the run wrote is gone
// afterwards, whenever the signal came, and the run went on writing while its cleanup ran.
// The real binary as a child, on a real redis-server this file starts as "the user's".
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, requireBuild } from '../cli/binary.js';
import { startTemporaryRedis, type TemporaryRedis } from '../../src/stores/redis-server.js';
import { keysMatching, observer, requireRedisServer, type Observer } from './redis-helpers.js';

let server: TemporaryRedis;
let outside: Observer;

beforeAll(async () => {
  requireRedisServer();
  requireBuild();
  server = await startTemporaryRedis();
  outside = await observer(server.url);
});

afterAll(async () => {
  await outside?.close();
  await server?.stop();
});

async function idemsimKeys(): Promise<number> {
  return (await keysMatching(outside, 'idemsim:*')).length;
}

/** Runs `idemsim args`, sends `signal` once its first key is on the server and `after` ms more have passed. */
async function interrupted(args: readonly string[], signal: NodeJS.Signals, after: number) {
  const child = spawn(process.execPath, [BIN, ...args, '--only', 'redis', '--redis', server.url], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, got) => resolve({ code, signal: got })),
  );
  const deadline = Date.now() + 20_000;
  let wrote = 0;
  while (Date.now() < deadline && wrote === 0) {
    wrote = await idemsimKeys();
    if (wrote === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, after));
  const atSignal = await idemsimKeys();
  child.kill(signal);
  return { wrote, atSignal, end: await ended, stderr, left: await idemsimKeys() };
}

const REPLAY = ['store', 'replay', 'scenarios/refunds-3-intent-key.yaml', '--quiet'];
const MEASURE = ['store', 'measure', '--records', '300000'];

describe("an interrupted run leaves no key on the user's Redis", () => {
  it.each([
    ['replay', 'SIGINT', 0],
    ['replay', 'SIGINT', 300],
    ['replay', 'SIGINT', 1000],
    ['replay', 'SIGTERM', 500],
    ['measure', 'SIGINT', 0],
    ['measure', 'SIGINT', 400],
    ['measure', 'SIGTERM', 200],
  ] as const)(
    'store %s, %s %i ms after its first key: every key deleted, ended by the signal',
    async (command, signal, after) => {
      const run = await interrupted(command === 'replay' ? REPLAY : MEASURE, signal, after);
      expect(run.wrote, 'the run wrote keys before the signal').toBeGreaterThan(0);
      expect(run.end.signal, run.stderr).toBe(signal);
      expect(run.left, `${run.atSignal} keys when the signal came`).toBe(0);
      expect(run.stderr).not.toContain('    at ');
    },
  );
});
