// The article's handler on a real Postgres (PGlite: Postgres compiled to WebAssembly, in
// memory): the four answers, expiry on the simulated clock, commit and roll-back, batches,
// the measured size of a record, cleanup, and the one-line errors for a bad --postgres URL.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/stores/postgres-connect.js';
import { openPostgres, openPostgresOn } from '../../src/stores/postgres.js';
import { StoreError, type IdempotencyStore } from '../../src/stores/store.js';
import { FP_A, FP_B, HOUR, freshlyLoaded, randomOps, record } from './postgres-ops.js';

let store: IdempotencyStore;

beforeAll(async () => {
  store = await openPostgres(undefined);
});

afterAll(async () => {
  await store?.close();
});

describe('the handler on PGlite', () => {
  it('describes itself as PGlite in memory, with its table', () => {
    expect(store.description).toMatch(
      /^postgres \d+\.\d+ \(PGlite [\d.]+, in memory, table idemsim_keys_[0-9a-f]{12}\)$/,
    );
  });

  it('claims a key with no record, and answers conflict while the claim runs', async () => {
    expect(await store.lookup('k:claim', FP_A, 0, HOUR, true)).toBe('claimed');
    expect(await store.lookup('k:claim', FP_A, 10, HOUR, true)).toBe('conflict');
  });

  it('answers stored once the claim committed', async () => {
    await store.lookup('k:stored', FP_A, 0, HOUR, true);
    await store.commit('k:stored', 50, HOUR, '{"ok":true}');
    expect(await store.lookup('k:stored', FP_A, 60, HOUR, true)).toBe('stored');
  });

  it('answers mismatch for another fingerprint when fingerprints are checked, before conflict or stored', async () => {
    await store.lookup('k:mismatch', FP_A, 0, HOUR, true);
    expect(await store.lookup('k:mismatch', FP_B, 1, HOUR, true)).toBe('mismatch');
    await store.commit('k:mismatch', 2, HOUR, '{}');
    expect(await store.lookup('k:mismatch', FP_B, 3, HOUR, true)).toBe('mismatch');
  });

  it('ignores the fingerprint when fingerprints are not checked', async () => {
    await store.lookup('k:nocheck', FP_A, 0, HOUR, false);
    expect(await store.lookup('k:nocheck', FP_B, 1, HOUR, false)).toBe('conflict');
    await store.commit('k:nocheck', 2, HOUR, '{}');
    expect(await store.lookup('k:nocheck', FP_B, 3, HOUR, false)).toBe('stored');
  });

  it('keeps a record live while t < expiresAt, on the simulated clock, and lets it be claimed again at expiresAt', async () => {
    const t0 = 1234.5678;
    await store.lookup('k:expiry', FP_A, t0, HOUR, true);
    await store.commit('k:expiry', t0, HOUR, '{}');
    const expiresAt = t0 + HOUR;
    expect(await store.lookup('k:expiry', FP_A, expiresAt - 1e-6, HOUR, true)).toBe('stored');
    expect(await store.lookup('k:expiry', FP_B, expiresAt, HOUR, true)).toBe('claimed');
    expect(await store.lookup('k:expiry', FP_A, expiresAt + 1, HOUR, true)).toBe('mismatch');
  });

  it('lets a running claim expire too: a claim past its retention is taken over', async () => {
    await store.lookup('k:stale', FP_A, 0, 100, true);
    expect(await store.lookup('k:stale', FP_A, 99, 100, true)).toBe('conflict');
    expect(await store.lookup('k:stale', FP_A, 100, 100, true)).toBe('claimed');
  });

  it('revives an expired record on commit, as the simulator does', async () => {
    await store.lookup('k:revive', FP_A, 0, 10, true);
    await store.commit('k:revive', 20, 10, '{}');
    expect(await store.lookup('k:revive', FP_A, 25, 10, true)).toBe('stored');
    expect(await store.lookup('k:revive', FP_A, 30, 10, true)).toBe('claimed');
  });

  it('deletes the record on roll-back, so the next lookup claims', async () => {
    await store.lookup('k:rollback', FP_A, 0, HOUR, true);
    await store.rollBack('k:rollback');
    expect(await store.lookup('k:rollback', FP_B, 1, HOUR, true)).toBe('claimed');
  });

  it('answers a batch exactly as one call at a time, in order', async () => {
    const ops = randomOps(3000, 7);
    const oneByOne: (string | null)[] = [];
    for (const op of ops) {
      const key = `one:${op.key}`;
      if (op.op === 'lookup')
        oneByOne.push(await store.lookup(key, op.fingerprint, op.t, op.retention, op.checkFingerprint));
      else {
        if (op.op === 'commit') await store.commit(key, op.t, op.retention, op.body);
        else await store.rollBack(key);
        oneByOne.push(null);
      }
    }
    const batch = store.batch as NonNullable<IdempotencyStore['batch']>;
    const batched = await batch.call(
      store,
      ops.map((op) => ({ ...op, key: `many:${op.key}` })),
    );
    expect(batched).toEqual(oneByOne);
    expect(new Set(batched)).toEqual(new Set(['claimed', 'conflict', 'mismatch', 'stored', null]));
    expect(await batch.call(store, [])).toEqual([]);
  });
});

