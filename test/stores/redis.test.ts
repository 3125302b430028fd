// The article's handler on a real redis-server (started here, no stand-in): its four
// answers, expiry on the simulated clock, commits and rollbacks, batches, the measurement
// of a record, the prefix it cleans up, and the one-line errors.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../../src/stores/redis.js';
import { redact } from '../../src/stores/redis-connect.js';
import { startTemporaryRedis, type TemporaryRedis } from '../../src/stores/redis-server.js';
import { StoreError, type IdempotencyStore, type RecordShape, type StoreOp } from '../../src/stores/store.js';
import { closes, keysMatching, observer, requireRedisServer, unusedPort, type Observer } from './redis-helpers.js';

const fp = (text: string): string => createHash('sha256').update(text).digest('hex');
const A = fp('amount=10');
const B = fp('amount=20');
const HOUR = 3_600_000;

let server: TemporaryRedis;
let store: IdempotencyStore;
let outside: Observer;

beforeAll(async () => {
  requireRedisServer();
  server = await startTemporaryRedis();
  store = await openRedis(server.url);
  outside = await observer(server.url);
});

afterAll(async () => {
  await store?.close();
  await outside?.close();
  await server?.stop();
});

/** The prefix a store writes under, from its description. */
function prefixOf(opened: IdempotencyStore): string {
  const prefix = /keys under (\S+)/.exec(opened.description)?.[1];
  if (prefix === undefined) throw new Error(`no prefix in ${opened.description}`);
  return prefix;
}

describe('the handler', () => {
  it('claims a key with no record, answers conflict while it runs and stored once done', async () => {
    expect(await store.lookup('k1', A, 0, HOUR, true)).toBe('claimed');
    expect(await store.lookup('k1', A, 10, HOUR, true)).toBe('conflict');
    await store.commit('k1', 20, HOUR, '{"id":"re_1"}');
    expect(await store.lookup('k1', A, 30, HOUR, true)).toBe('stored');
  });

  it('answers mismatch to another payload when it checks fingerprints, and ignores them when not', async () => {
    expect(await store.lookup('k2', A, 0, HOUR, true)).toBe('claimed');
    expect(await store.lookup('k2', B, 1, HOUR, true)).toBe('mismatch');
    expect(await store.lookup('k2', B, 2, HOUR, false)).toBe('conflict');
    await store.commit('k2', 3, HOUR, 'ok');
    expect(await store.lookup('k2', B, 4, HOUR, true)).toBe('mismatch');
    expect(await store.lookup('k2', B, 5, HOUR, false)).toBe('stored');
  });

  it('a record is live while t < expiresAt on the simulated clock, then the key is claimed again', async () => {
    expect(await store.lookup('k3', A, 1000.25, 500, true)).toBe('claimed');
    expect(await store.lookup('k3', A, 1500.2499, 500, true)).toBe('conflict');
    expect(await store.lookup('k3', B, 1500.25, 500, true)).toBe('claimed');
    // The new claim carries the new fingerprint.
    expect(await store.lookup('k3', B, 1600, 500, true)).toBe('conflict');
  });

  it('a commit after the simulated expiry revives the record until t + retention', async () => {
    expect(await store.lookup('k4', A, 0, 100, true)).toBe('claimed');
    await store.commit('k4', 250, 100, 'late');
    expect(await store.lookup('k4', A, 300, 100, true)).toBe('stored');
    expect(await store.lookup('k4', A, 350, 100, true)).toBe('claimed');
  });

  it('a rollback removes the record: the next lookup claims the key', async () => {
    expect(await store.lookup('k5', A, 0, HOUR, true)).toBe('claimed');
    await store.rollBack('k5');
    expect(await store.lookup('k5', B, 1, HOUR, true)).toBe('claimed');
  });

  it('stores the record as one string, state|status|expiresAt|fingerprint|body', async () => {
    expect(await store.lookup('k6', A, 0, 1000, true)).toBe('claimed');
    await store.commit('k6', 5, 1000, 'a|b');
    expect(await outside.sendCommand(['GET', `${prefixOf(store)}k6`])).toBe(`done|200|1005|${A}|a|b`);
  });
});

