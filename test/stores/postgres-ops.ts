// Operations and records for the Postgres store's tests: the article's record shape, and a
// seeded mix of lookups, commits and roll-backs to compare batches with single calls.
import { createHash } from 'node:crypto';
import type { RecordShape, StoreOp } from '../../src/stores/store.js';

export const FP_A = 'a'.repeat(64);
export const FP_B = 'b'.repeat(64);
export const HOUR = 3_600_000;

/** Records shaped like the article's: a 41-character key, a SHA-256 in hex, done, 200. */
export function record(bodyBytes: number): (i: number) => RecordShape {
  return (i) => ({
    key: `refund:${hex(i, 34)}`,
    fingerprint: hex(i * 7 + 1, 64),
    state: 'done',
    status: 200,
    body: 'x'.repeat(bodyBytes),
    expiresAt: 86_400_000,
  });
}

/** `length` hex digits of a SHA-256 (keys in no particular order, as real ones are). */
function hex(seed: number, length: number): string {
  return createHash('sha256').update(String(seed)).digest('hex').slice(0, length);
}

/** A seeded mix of the three operations over a few keys, on a clock that moves forward. */
export function randomOps(count: number, seed: number): StoreOp[] {
  let x = seed;
  const next = (n: number): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return Math.floor((x / 2 ** 32) * n);
  };
  const ops: StoreOp[] = [];
  let t = 0;
  for (let i = 0; i < count; i++) {
    t += next(40);
    const key = `k${next(20)}`;
    const kind = next(10);
    if (kind < 6)
      ops.push({
        op: 'lookup',
        key,
        fingerprint: next(4) === 0 ? FP_B : FP_A,
        t,
        retention: 300,
        checkFingerprint: next(2) === 0,
      });
    else if (kind < 9) ops.push({ op: 'commit', key, t, retention: 300, body: `{"n":${i}}` });
    else ops.push({ op: 'rollback', key });
  }
  return ops;
}

/** The freshly loaded figure from a measurement's details. */
export function freshlyLoaded(details: string[]): number {
  const match = /^freshly loaded: ([\d,.]+) B a row/m.exec(details.join('\n'));
  return Number(match?.[1]?.replace(/,/g, '') ?? Number.NaN);
}
