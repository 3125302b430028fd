// The key store's hash index: whatever the keys (dense counters, a sliding window of them,
// colliding or negative ones) and however insertions and deletions interleave, find()
// agrees with a Map, through tombstones, emptied home slots, rebuilds and growth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../src/sim/keyindex.js';

const SEED = 20_261_203;

/** An index over slots 0..n-1 of `keys`, checked against a Map after every operation. */
class Checked {
  readonly keys = new Float64Array(1 << 16);
  readonly index: KeyIndex;
  readonly map = new Map<number, number>();
  private free: number[] = [];
  private used = 0;

  constructor(expected: number) {
    this.index = new KeyIndex(expected);
  }

  insert(key: number): void {
    expect(this.index.find(key, this.keys)).toBe(-1);
    const slot = this.free.pop() ?? this.used++;
    this.keys[slot] = key;
    this.index.insertMissed(slot, this.keys);
    this.map.set(key, slot);
  }

  remove(key: number): void {
    const slot = this.map.get(key) as number;
    this.index.remove(key, this.keys);
    this.map.delete(key);
    this.free.push(slot);
  }

  agrees(probes: readonly number[]): void {
    for (const [key, slot] of this.map) expect(this.index.find(key, this.keys)).toBe(slot);
    for (const key of probes) if (!this.map.has(key)) expect(this.index.find(key, this.keys)).toBe(-1);
  }
}

describe('KeyIndex', () => {
  it('finds every key of a sliding window of dense keys, many times round its table', () => {
    const c = new Checked(64);
    for (let key = 0; key < 20_000; key++) {
      c.insert(key);
      if (key >= 100) c.remove(key - 100);
      if (key % 997 === 0) c.agrees([key + 1, key - 150, -key]);
    }
    c.agrees([0, 19_999 + 1]);
  });

  it('agrees with a Map on random inserts and deletes of colliding, negative and dense keys (fast-check, fixed seed)', () => {
    const key = fc.oneof(
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: -300, max: 0 }),
      fc.integer({ min: 0, max: 40 }).map((k) => k * 2048),
      fc.integer({ min: 0, max: 40 }).map((k) => k * 4294967296 + 7),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), key), { minLength: 100, maxLength: 1500, size: 'max' }), (ops) => {
        const c = new Checked(16);
        for (const [insert, k] of ops) {
          if (c.map.has(k)) {
            if (!insert) c.remove(k);
          } else if (insert) c.insert(k);
        }
        c.agrees(ops.map(([, k]) => k));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