/** A seeded mix of lookups, commits and rollbacks on a few keys, crossing pipeline chunks. */
function opsMix(count: number): StoreOp[] {
  let state = 12345;
  const next = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const ops: StoreOp[] = [];
  for (let i = 0; i < count; i++) {
    const key = `mix:${next(40)}`;
    const t = i * 7;
    const roll = next(10);
    if (roll < 6)
      ops.push({ op: 'lookup', key, fingerprint: next(4) === 0 ? B : A, t, retention: 900, checkFingerprint: true });
    else if (roll < 9) ops.push({ op: 'commit', key, t, retention: 900, body: `body ${i}` });
    else ops.push({ op: 'rollback', key });
  }
  return ops;
}

describe('batches', () => {
  it('a lookup reloads the scripts when the server lost them; a batch fails with one line instead', async () => {
    const opened = await openRedis(server.url);
    try {
      await outside.sendCommand(['SCRIPT', 'FLUSH']);
      expect(await opened.lookup('f', A, 0, HOUR, true)).toBe('claimed');
      await outside.sendCommand(['SCRIPT', 'FLUSH']);
      const batch = (opened.batch as NonNullable<IdempotencyStore['batch']>)([
        { op: 'commit', key: 'f', t: 1, retention: HOUR, body: '' },
      ]);
      expect(await refusal(batch)).toBe(
        `Redis at ${redact(server.url)} lost idemsim's scripts in the middle of a batch (SCRIPT FLUSH or a restart); run again`,
      );
    } finally {
      await opened.close();
    }
  });

  it('a batch answers exactly what one call at a time answers, in order', async () => {
    const ops = opsMix(2500);
    const one = await openRedis(server.url);
    const piped = await openRedis(server.url);
    try {
      const singly: (string | null)[] = [];
      for (const op of ops) {
        if (op.op === 'lookup')
          singly.push(await one.lookup(op.key, op.fingerprint, op.t, op.retention, op.checkFingerprint));
        else if (op.op === 'commit') singly.push((await one.commit(op.key, op.t, op.retention, op.body)) ?? null);
        else singly.push((await one.rollBack(op.key)) ?? null);
      }
      const batched = await (piped.batch as NonNullable<IdempotencyStore['batch']>)(ops);
      expect(batched).toEqual(singly);
      expect(new Set(batched)).toEqual(new Set(['claimed', 'conflict', 'mismatch', 'stored', null]));
    } finally {
      await one.close();
      await piped.close();
    }
  });
});

/** The article's record: a ~40-character key, a SHA-256 fingerprint, a done result of `body` bytes. */
const article =
  (body: number) =>
  (i: number): RecordShape => ({
    key: `idem:intent:agent-42:refund-${String(i).padStart(12, '0')}`,
    fingerprint: fp(`payload ${i}`),
    state: 'done',
    status: 200,
    body: 'x'.repeat(body),
    expiresAt: HOUR,
  });

describe('measure', () => {
  it('a record costs more than its key, fingerprint and body, and less than a few times that', async () => {
    const before = await outside.sendCommand<number>(['DBSIZE']);
    const measured = await store.measure(2000, article(256), 3600);
    const payload = 40 + 64 + 256;
    expect(measured.bytesPerRecord).toBeGreaterThan(payload);
    expect(measured.bytesPerRecord).toBeLessThan(3 * payload);
    const usage = Number(
      /MEMORY USAGE, mean of 100 records: ([\d,]+) B/.exec(measured.details.join('\n'))?.[1]?.replace(/,/g, ''),
    );
    expect(usage).toBeGreaterThan(payload);
    expect(usage).toBeLessThanOrEqual(measured.bytesPerRecord);
    expect(measured.details).toContain(
      `keys carry this run's prefix ${prefixOf(store)} (25 characters more than the handler's)`,
    );
    // The measured records are deleted again.
    expect(await outside.sendCommand(['DBSIZE'])).toBe(before);
  });

  it('a larger body costs more per record', async () => {
    const small = await store.measure(1000, article(0), 60);
    const large = await store.measure(1000, article(1024), 60);
    expect(large.bytesPerRecord - small.bytesPerRecord).toBeGreaterThan(1024);
  });
});

