// The idempotency-key store: a record is live while t < expiry, its expiry is "claim (or
// latest commit) + retention", a record an execution in flight will still write stays
// findable (not live) after it expires, every record generation reports its lifetime once,
// and growth far past the expected number of records loses nothing. Calls follow the
// convention of the service (src/sim/service.ts): find(key) first, then claim(key, found,
// ...) when the key is absent or not live, with the slot find returned (or -1).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyStore } from '../../src/sim/keystore.js';

const SEED = 20_240_611;
const RETENTION = 100;

/**
 * A store driven as the simulator drives it: every event advances the store to its time
 * first, and times never go backwards (the FIFO of expiries relies on it).
 */
class Driven {
  readonly lifetimes: number[] = [];
  readonly store: KeyStore;
  private now = -Infinity;

  constructor(retention = RETENTION, expectedRecords = 16) {
    this.store = new KeyStore(retention, expectedRecords, (life) => this.lifetimes.push(life));
  }

  /** The store as of t. */
  at(t: number): KeyStore {
    if (t < this.now) throw new Error(`time went backwards: ${t} < ${this.now}`);
    this.now = t;
    this.store.advance(t);
    return this.store;
  }

  /** The service's claim: find first, and claim only an absent or expired key, in the slot found. */
  claim(key: number, t: number, fp = 0, creator = 0): number {
    const store = this.at(t);
    const found = store.find(key);
    if (found >= 0 && store.isLive(found)) throw new Error(`key ${key} is live: the service would not claim it`);
    return store.claim(key, found, t, fp, creator);
  }

  commit(slot: number, t: number): void {
    this.at(t).commit(slot, t);
  }
}

describe('KeyStore expiry', () => {
  it('keeps a claimed record live until exactly claim + retention', () => {
    const d = new Driven();
    const slot = d.claim(7, 50);
    expect(d.at(149.999).isLive(slot)).toBe(true);
    expect(d.at(150).isLive(slot)).toBe(false);
  });

  it('moves the expiry of a committed record to commit + retention', () => {
    const d = new Driven();
    const slot = d.claim(7, 0);
    d.commit(slot, 30);
    expect(d.at(129.999).isLive(slot)).toBe(true);
    expect(d.store.isDone(slot)).toBe(true);
    expect(d.at(130).isLive(slot)).toBe(false);
  });

  it('forgets a committed record at its expiry: find returns -1', () => {
    const d = new Driven();
    d.commit(d.claim(7, 0), 0);
    expect(d.at(RETENTION - 0.001).find(7)).toBeGreaterThanOrEqual(0);
    expect(d.at(RETENTION).find(7)).toBe(-1);
  });

  it('keeps a record whose execution has not committed findable after expiry, not live, with its fields', () => {
    const d = new Driven();
    const slot = d.claim(7, 0, 42, 3);
    const store = d.at(10 * RETENTION);
    expect(store.find(7)).toBe(slot);
    expect(store.isLive(slot)).toBe(false);
    expect(store.isDone(slot)).toBe(false);
    expect([store.fingerprint(slot), store.creator(slot), store.claimTime(slot)]).toEqual([42, 3, 0]);
  });

  it('writes a record as done and live again when its pending execution commits after expiry', () => {
    const d = new Driven();
    const slot = d.claim(7, 0);
    expect(d.at(200).isLive(slot)).toBe(false);
    d.commit(slot, 250);
    expect([d.store.isLive(slot), d.store.isDone(slot)]).toEqual([true, true]);
    expect(d.at(349.999).find(7)).toBe(slot);
    expect(d.at(350).find(7)).toBe(-1);
  });

  it('keeps a pinned record until every execution on it has committed', () => {
    const d = new Driven();
    const slot = d.claim(7, 0);
    d.store.pin(slot); // a read-then-write racer executes too
    d.commit(slot, 10);
    expect(d.at(110).find(7)).toBe(slot);
    expect(d.store.isLive(slot)).toBe(false);
    d.commit(slot, 120);
    expect(d.at(220).find(7)).toBe(-1);
  });

  it('claims an expired record kept for a pending execution in its own slot, as a new running record', () => {
    const d = new Driven();
    const slot = d.claim(7, 0, 1, 1);
    expect(d.claim(7, 100, 2, 2)).toBe(slot);
    const store = d.store;
    expect([store.isLive(slot), store.isDone(slot)]).toEqual([true, false]);
    expect([store.fingerprint(slot), store.creator(slot), store.claimTime(slot)]).toEqual([2, 2, 100]);
  });
});

