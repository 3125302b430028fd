// Redis on the simulated clock. The libraries set real TTLs (`EX 3600`, `PX 86400000`); a
// replay runs an hour of simulated traffic in seconds, so Redis' own clock would expire
// nothing. After each step of a library this reads the TTL the library set on each of its
// keys (PEXPIRETIME, the absolute instant, taken against the real instants the step began
// and ended), removes it from Redis (PERSIST), and notes the key's expiry on the simulated
// clock instead: the step's simulated time plus that TTL. Before a request touches a key,
// a key whose simulated expiry has passed is deleted, which is all a library can observe
// of an expiry: Redis answers an expired key as absent. Keys no TTL was set on never expire.
import type { Connection } from '../redis-connect.js';

/** The real clock, kept before any fake clock replaces Date. */
const wall = Date.now.bind(Date);

/** Tolerance, in ms, between Redis' clock and this process' (one machine: the same clock). */
const SKEW_MS = 2;

export class SimulatedExpiry {
  /** Redis key -> the simulated ms at which it expires. */
  private readonly expiresAt = new Map<string, number>();

  constructor(private readonly link: Connection) {}

  /** The real instant a step begins, to pass to `follow` once it has ended. */
  static now(): number {
    return wall();
  }

  /** Deletes each of `keys` whose simulated expiry is at or before t. Returns how many went. */
  async expire(keys: readonly string[], t: number): Promise<number> {
    const due = keys.filter((key) => (this.expiresAt.get(key) ?? Infinity) <= t);
    if (due.length === 0) return 0;
    for (const key of due) this.expiresAt.delete(key);
    await this.link.call(['DEL', ...due]);
    return due.length;
  }

  /**
   * After a step at simulated time t that began at the real instant `startedAt`: the TTL
   * each of `keys` got during the step, if any, moved onto the simulated clock.
   */
  async follow(keys: readonly string[], t: number, startedAt: number): Promise<void> {
    const replies = (await this.link.pipeline(keys.map((key) => ['PEXPIRETIME', key]))) as number[];
    const endedAt = wall();
    const persist: string[] = [];
    keys.forEach((key, i) => {
      const at = Number(replies[i]);
      if (at === -2) this.expiresAt.delete(key);
      else if (at >= 0) {
        this.expiresAt.set(key, t + ttlSet(key, at, startedAt, endedAt));
        persist.push(key);
      }
      // -1: no TTL on the key, so none was set in this step; the one noted before stands.
    });
    if (persist.length > 0) await this.link.pipeline(persist.map((key) => ['PERSIST', key]));
  }
}

/**
 * The TTL, in whole seconds (as ms), that puts the expiry `at` a whole number of seconds
 * after an instant within the step. The libraries replayed set whole seconds (Powertools and
 * express-idempotency `EX`; node-idempotency `PX` of a retention the replay gives in whole seconds).
 */
function ttlSet(key: string, at: number, startedAt: number, endedAt: number): number {
  const longest = Math.floor((at - startedAt + SKEW_MS) / 1000);
  const shortest = Math.ceil((at - endedAt - SKEW_MS) / 1000);
  if (longest !== shortest) {
    throw new Error(
      `store replay: cannot tell the TTL set on ${key} (expiry ${at - startedAt} ms after a step of ${endedAt - startedAt} ms)`,
    );
  }
  return longest * 1000;
}
