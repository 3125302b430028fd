// Who holds each key record, for the service's own crashes (MODEL.md A): when the
// record was last claimed or taken over (the lease's start), the execution that did it
// (its owner), and when that owner died (Infinity while it lives). Kept beside the key
// store's arrays only when crashes or leases are configured.

export class Owners {
  heldSince: Float64Array;
  owner: Float64Array;
  diedAt: Float64Array;
  /**
   * The first action to commit on the record since its claim (-1: none yet), and whether a
   * takeover made one of that action's commits on it: for lease-takeover duplicates. Other
   * actions' commits on the same record (identical repeats) are kept in the simulation's map.
   */
  committer: Float64Array;
  committerTakeover: Uint8Array;

  constructor(capacity: number) {
    this.heldSince = new Float64Array(capacity);
    this.owner = new Float64Array(capacity);
    this.diedAt = new Float64Array(capacity);
    this.committer = new Float64Array(capacity);
    this.committerTakeover = new Uint8Array(capacity);
  }

  /** A new record in `slot`: no commits on it yet. */
  claimed(slot: number): void {
    this.committer[slot] = -1;
    this.committerTakeover[slot] = 0;
  }

  /** Execution `owner` claims or takes over `slot` at t. */
  hold(slot: number, t: number, owner: number): void {
    this.heldSince[slot] = t;
    this.owner[slot] = owner;
    this.diedAt[slot] = Infinity;
  }

  /** The execution `owner` died at t: if it still owns `slot`, its renewals stop. */
  died(slot: number, owner: number, t: number): void {
    if (this.owner[slot] === owner) this.diedAt[slot] = t;
  }

  isOwner(slot: number, owner: number): boolean {
    return this.owner[slot] === owner;
  }

  /**
   * May an attempt at t take the record over? Without renewal, once the lease has run out
   * since the last claim or takeover; with renewal, only once it has run out since the
   * owner died (a live owner keeps renewing).
   */
  leaseRunOut(slot: number, t: number, lease: number, renewal: boolean): boolean {
    return renewal ? t >= (this.diedAt[slot] as number) + lease : t >= (this.heldSince[slot] as number) + lease;
  }

  grow(size: number): void {
    const grow = (a: Float64Array): Float64Array => {
      const next = new Float64Array(size);
      next.set(a);
      return next;
    };
    this.heldSince = grow(this.heldSince);
    this.owner = grow(this.owner);
    this.diedAt = grow(this.diedAt);
    this.committer = grow(this.committer);
    const flags = new Uint8Array(size);
    flags.set(this.committerTakeover);
    this.committerTakeover = flags;
  }
}
