// The temporary redis-server: started on a loopback port in a fresh directory, and gone
// afterwards (server and directory) whether the run stops, throws, or is interrupted. The
// interrupted runs are real child processes running the built dist/.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/binary.js';
import { startTemporaryRedis, withTemporaryRedis, type TemporaryRedis } from '../../src/stores/redis-server.js';
import { StoreError } from '../../src/stores/store.js';
import { closes, keysMatching, listening, observer, requireRedisServer } from './redis-helpers.js';
import { child } from './child.js';

beforeAll(() => {
  requireRedisServer();
});

describe('a temporary redis-server', () => {
  it('listens on 127.0.0.1 only, with a password of its own and a unix socket in its fresh directory, and is gone with its directory after stop', async () => {
    const server = await startTemporaryRedis();
    expect(server.url).toMatch(new RegExp(`^redis://:[0-9a-f]{32}@127\\.0\\.0\\.1:${server.port}$`));
    expect(existsSync(server.dir)).toBe(true);
    const client = await observer(server.url);
    expect(await client.sendCommand(['CONFIG', 'GET', 'save'])).toEqual(['save', '']);
    expect(await client.sendCommand(['CONFIG', 'GET', 'appendonly'])).toEqual(['appendonly', 'no']);
    expect(await client.sendCommand(['CONFIG', 'GET', 'bind'])).toEqual(['bind', '127.0.0.1']);
    expect(await client.sendCommand(['CONFIG', 'GET', 'unixsocket'])).toEqual([
      'unixsocket',
      join(server.dir, 'redis.sock'),
    ]);
    // No password, no answer; and the password is on no command line `ps` shows.
    const password = decodeURIComponent(new URL(server.url).password);
    const stranger = await observer(`redis://127.0.0.1:${server.port}`);
    await expect(stranger.sendCommand(['PING'])).rejects.toThrow(/NOAUTH/);
    await stranger.close();
    expect(readFileSync(`/proc/${server.pid}/cmdline`, 'utf8')).not.toContain(password);
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