describe('KeyStore lifetimes', () => {
  it('reports each record generation once, as its final expiry minus its claim time', () => {
    const d = new Driven();
    const first = d.claim(1, 0);
    const kept = d.claim(2, 10); // expires at 110 while its execution is pending: kept
    d.commit(first, 30); // forgotten at 130: lifetime 130
    d.at(110);
    expect(d.lifetimes).toEqual([]);
    expect(d.claim(2, 120)).toBe(kept); // a new generation of key 2: the first one lived 100
    expect(d.lifetimes).toEqual([100]);
    d.at(130);
    expect(d.lifetimes).toEqual([100, 130]);
    // Both executions, the first generation's and the second's, commit; the last at 140
    // sets the final expiry 240, so the second generation lived 240 - 120.
    d.commit(kept, 135);
    d.commit(kept, 140);
    d.at(240);
    expect(d.lifetimes).toEqual([100, 130, 120]);
  });

  it('finish reports the records still held, live or kept for a pending execution', () => {
    const d = new Driven();
    const live = d.claim(1, 0);
    d.claim(2, 1); // expires at 101, kept while its execution is pending
    d.commit(live, 5); // live until 105
    d.at(102).finish();
    expect(d.lifetimes).toEqual([105, 100]);
  });
});

describe('KeyStore counts', () => {
  it('liveKeys counts live records and peakKeys the most at any time', () => {
    const d = new Driven();
    for (const [key, t] of [
      [1, 0],
      [2, 10],
      [3, 20],
    ] as const) {
      d.commit(d.claim(key, t), t);
    }
    expect([d.store.liveKeys, d.store.peakKeys]).toEqual([3, 3]);
    d.at(115);
    expect([d.store.liveKeys, d.store.peakKeys]).toEqual([1, 3]);
  });

  it('does not count a record kept only for a pending execution as live, and counts it again when written', () => {
    const d = new Driven();
    const slot = d.claim(1, 0);
    expect(d.at(RETENTION).liveKeys).toBe(0);
    d.commit(slot, RETENTION + 1);
    expect([d.store.liveKeys, d.store.peakKeys]).toEqual([1, 1]);
  });

  it('counts every claim, first or again after expiry', () => {
    const d = new Driven();
    d.claim(1, 0);
    d.claim(2, 0);
    d.claim(1, RETENTION);
    expect(d.store.claims).toBe(3);
  });
});

describe('KeyStore growth', () => {
  it('keeps every held key findable with its fingerprint and creator at ten times the expected records', () => {
    const expected = 1024; // the smallest capacity the store allocates
    const retention = 1500;
    const d = new Driven(retention, expected);
    const n = 10 * expected;
    // Even keys far above 2^32 (the index folds the high bits), odd keys negative.
    const keyOf = (i: number) => (i % 2 === 0 ? i * 2 ** 33 + 5 : -i);
    // One claim per ms, then four: the store expires records (its FIFO wraps around) while
    // the number held grows to about 6,000, so both the records and the FIFO grow.
    const timeOf = (i: number) => (i < 4000 ? i : 4000 + (i - 4000) / 4);
    // Every third execution commits at the next claim's time rather than its own, so its
    // claim's entry in the FIFO is stale when reached.
    const committedAt = (i: number) => (i % 3 === 0 ? timeOf(Math.min(i + 1, n - 1)) : timeOf(i));
    let lagging = -1;
    for (let i = 0; i < n; i++) {
      const t = timeOf(i);
      const slot = d.claim(keyOf(i), t, i % 7, 3 * i);
      if (lagging >= 0) d.commit(lagging, t);
      lagging = i % 3 === 0 ? slot : -1;
      if (i % 3 !== 0) d.commit(slot, t);
    }
    const end = timeOf(n - 1);
    if (lagging >= 0) d.commit(lagging, end);
    const store = d.store;
    let held = 0;
    for (let i = 0; i < n; i++) {
      const slot = store.find(keyOf(i));
      if (committedAt(i) + retention > end) {
        held++;
        expect(slot, `key ${keyOf(i)}`).toBeGreaterThanOrEqual(0);
        expect([store.isLive(slot), store.fingerprint(slot), store.creator(slot)]).toEqual([true, i % 7, 3 * i]);
      } else {
        expect(slot, `key ${keyOf(i)}`).toBe(-1);
      }
    }
    expect(held).toBeGreaterThan(5 * expected);
    expect(store.liveKeys).toBe(held);
    expect(d.lifetimes).toHaveLength(n - held);
    store.finish();
    expect(d.lifetimes).toHaveLength(n);
  });
});

