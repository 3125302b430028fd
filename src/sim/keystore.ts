// The service's idempotency-key store: records in flat typed arrays, a hash index
// (keyindex.ts), and an expiry FIFO. Every expiry is set to "now + retention", so expiries
// are appended in time order and a FIFO replaces a priority queue. Memory follows the
// records that are live or that an execution in flight will write again, never the
// number of finished actions.

import { KeyIndex } from './keyindex.js';
import { Owners } from './owners.js';

const OCCUPIED = 1;
const LIVE = 2;
const DONE = 4;
/** A done record holding an error result (MODEL.md F, `errors: store`). */
const ERROR = 8;

export interface Lifetimes {
  /** Called once per record generation (claim to final expiry), in a deterministic order. */
  (lifetime: number): void;
}

export class KeyStore {
  private capacity: number;
  private keys: Float64Array;
  private expiry: Float64Array;
  private claimedAt: Float64Array;
  private fps: Float64Array;
  private creators: Float64Array;
  private pendings: Int32Array;
  private flags: Uint8Array;
  private free: number[] = [];
  private used = 0;

  private index: KeyIndex;

  private fifoTimes: Float64Array;
  private fifoSlots: Int32Array;
  private fifoHead = 0;
  private fifoLen = 0;

  liveKeys = 0;
  peakKeys = 0;
  /** The first instant the peak was reached. */
  peakKeysAt = 0;
  claims = 0;
  /** Who holds each record: only when the service's crashes or leases need it. */
  readonly owners: Owners | null;

  constructor(
    private readonly retention: number,
    expectedRecords: number,
    private readonly onLifetime: Lifetimes,
    tracksOwners = false,
  ) {
    this.capacity = Math.max(1024, Math.ceil(expectedRecords));
    this.keys = new Float64Array(this.capacity);
    this.expiry = new Float64Array(this.capacity);
    this.claimedAt = new Float64Array(this.capacity);
    this.fps = new Float64Array(this.capacity);
    this.creators = new Float64Array(this.capacity);
    this.pendings = new Int32Array(this.capacity);
    this.flags = new Uint8Array(this.capacity);
    this.index = new KeyIndex(this.capacity);
    this.fifoTimes = new Float64Array(2 * this.capacity);
    this.fifoSlots = new Int32Array(2 * this.capacity);
    this.owners = tracksOwners ? new Owners(this.capacity) : null;
  }

  /** The slot holding `key` (live, or expired while an execution still depends on it), or -1. */
  find(key: number): number {
    return this.index.find(key, this.keys);
  }

  isLive(slot: number): boolean {
    return ((this.flags[slot] as number) & LIVE) !== 0;
  }
  isDone(slot: number): boolean {
    return ((this.flags[slot] as number) & DONE) !== 0;
  }
  keyAt(slot: number): number {
    return this.keys[slot] as number;
  }
  fingerprint(slot: number): number {
    return this.fps[slot] as number;
  }
  creator(slot: number): number {
    return this.creators[slot] as number;
  }
  /** When the record was claimed, or last taken over (the race window and the lease start there). */
  claimTime(slot: number): number {
    return this.owners === null ? (this.claimedAt[slot] as number) : (this.owners.heldSince[slot] as number);
  }

  /**
   * Claim `key` at `t` as running with fingerprint `fp`, for action `creator`. `slot` is
   * the expired record kept for this key, or -1. Returns the record's slot.
   */
  claim(key: number, slot: number, t: number, fp: number, creatorId: number, owner = -1): number {
    if (slot >= 0) {
      this.onLifetime((this.expiry[slot] as number) - (this.claimedAt[slot] as number));
    } else {
      slot = this.allocate(key);
    }
    this.claims++;
    this.fps[slot] = fp;
    this.creators[slot] = creatorId;
    this.claimedAt[slot] = t;
    this.pendings[slot] = (this.pendings[slot] as number) + 1;
    this.flags[slot] = OCCUPIED;
    this.setExpiry(slot, t + this.retention, t);
    if (this.owners !== null) {
      this.owners.hold(slot, t, owner);
      this.owners.claimed(slot);
    }
    return slot;
  }

  /**
   * Execution `owner` takes over the live `running` record at t (its lease ran out): the
   * lease restarts, the record lives until t + retention, and the owner will write it. Not
   * a claim: the record's lifetime extends.
   */
  takeOver(slot: number, t: number, owner: number): void {
    this.pendings[slot] = (this.pendings[slot] as number) + 1;
    this.setExpiry(slot, t + this.retention, t);
    (this.owners as Owners).hold(slot, t, owner);
  }

  /** An execution that would have written the record crashed: it never will. */
  abandon(slot: number): void {
    const pending = (this.pendings[slot] as number) - 1;
    this.pendings[slot] = pending;
    if (pending === 0 && ((this.flags[slot] as number) & LIVE) === 0) this.remove(slot);
  }

  /** Live, still `running`, and no execution in flight will write it: nothing will ever finish it. */
  isOrphan(slot: number): boolean {
    const flags = this.flags[slot] as number;
    return (flags & LIVE) !== 0 && (flags & DONE) === 0 && this.pendings[slot] === 0;
  }