describe('measure on PGlite', () => {
  it('charges each record more than its bytes and less than twice them plus the index', async () => {
    const measured = await store.measure(2000, record(256), 86_400);
    const raw = 41 + 64 + 'done'.length + 2 + 256 + 8;
    expect(measured.bytesPerRecord).toBeGreaterThan(raw);
    // A row's header (24 B) and line pointer (4 B), an index entry (about 16 B plus the
    // key) and pages filled no less than half: a loose ceiling, not a target.
    expect(measured.bytesPerRecord).toBeLessThan(2 * (raw + 24 + 4 + 16 + 41));
    expect(measured.details.join('\n')).toMatch(/pg_total_relation_size grew [\d,]+ B for 2,000 rows/);
  });

  it('charges a row in service (claims, commits, a reaper, VACUUM) at least what a freshly loaded row costs', async () => {
    const measured = await store.measure(2000, record(256), 86_400);
    expect(measured.bytesPerRecord).toBeGreaterThanOrEqual(freshlyLoaded(measured.details));
    expect(measured.details[0]).toMatch(
      /^in service: [\d,.]+ B a live row .* over the last of 3 retentions of 2,000 live rows$/,
    );
  });

  it('grows with the body: a 1 KiB body costs at least the 768 B more than a 256 B one', async () => {
    const small = await store.measure(2000, record(256), 60);
    const large = await store.measure(2000, record(1024), 60);
    // More than 768 B: six 1 KiB rows fill a page to only 86 %, where 256 B rows fill 95 %.
    expect(large.bytesPerRecord - small.bytesPerRecord).toBeGreaterThan(768);
    expect(large.bytesPerRecord - small.bytesPerRecord).toBeLessThan(768 * 1.5);
  });

  it('refuses records whose keys repeat, in one line', async () => {
    const short = (i: number) => ({ ...record(0)(i), key: `k${i % 10}` });
    await expect(store.measure(100, short, 60)).rejects.toThrow(
      new StoreError("the records' keys repeat: 10 distinct keys in 100; make them longer"),
    );
  });

  it('leaves the table empty for the handler', async () => {
    await store.measure(100, record(0), 60);
    expect(await store.lookup('k:0', FP_A, 0, HOUR, true)).toBe('claimed');
  });
});

describe('close', () => {
  it('drops its table, and may be called twice', async () => {
    const session = await openSession(undefined);
    try {
      const kept: Session = { ...session, close: async () => undefined };
      const own = await openPostgresOn(kept);
      const table = /table (idemsim_keys_[0-9a-f]+)/.exec(own.description)?.[1];
      await own.lookup('k', FP_A, 0, HOUR, true);
      expect(await exists(session, table)).toBe(true);
      await own.close();
      await own.close();
      expect(await exists(session, table)).toBe(false);
    } finally {
      await session.close();
    }
  });
});

describe('a --postgres URL that cannot be used: one line naming it, password hidden', () => {
  it.each([
    ['not a url', /^--postgres not a url is not a URL: give one like postgres:\/\//],
    ['mysql://root:hunter2@localhost/db', /^--postgres mysql:\/\/root:\*\*\*@localhost\/db is not a Postgres URL/],
  ])('%s', async (url, message) => {
    await expect(openPostgres(url)).rejects.toThrow(message);
  });

  it('a refused connection', async () => {
    const port = await freePort();
    const error = await failure(openPostgres(`postgres://me:hunter2@127.0.0.1:${port}/db`));
    expect(error.message).toBe(
      `cannot connect to Postgres at postgres://me:***@127.0.0.1:${port}/db: connection refused; is the server running, and are the host and port right?`,
    );
  });

  it('a server that never answers, after a few seconds', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `postgresql://me@127.0.0.1:${portOf(silent)}/db`;
      const error = await failure(openPostgres(url));
      expect(error.message).toBe(
        `cannot connect to Postgres at ${url}: no answer within 5 s; check the host, port and firewall`,
      );
    } finally {
      silent.close();
    }
  }, 20_000);
});

async function exists(session: Session, table: string | undefined): Promise<boolean> {
  const [row] = await session.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table]);
  return row?.found ?? false;
}

async function failure(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  expect((error as Error).message).not.toContain('\n');
  return error as StoreError;
}

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
