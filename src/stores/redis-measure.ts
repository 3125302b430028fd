// What a record costs in Redis, by Redis's own count: records written as the article's
// handler writes them (`SET key value NX EX ttl`), and `used_memory` from INFO before and
// after, which includes everything a key brings with it (its slot in the keys' and the
// expiries' hash tables, allocator rounding). MEMORY USAGE on a sample is shown beside it:
// it counts the key, the value and their headers only, so it reads lower.
import { BATCH_BYTES } from './measure-size.js';
import { formatCount } from '../format/format.js';
import type { Connection } from './redis-connect.js';
import type { Arg } from './redis-wire.js';
import { encodeRecord } from './redis-record.js';
import * as say from './redis-messages.js';
import { StoreError, type Measurement, type RecordShape } from './store.js';

/** Records sent per pipeline; the most bytes one carries is BATCH_BYTES. */
const CHUNK = 1000;
/** Between two readings of used_memory: more than two ticks of Redis's cron at its default 10 Hz, which rehashes. */
const SETTLE_MS = 250;
/** Records asked MEMORY USAGE. */
const SAMPLE = 100;

export interface MeasureTarget {
  client: Connection;
  /** The key as written: the handler's own on a server of ours, under the run's prefix on the user's. */
  keyOf: (key: string) => string;
  /** Why the figure may read high on the user's server (its prefix, other clients), or nothing. */
  caveats: string[];
  /** On a server of ours: a database of its own to measure in, emptied before and after. */
  database?: number;
}

async function usedMemory(client: Connection): Promise<number> {
  const info = await client.call<string>(['INFO', 'memory']);
  const match = /^used_memory:(\d+)/m.exec(info);
  if (match === null) throw new StoreError(say.noUsedMemory(client.shown));
  return Number(match[1]);
}

/**
 * `used_memory` once it has stopped moving: Redis grows a hash table by rehashing it in
 * steps, holding both tables meanwhile, so a reading taken mid-rehash would count both.
 */
async function settledMemory(client: Connection): Promise<number> {
  let last = await usedMemory(client);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const now = await usedMemory(client);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/**
 * Sends `count` commands made by `make`, a pipeline of CHUNK at a time, and hands each
 * reply to `take`: nothing of size `count` is held, so a million records cost no more
 * memory here than a thousand.
 */
async function inChunks(
  client: Connection,
  count: number,
  make: (i: number) => Arg[],
  take: (reply: unknown) => void = () => undefined,
): Promise<void> {
  let commands: Arg[][] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const command = make(i);
    commands.push(command);
    for (const arg of command) bytes += typeof arg === 'string' ? arg.length : argBytes(arg);
    if (commands.length >= CHUNK || bytes >= BATCH_BYTES || i === count - 1) {
      for (const reply of await client.pipeline(commands)) take(reply);
      commands = [];
      bytes = 0;
    }
  }
}

function argBytes(arg: Exclude<Arg, string>): number {
  return Buffer.isBuffer(arg) ? arg.length : arg.reduce((sum, part) => sum + part.length, 0);
}

/** A body's bytes, made once while records share one body (as recordMaker's do). */
function bodyBuffers(): (text: string) => Buffer {
  let last: { text: string; bytes: Buffer } | undefined;
  return (text) => {
    if (last?.text !== text) last = { text, bytes: Buffer.from(text) };
    return last.bytes;
  };
}

/** What the records cost, before the details are written up. */
interface Counted {
  grew: number;
  written: number;
  usages: number[];
}

/** Writes `n` records under `keyOf(make(i).key)`, reads what they cost, and deletes them again. */
async function count(
  client: Connection,
  n: number,
  keyOf: (i: number) => string,
  make: (i: number) => RecordShape,
  ttlSeconds: number,
): Promise<Counted> {
  const before = await settledMemory(client);
  const bodyBuffer = bodyBuffers();
  let written = 0;
  await inChunks(
    client,
    n,
    (i) => {
      const record = make(i);
      // The record as encodeRecord writes it, its body sent from one buffer for all records.
      const value = [encodeRecord({ ...record, body: '' }), bodyBuffer(record.body)];
      return ['SET', keyOf(i), value, 'NX', 'EX', String(ttlSeconds)];
    },
    (reply) => {
      if (reply === 'OK') written++;
    },
  );
  const after = await settledMemory(client);
  const step = Math.max(1, Math.floor(n / SAMPLE));
  const usages: number[] = [];
  await inChunks(
    client,
    Math.ceil(n / step),
    (i) => ['MEMORY', 'USAGE', keyOf(i * step), 'SAMPLES', '0'],
    (usage) => {
      if (typeof usage === 'number') usages.push(usage);
    },
  );
  await inChunks(client, Math.ceil(n / CHUNK), (c) => {
    const keys: string[] = [];
    for (let i = c * CHUNK; i < Math.min(n, (c + 1) * CHUNK); i++) keys.push(keyOf(i));
    return ['DEL', ...keys];
  });
  return { grew: after - before, written, usages };
}

/**
 * Writes `count` records, measures them, and deletes them again. Not to be run beside other
 * calls on the same connection: on a server of ours it switches to its own database.
 */
export async function measureRecords(
  target: MeasureTarget,
  n: number,
  make: (i: number) => RecordShape,
  ttlSeconds: number,
): Promise<Measurement> {
  const { client, keyOf, database } = target;
  const keyAt = (i: number): string => keyOf(make(i).key);
  let counted: Counted;
  if (database === undefined) {
    counted = await count(client, n, keyAt, make, ttlSeconds);
  } else {
    // An empty database whose hash tables start from nothing: the records pay for the
    // tables they need, whatever an earlier measurement left allocated.
    await client.pipeline([['SELECT', String(database)], ['FLUSHDB']]);
    try {
      counted = await count(client, n, keyAt, make, ttlSeconds);
    } finally {
      await client.pipeline([['FLUSHDB'], ['SELECT', '0']]);
    }
  }
  const { grew, written, usages } = counted;
  const first = make(0);
  const bytesPerRecord = written === 0 ? 0 : Math.round(grew / written);
  const meanUsage = usages.length === 0 ? 0 : usages.reduce((sum, usage) => sum + usage, 0) / usages.length;
  const details = [
    `used_memory (INFO memory) grew ${formatCount(grew)} B for ${formatCount(written)} records: ${formatCount(bytesPerRecord)} B a record`,
    `MEMORY USAGE, mean of ${usages.length} records: ${formatCount(meanUsage)} B (key, value and their headers, without the hash-table and expiry entries)`,
    `each record: a ${first.key.length}-character key and a ${encodeRecord(first).length}-byte value, SET ... NX EX ${ttlSeconds}`,
    ...(written < n
      ? [`${formatCount(n - written)} of the ${formatCount(n)} keys were already there and not written`]
      : []),
    ...target.caveats,
  ];
  return { bytesPerRecord, details };
}