describe('close', () => {
  it('deletes every key under its prefix, touches no other key, and may be called twice', async () => {
    await outside.sendCommand(['SET', 'someone-else', 'kept']);
    const opened = await openRedis(server.url);
    const prefix = prefixOf(opened);
    for (let i = 0; i < 50; i++) await opened.lookup(`c${i}`, A, i, HOUR, true);
    expect(await keysMatching(outside, `${prefix}*`)).toHaveLength(50);
    const foreign = (await keysMatching(outside, '*')).filter((key) => !key.startsWith('idemsim:'));
    expect(foreign).toEqual(['someone-else']);
    await opened.close();
    await opened.close();
    expect(await keysMatching(outside, `${prefix}*`)).toEqual([]);
    expect(await outside.sendCommand(['GET', 'someone-else'])).toBe('kept');
  });

  it('without a URL, runs on a temporary redis-server that close stops', async () => {
    const opened = await openRedis(undefined);
    expect(opened.description).toMatch(/^redis 7\.\d+\.\d+ \(a temporary redis-server on 127\.0\.0\.1:\d+\)$/);
    const port = Number(/:(\d+)\)$/.exec(opened.description)?.[1]);
    expect(await opened.lookup('t', A, 0, HOUR, true)).toBe('claimed');
    await opened.close();
    expect(await closes(port)).toBe(true);
  });
});

/** The StoreError `open` throws, checked to be one line. */
async function refusal(open: Promise<unknown>): Promise<string> {
  const error = await open.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  const message = (error as StoreError).message;
  expect(message).not.toContain('\n');
  return message;
}

describe('errors: one line naming the server and the fix', () => {
  it('a refused connection', async () => {
    const port = await unusedPort();
    expect(await refusal(openRedis(`redis://127.0.0.1:${port}`))).toBe(
      `cannot connect to Redis at redis://127.0.0.1:${port}: connection refused; start a redis-server there, or leave out --redis to use a temporary one`,
    );
  });

  it.each([
    ['localhost:6379', 'bad Redis URL localhost:6379: the scheme is localhost:, not redis: or rediss:'],
    ['http://example.org', 'bad Redis URL http://example.org: the scheme is http:, not redis: or rediss:'],
    ['redis://127.0.0.1:6379/zero', 'bad Redis URL redis://127.0.0.1:6379/zero: the database is not a number'],
    ['not a url', 'bad Redis URL not a url: not a URL'],
  ])('a bad URL: %s', async (url, start) => {
    expect(await refusal(openRedis(url))).toBe(`${start}; write it as redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`);
  });

  describe('a server with a password', () => {
    let locked: TemporaryRedis;
    beforeAll(async () => {
      locked = await startTemporaryRedis({ password: 'right-secret' });
    });
    afterAll(async () => {
      await locked?.stop();
    });

    it('a wrong password, shown as ***', async () => {
      const message = await refusal(openRedis(`redis://:wrong-secret@127.0.0.1:${locked.port}`));
      expect(message).toBe(
        `Redis at redis://:***@127.0.0.1:${locked.port} refused the user or password (WRONGPASS invalid username-password pair or user is disabled); check them in the URL`,
      );
    });

    it('no password', async () => {
      expect(await refusal(openRedis(`redis://127.0.0.1:${locked.port}`))).toBe(
        `Redis at redis://127.0.0.1:${locked.port} needs a password; give it in the URL: redis://:PASSWORD@HOST:PORT`,
      );
    });

    it('the right password opens the store', async () => {
      const opened = await openRedis(locked.url);
      expect(await opened.lookup('p', A, 0, HOUR, true)).toBe('claimed');
      await opened.close();
    });
  });

  it('a server that stops answering mid-run: one line after the wait, and every later call fails at once', async () => {
    const frozen = await startTemporaryRedis();
    const opened = await openRedis(frozen.url, { answerMs: 500 });
    try {
      expect(await opened.lookup('z', A, 0, HOUR, true)).toBe('claimed');
      process.kill(frozen.pid, 'SIGSTOP');
      expect(await refusal(opened.lookup('z', A, 1, HOUR, true))).toBe(
        `no answer from Redis at ${redact(frozen.url)} within 0.5 s; check the host and port, and that a Redis server listens there`,
      );
      expect(await refusal(opened.commit('z', 2, HOUR, ''))).toMatch(
        /^lost the connection to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+: /,
      );
    } finally {
      process.kill(frozen.pid, 'SIGCONT');
      await opened.close().catch(() => undefined);
      await frozen.stop();
    }
  });

  it('a server that accepts the connection and never answers: no hang, one line after the connect timeout', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      expect(await refusal(openRedis(`redis://127.0.0.1:${port}`))).toBe(
        `no answer from Redis at redis://127.0.0.1:${port} within 3 s; check the host and port, and that a Redis server listens there`,
      );
    } finally {
      silent.close();
    }
  });
});
