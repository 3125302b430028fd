// The temporary redis-server: started on a loopback port in a fresh directory, and gone
// afterwards (server and directory) whether the run stops, throws, or is interrupted. The
// interrupted runs are real child processes running the built dist/.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, ROOT } from '../cli/binary.js';
import { startTemporaryRedis, withTemporaryRedis, type TemporaryRedis } from '../../src/stores/redis-server.js';
import { StoreError } from '../../src/stores/store.js';
import { closes, keysMatching, listening, observer, requireRedisServer } from './redis-helpers.js';

beforeAll(() => {
  requireRedisServer();
});

describe('a temporary redis-server', () => {
  it('listens on 127.0.0.1 in a fresh directory, answers, and is gone with its directory after stop', async () => {
    const server = await startTemporaryRedis();
    expect(server.url).toBe(`redis://127.0.0.1:${server.port}`);
    expect(existsSync(server.dir)).toBe(true);
    const client = await observer(server.url);
    expect(await client.sendCommand(['CONFIG', 'GET', 'save'])).toEqual(['save', '']);
    expect(await client.sendCommand(['CONFIG', 'GET', 'appendonly'])).toEqual(['appendonly', 'no']);
    await client.close();
    await server.stop();
    await server.stop();
    expect(await listening(server.port)).toBe(false);
    expect(existsSync(server.dir)).toBe(false);
  });

  it('withTemporaryRedis stops the server when the work throws', async () => {
    let seen: TemporaryRedis | undefined;
    await expect(
      withTemporaryRedis(async (server) => {
        seen = server;
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await closes((seen as TemporaryRedis).port)).toBe(true);
    expect(existsSync((seen as TemporaryRedis).dir)).toBe(false);
  });

  it('without a redis-server on the PATH: one line saying what to do', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'idemsim-no-redis-'));
    const path = process.env.PATH;
    process.env.PATH = empty;
    try {
      const error = await startTemporaryRedis().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as Error).message).toBe(
        'no Redis: give --redis redis://HOST:PORT, or install a redis-server (Debian: apt-get install redis-server)',
      );
    } finally {
      process.env.PATH = path;
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

/** A child node process running `body` (an ES module using dist/stores), which prints one JSON line when ready. */
function child(body: string): {
  ready: Promise<Record<string, unknown>>;
  ended: Promise<{ code: number | null; signal: string | null; stderr: string }>;
  pid: number;
} {
  const dist = pathToFileURL(join(ROOT, 'dist/stores/')).href;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', body.replaceAll('DIST/', dist)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const ended = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    proc.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
      if (stdout.includes('\n')) resolve(JSON.parse(stdout.split('\n')[0] as string) as Record<string, unknown>);
    });
    void ended.then(({ stderr: said }) => reject(new Error(`the child ended before it was ready: ${said}`)));
  });
  return { ready, ended, pid: proc.pid as number };
}

describe('nothing is left behind when the process is interrupted or fails', () => {
  beforeAll(() => requireBuild());

  it('SIGINT: the temporary server is stopped, its directory removed, and the process ends by the signal', async () => {
    const run = child(`
      import { startTemporaryRedis } from 'DIST/redis-server.js';
      const server = await startTemporaryRedis();
      console.log(JSON.stringify({ port: server.port, dir: server.dir }));
      setInterval(() => undefined, 1000);
    `);
    const { port, dir } = (await run.ready) as { port: number; dir: string };
    expect(await listening(port)).toBe(true);
    process.kill(run.pid, 'SIGINT');
    expect((await run.ended).signal).toBe('SIGINT');
    expect(await closes(port)).toBe(true);
    expect(existsSync(dir)).toBe(false);
  });

  it('an uncaught error: the server and directory go with the process', async () => {
    const run = child(`
      import { startTemporaryRedis } from 'DIST/redis-server.js';
      const server = await startTemporaryRedis();
      console.log(JSON.stringify({ port: server.port, dir: server.dir }));
      setTimeout(() => { throw new Error('the command failed'); }, 50);
    `);
    const { port, dir } = (await run.ready) as { port: number; dir: string };
    const ended = await run.ended;
    expect(ended.code).toBe(1);
    expect(ended.stderr).toContain('the command failed');
    expect(await closes(port)).toBe(true);
    expect(existsSync(dir)).toBe(false);
  });

  describe('on the user server', () => {
    let server: TemporaryRedis;
    beforeAll(async () => {
      server = await startTemporaryRedis();
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("SIGINT: the run's keys are deleted from the user's server, which keeps running", async () => {
      const run = child(`
        import { openRedis } from 'DIST/redis.js';
        const store = await openRedis(${JSON.stringify(server.url)});
        for (let i = 0; i < 20; i++) await store.lookup('k' + i, 'f', i, 1000, true);
        console.log(JSON.stringify({ prefix: /keys under (\\S+)/.exec(store.description)[1] }));
        setInterval(() => undefined, 1000);
      `);
      const { prefix } = (await run.ready) as { prefix: string };
      const outside = await observer(server.url);
      try {
        expect(await keysMatching(outside, `${prefix}*`)).toHaveLength(20);
        process.kill(run.pid, 'SIGINT');
        expect((await run.ended).signal).toBe('SIGINT');
        expect(await keysMatching(outside, `${prefix}*`)).toEqual([]);
      } finally {
        await outside.close();
      }
    });
  });
});
