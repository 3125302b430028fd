// The key store's hash index: open addressing with linear probing over slot numbers.
// Keys are dense counters (action, call, attempt and version ids), so the identity on
// the low bits spreads a sliding window of live keys without collisions and keeps
// neighbours next to each other in memory. While every key sits in its home slot (no
// collision has pushed one along, the usual case with dense keys), a deletion just empties
// its slot: no probe passes through it. Otherwise deletions leave tombstones (a
// backward-shift deletion would scan the whole dense run of live keys each time), and the
// table is rebuilt when tombstones pass a quarter of it.

const EMPTY = 0;
const TOMBSTONE = -1;

export class KeyIndex {
  /** EMPTY, TOMBSTONE, or slot + 1. */
  private table: Int32Array;
  private mask: number;
  private live = 0;
  private dead = 0;
  /** Live keys not in their home slot. */
  private displaced = 0;
  /** Where the last unsuccessful find would insert its key. */
  private hole = -1;

  constructor(expected: number) {
    let size = 2048;
    while (size < 2 * expected) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The slot holding `key` (keys[slot] === key), or -1. */
  find(key: number, keys: Float64Array): number {
    const table = this.table;
    const mask = this.mask;
    let hole = -1;
    for (let i = home(key) & mask; ; i = (i + 1) & mask) {
      const entry = table[i] as number;
      if (entry === EMPTY) {
        this.hole = hole < 0 ? i : hole;
        return -1;
      }
      if (entry === TOMBSTONE) {
        if (hole < 0) hole = i;
      } else if (keys[entry - 1] === key) {
        return entry - 1;
      }
    }
  }

  /** Add `slot` for the key that the last find() did not find. */
  insertMissed(slot: number, keys: Float64Array): void {
    if (this.table[this.hole] === TOMBSTONE) this.dead--;
    this.table[this.hole] = slot + 1;
    this.live++;
    if (this.hole !== (home(keys[slot] as number) & this.mask)) this.displaced++;
    if (2 * (this.live + this.dead) > this.table.length) {
      this.rebuild(4 * this.live > this.table.length ? 2 * this.table.length : this.table.length, keys);
    }
  }

  remove(key: number, keys: Float64Array): void {
    const table = this.table;
    const mask = this.mask;
    let i = home(key) & mask;
    for (;;) {
      const entry = table[i] as number;
      if (entry > 0 && keys[entry - 1] === key) break;
      if (entry === EMPTY) throw new Error(`key ${key} is not indexed`);
      i = (i + 1) & mask;
    }
    this.live--;
    if (i !== (home(key) & mask)) this.displaced--;
    else if (this.displaced === 0) {
      table[i] = EMPTY;
      return;
    }
    table[i] = TOMBSTONE;
    this.dead++;
    if (4 * this.dead > table.length) this.rebuild(table.length, keys);
  }

  private rebuild(size: number, keys: Float64Array): void {
    const old = this.table;
    const table = new Int32Array(size);
    const mask = size - 1;
    let displaced = 0;
    for (const entry of old) {
      if (entry <= 0) continue;
      const at = home(keys[entry - 1] as number) & mask;
      let i = at;
      while (table[i] !== EMPTY) i = (i + 1) & mask;
      table[i] = entry;
      if (i !== at) displaced++;
    }
    this.table = table;
    this.mask = mask;
    this.dead = 0;
    this.displaced = displaced;
  }
}

/** Fold the high 32 bits of an integral key onto the low ones; negative keys are fine. */
function home(key: number): number {
  return (key | 0) ^ ((key / 4294967296) | 0);
}