/**
 * The reference: the rules of the store stated directly on a map from key to record,
 * scanning every record at each step (no FIFO, no hash index, no slot reuse, no growth).
 */
interface ModelRecord {
  slot: number;
  claimedAt: number;
  expiry: number;
  fp: number;
  creator: number;
  pendings: number;
  live: boolean;
  done: boolean;
}

class ModelStore {
  readonly records = new Map<number, ModelRecord>();
  readonly lifetimes: number[] = [];
  peak = 0;

  advance(t: number): void {
    for (const [key, r] of this.records) {
      if (!r.live || r.expiry > t) continue;
      r.live = false;
      if (r.pendings > 0) continue;
      this.lifetimes.push(r.expiry - r.claimedAt);
      this.records.delete(key);
    }
  }

  claim(key: number, slot: number, t: number, fp: number, creator: number): void {
    const old = this.records.get(key);
    if (old !== undefined) this.lifetimes.push(old.expiry - old.claimedAt);
    const pendings = (old?.pendings ?? 0) + 1;
    this.records.set(key, {
      slot,
      claimedAt: t,
      expiry: t + RETENTION,
      fp,
      creator,
      pendings,
      live: true,
      done: false,
    });
    this.peak = Math.max(this.peak, this.live);
  }

  commit(key: number, t: number): void {
    const r = this.records.get(key) as ModelRecord;
    Object.assign(r, { pendings: r.pendings - 1, done: true, live: true, expiry: t + RETENTION });
    this.peak = Math.max(this.peak, this.live);
  }

  get live(): number {
    let n = 0;
    for (const r of this.records.values()) if (r.live) n++;
    return n;
  }
}

/** Fails with `what` when two lists differ; cheap when they agree (called at every step). */
function same(actual: readonly unknown[], expected: readonly unknown[], what: string): void {
  if (actual.length !== expected.length || actual.some((a, i) => a !== expected[i])) {
    expect(actual, what).toEqual(expected);
  }
}

describe('KeyStore against a reference model', () => {
  const dt = fc.constantFrom(0, 1, 7, 50, 250);
  const op = fc.oneof(
    fc.record({
      dt,
      // A few hot keys that repeat, and a wide range that spreads tombstones over the index.
      key: fc.oneof(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 5000 })),
      racer: fc.boolean(),
    }),
    fc.record({ dt, commit: fc.nat() }),
  );

  it('agrees on find, liveness, fields, counts and lifetimes over random requests and commits (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 3000, size: 'max' }), (ops) => {
        const d = new Driven(RETENTION, 1);
        const model = new ModelStore();
        const inFlight: number[] = []; // the key of each execution not yet committed
        let t = 0;
        ops.forEach((o, step) => {
          t += o.dt;
          const store = d.at(t);
          model.advance(t);
          if ('key' in o) {
            // The service's lookup (src/sim/service.ts): claim, race (pin), or answer.
            const found = store.find(o.key);
            const r = model.records.get(o.key);
            same([found], [r === undefined ? -1 : r.slot], `step ${step}: find(${o.key})`);
            if (r === undefined || !r.live) {
              model.claim(o.key, d.claim(o.key, t, step % 5, step), t, step % 5, step);
              inFlight.push(o.key);
            } else if (!r.done && o.racer) {
              store.pin(found);
              r.pendings++;
              inFlight.push(o.key);
            }
          } else if (inFlight.length > 0) {
            const key = inFlight.splice(o.commit % inFlight.length, 1)[0] as number;
            d.commit((model.records.get(key) as ModelRecord).slot, t);
            model.commit(key, t);
          }
          same([store.liveKeys, store.peakKeys], [model.live, model.peak], `step ${step}: liveKeys, peakKeys`);
        });
        for (const [key, r] of model.records) {
          const slot = d.store.find(key);
          const s = d.store;
          same(
            [slot, s.isLive(slot), s.isDone(slot), s.fingerprint(slot), s.creator(slot), s.claimTime(slot)],
            [r.slot, r.live, r.done, r.fp, r.creator, r.claimedAt],
            `key ${key}: slot, live, done, fingerprint, creator, claim time`,
          );
        }
        const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);
        same(ascending(d.lifetimes), ascending(model.lifetimes), 'lifetimes');
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