  /**
   * A transaction holding the record rolled back at t: the record disappears as if it had
   * expired then (an execution still depending on it keeps the slot, not the record).
   */
  rollBack(slot: number, t: number): void {
    const flags = this.flags[slot] as number;
    if ((flags & LIVE) !== 0) {
      this.flags[slot] = flags & ~LIVE;
      this.liveKeys--;
      this.expiry[slot] = t;
    }
    this.abandon(slot);
  }

  /** Live records at `when` (>= the store's time), without expiring anything. */
  liveAt(when: number): number {
    let live = this.liveKeys;
    const n = this.fifoTimes.length;
    for (let i = 0; i < this.fifoLen; i++) {
      const at = (this.fifoHead + i) % n;
      const due = this.fifoTimes[at] as number;
      if (due > when) break;
      const slot = this.fifoSlots[at] as number;
      if (((this.flags[slot] as number) & LIVE) !== 0 && this.expiry[slot] === due) live--;
    }
    return live;
  }

  /** Another execution (a read-then-write racer) now depends on the record. */
  pin(slot: number): void {
    this.pendings[slot] = (this.pendings[slot] as number) + 1;
  }

  /** An execution committed at `t`: the record is written as done, live until t + retention. */
  commit(slot: number, t: number): void {
    this.pendings[slot] = (this.pendings[slot] as number) - 1;
    this.flags[slot] = OCCUPIED | DONE | ((this.flags[slot] as number) & LIVE);
    this.setExpiry(slot, t + this.retention, t);
  }

  /** The record's result is an error (a 500): a repeat gets it back, not a 200. */
  markError(slot: number): void {
    this.flags[slot] = (this.flags[slot] as number) | ERROR;
  }

  isError(slot: number): boolean {
    return ((this.flags[slot] as number) & ERROR) !== 0;
  }

  /** Expire every record whose expiry is at or before `t` (a record is live while t < expiry). */
  advance(t: number): void {
    while (this.fifoLen > 0) {
      const head = this.fifoHead;
      const when = this.fifoTimes[head] as number;
      if (when > t) return;
      const slot = this.fifoSlots[head] as number;
      this.fifoHead = (head + 1) % this.fifoTimes.length;
      this.fifoLen--;
      const flags = this.flags[slot] as number;
      if ((flags & LIVE) === 0 || this.expiry[slot] !== when) continue;
      this.flags[slot] = flags & ~LIVE;
      this.liveKeys--;
      if (this.pendings[slot] === 0) this.remove(slot);
    }
  }

  /** Report the lifetimes of the records still held when the run ends. */
  finish(): void {
    for (let slot = 0; slot < this.used; slot++) {
      if (((this.flags[slot] as number) & OCCUPIED) !== 0) {
        this.onLifetime((this.expiry[slot] as number) - (this.claimedAt[slot] as number));
      }
    }
  }

  private setExpiry(slot: number, when: number, now: number): void {
    this.expiry[slot] = when;
    const flags = this.flags[slot] as number;
    if ((flags & LIVE) === 0) {
      this.flags[slot] = flags | LIVE;
      if (++this.liveKeys > this.peakKeys) {
        this.peakKeys = this.liveKeys;
        this.peakKeysAt = now;
      }
    }
    if (this.fifoLen === this.fifoTimes.length) this.growFifo();
    const tail = (this.fifoHead + this.fifoLen) % this.fifoTimes.length;
    this.fifoTimes[tail] = when;
    this.fifoSlots[tail] = slot;
    this.fifoLen++;
  }

  private allocate(key: number): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.used === this.capacity) this.growRecords();
      slot = this.used++;
    }
    this.keys[slot] = key;
    this.pendings[slot] = 0;
    // claim() always follows a find() of the same key that missed.
    this.index.insertMissed(slot, this.keys);
    return slot;
  }

  private remove(slot: number): void {
    this.onLifetime((this.expiry[slot] as number) - (this.claimedAt[slot] as number));
    this.flags[slot] = 0;
    this.index.remove(this.keys[slot] as number, this.keys);
    this.free.push(slot);
  }

  private growRecords(): void {
    const next = Math.ceil(this.capacity * 1.5);
    this.keys = grow(this.keys, next);
    this.expiry = grow(this.expiry, next);
    this.claimedAt = grow(this.claimedAt, next);
    this.fps = grow(this.fps, next);
    this.creators = grow(this.creators, next);
    const pendings = new Int32Array(next);
    pendings.set(this.pendings);
    this.pendings = pendings;
    const flags = new Uint8Array(next);
    flags.set(this.flags);
    this.flags = flags;
    if (this.owners !== null) this.owners.grow(next);
    this.capacity = next;
  }

  private growFifo(): void {
    const n = this.fifoTimes.length;
    const times = new Float64Array(Math.ceil(n * 1.5));
    const slots = new Int32Array(times.length);
    for (let i = 0; i < this.fifoLen; i++) {
      const from = (this.fifoHead + i) % n;
      times[i] = this.fifoTimes[from] as number;
      slots[i] = this.fifoSlots[from] as number;
    }
    this.fifoTimes = times;
    this.fifoSlots = slots;
    this.fifoHead = 0;
  }
}

function grow(array: Float64Array, size: number): Float64Array {
  const next = new Float64Array(size);
  next.set(array);
  return next;
}
