// The --postgres URL path against a real server this file starts (initdb into a temporary
// directory, pg_ctl on a free loopback port, password authentication): the handler, what
// the store writes on a user's server and removes, and the one-line errors.
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/stores/postgres.js';
import { StoreError, type IdempotencyStore } from '../../src/stores/store.js';
import { FP_A, FP_B, HOUR, freshlyLoaded, randomOps, record } from './postgres-ops.js';
import { USER, serverWithAdmin, unavailable } from './postgres-server.js';
import { requireBuild } from '../cli/binary.js';
import { child } from './child.js';

const skip = unavailable();
if (skip !== undefined) console.warn(`skipping the tests of the --postgres URL path: ${skip}`);

describe.skipIf(skip !== undefined)('a user-given --postgres URL, on a real server', () => {
  const pgs = serverWithAdmin();

  /** Tables and functions outside the system and session-temporary schemas. */
  async function objects(): Promise<string[]> {
    const { rows } = await pgs.admin.query<{ name: string }>(`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
      UNION ALL
      SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_temp%'
      ORDER BY 1`);
    return rows.map((row) => row.name);
  }

  async function tableOf(store: IdempotencyStore): Promise<string> {
    return /table (idemsim_keys_[0-9a-f]{12})\)$/.exec(store.description)?.[1] ?? 'no table';
  }

  it('names the server with the password hidden, and its table', async () => {
    const store = await openPostgres(pgs.server.url);
    try {
      expect(store.description).toMatch(
        new RegExp(
          `^postgres \\d+\\.\\d+ \\(postgres://${USER}:\\*\\*\\*@127\\.0\\.0\\.1:${pgs.server.port}/postgres, table idemsim_keys_[0-9a-f]{12}\\)$`,
        ),
      );
    } finally {
      await store.close();
    }
  });

  it('answers as the handler does: claimed, conflict, mismatch, stored, and claimed after a roll-back', async () => {
    const store = await openPostgres(pgs.server.url);
    try {
      expect(await store.lookup('k', FP_A, 0, HOUR, true)).toBe('claimed');
      expect(await store.lookup('k', FP_A, 1, HOUR, true)).toBe('conflict');
      expect(await store.lookup('k', FP_B, 2, HOUR, true)).toBe('mismatch');
      await store.commit('k', 3, HOUR, '{}');
      expect(await store.lookup('k', FP_A, 4, HOUR, true)).toBe('stored');
      expect(await store.lookup('k', FP_A, 3 + HOUR, HOUR, true)).toBe('claimed');
      await store.rollBack('k');
      expect(await store.lookup('k', FP_B, 5 + HOUR, HOUR, true)).toBe('claimed');
    } finally {
      await store.close();
    }
  });

  it('answers a batch exactly as one call at a time', async () => {
    const one = await openPostgres(pgs.server.url);
    const many = await openPostgres(pgs.server.url);
    try {
      const ops = randomOps(2000, 11);
      const expected: (string | null)[] = [];
      for (const op of ops) {
        if (op.op === 'lookup')
          expected.push(await one.lookup(op.key, op.fingerprint, op.t, op.retention, op.checkFingerprint));
        else {
          if (op.op === 'commit') await one.commit(op.key, op.t, op.retention, op.body);
          else await one.rollBack(op.key);
          expected.push(null);
        }
      }
      expect(await many.batch?.(ops)).toEqual(expected);
    } finally {
      await one.close();
      await many.close();
    }
  });

  it('writes one table and nothing else, and drops it on close', async () => {
    const before = await objects();
    const store = await openPostgres(pgs.server.url);
    const table = await tableOf(store);
    await store.lookup('k', FP_A, 0, HOUR, true);
    expect(await objects()).toEqual([...before, table, `${table}_pkey`].sort());
    await store.close();
    await store.close();
    expect(await objects()).toEqual(before);
  });

  it("SIGINT: an interrupted run still drops its table from the user's server", async () => {
    requireBuild();
    const before = await objects();
    const run = child(`
      import { openPostgres } from 'DIST/postgres.js';
      const store = await openPostgres(${JSON.stringify(pgs.server.url)});
      await store.lookup('k', 'f', 0, 1000, true);
      console.log(JSON.stringify({ description: store.description }));
      setInterval(() => undefined, 1000);
    `);
    const { description } = (await run.ready) as { description: string };
    const table = /table (idemsim_keys_[0-9a-f]{12})\)$/.exec(description)?.[1] as string;
    expect(await objects()).toContain(table);
    process.kill(run.pid, 'SIGINT');
    expect((await run.ended).signal).toBe('SIGINT');
    expect(await objects()).toEqual(before);
  });

  it('drops its table from a new session when its own was lost', async () => {
    const before = await objects();
    const store = await openPostgres(pgs.server.url);
    const table = await tableOf(store);
    await pgs.admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND usename = $1 AND backend_type = 'client backend'`,
      [USER],
    );
    const lost = await store.lookup('k', FP_A, 0, HOUR, true).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(StoreError);
    expect((lost as Error).message).toMatch(
      new RegExp(`^lost the connection to Postgres at postgres://${USER}:\\*\\*\\*@`),
    );
    expect(await objects()).toContain(table);
    await store.close();
    expect(await objects()).toEqual(before);
  });

  it('measures a freshly loaded record to the byte as PGlite does, and one in service within 10 %', async () => {
    const server64 = await openPostgres(pgs.server.url);
    const embedded = await openPostgres(undefined);
    try {
      const there = await server64.measure(2000, record(256), 86_400);
      const here = await embedded.measure(2000, record(256), 86_400);
      expect(freshlyLoaded(there.details)).toBe(freshlyLoaded(here.details));
      expect(there.bytesPerRecord / here.bytesPerRecord).toBeGreaterThan(0.9);
      expect(there.bytesPerRecord / here.bytesPerRecord).toBeLessThan(1.1);
    } finally {
      await server64.close();
      await embedded.close();
    }
  });

  describe('errors: one line, naming the URL with the password hidden', () => {
    const urlWith = (user: string, password: string | undefined, db = 'postgres'): string =>
      `postgres://${user}${password === undefined ? '' : `:${password}`}@127.0.0.1:${pgs.server.port}/${db}`;

    async function failure(url: string): Promise<string> {
      const error = await openPostgres(url).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreError);
      const message = (error as Error).message;
      expect(message).not.toContain('\n');
      expect(message).not.toContain('wrong-secret');
      return message;
    }

    it('a wrong password', async () => {
      expect(await failure(urlWith(USER, 'wrong-secret'))).toBe(
        `cannot connect to Postgres at ${urlWith(USER, '***')}: wrong password; check the user and password in the URL`,
      );
    });

    it('no password where the server asks for one', async () => {
      expect(await failure(urlWith(USER, undefined))).toBe(
        `cannot connect to Postgres at ${urlWith(USER, undefined)}: the server asks for a password; put it in the URL (postgres://user:password@host/db)`,
      );
    });

    it('TLS asked of a server without it: its one-byte no passes the protocol check, and pg says why', async () => {
      const message = await failure(`${urlWith(USER, pgs.server.password)}?sslmode=require`);
      expect(message).toMatch(
        /^cannot connect to Postgres at .*: The server does not support SSL connections; check the URL$/,
      );
    });

    it('a database that does not exist', async () => {
      expect(await failure(urlWith(USER, pgs.server.password, 'nowhere'))).toBe(
        `cannot connect to Postgres at ${urlWith(USER, '***', 'nowhere')}: database "nowhere" does not exist; create it or name another database in the URL`,
      );
    });

    it('a user who may not create tables', async () => {
      await pgs.admin.query("DROP ROLE IF EXISTS reader; CREATE ROLE reader LOGIN PASSWORD 'wrong-secret'");
      const message = await failure(urlWith('reader', 'wrong-secret'));
      expect(message).toMatch(
        /^cannot create table idemsim_keys_[0-9a-f]{12} in Postgres at postgres:\/\/reader:\*\*\*@127\.0\.0\.1:\d+\/postgres: permission denied for schema public; the user needs CREATE on a schema in its search_path and TEMP on the database \(or use a database it owns\)$/,
      );
    });
  });
});
