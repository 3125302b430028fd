// The replay driver on a real store (PGlite): it counts both sides' answers, and a lookup
// the store answers otherwise than the simulator is counted and named, not hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyOp } from '../../src/model/keyops.js';
import { openPostgres } from '../../src/stores/postgres.js';
import { keyText, replay, responseBody } from '../../src/stores/replay.js';
import type { IdempotencyStore } from '../../src/stores/store.js';

const SETTINGS = { scope: 'intent' as const, retention: 1000, fingerprint: true, bodyBytes: 64 };

describe('replay', () => {
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = await openPostgres(undefined);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('agrees with a run whose answers the handler gives: claim, 409, commit, stored 200, 422, expiry', async () => {
    const ops: KeyOp[] = [
      { op: 'lookup', t: 0, key: 1, version: 0, outcome: 'claimed', exec: 0 },
      { op: 'lookup', t: 10, key: 1, version: 0, outcome: 'conflict', exec: -1 },
      { op: 'commit', t: 20, key: 1, exec: 0, error: false },
      { op: 'lookup', t: 30, key: 1, version: 0, outcome: 'stored', exec: -1 },
      { op: 'lookup', t: 40, key: 1, version: 1, outcome: 'mismatch', exec: -1 },
      // Committed at 20, the record lives until 1020: at 1020 it is gone.
      { op: 'lookup', t: 1020, key: 1, version: 1, outcome: 'claimed', exec: 1 },
    ];
    const r = await replay(store, ops, SETTINGS);
    expect(r.disagreements).toBe(0);
    expect(r.simulator).toEqual({ claimed: 2, conflict: 1, mismatch: 1, stored: 1 });
    expect(r.store).toEqual(r.simulator);
    expect(r.commits).toBe(1);
  });

  it('counts and names a lookup the store answers otherwise', async () => {
    const ops: KeyOp[] = [
      { op: 'lookup', t: 0, key: 7, version: 0, outcome: 'claimed', exec: 0 },
      // The simulator says stored, but nothing was committed: the store says 409.
      { op: 'lookup', t: 5, key: 7, version: 0, outcome: 'stored', exec: -1 },
    ];
    const r = await replay(store, ops, SETTINGS);
    expect(r.disagreements).toBe(1);
    expect(r.first).toEqual({ index: 1, t: 5, key: keyText('intent', 7), simulator: 'stored', store: 'conflict' });
    expect(r.simulator.stored).toBe(1);
    expect(r.store.conflict).toBe(1);
  });

  it('races two clients on one key: read-then-write lets both claim, the atomic claim one', async () => {
    const side = (key: string, t: number) => ({
      key,
      fingerprint: 'f'.repeat(64),
      t,
      retention: 1000,
      checkFingerprint: true,
    });
    const race = store.race?.bind(store);
    if (race === undefined) throw new Error('the Postgres store has no race');
    expect(await race(side('r1', 0), side('r1', 2), 'read-then-write')).toEqual(['claimed', 'claimed']);
    expect([...(await race(side('r2', 0), side('r2', 2), 'atomic'))].sort()).toEqual(['claimed', 'conflict']);
    // A live record answers both, whichever handler.
    await store.commit('r2', 5, 1000, '{}');
    expect(await race(side('r2', 10), side('r2', 11), 'read-then-write')).toEqual(['stored', 'stored']);
  });

  it('writes a response body of exactly the size asked', () => {
    for (const bytes of [0, 2, 60, 64, 1024]) expect(Buffer.byteLength(responseBody(bytes))).toBe(bytes);
  });
});
