// The fake clock one SDK call runs on: @sinonjs/fake-timers installed over the global
// timers and Date for that call alone, and Math.random seeded (seedrandom's alea), so the
// SDK's own backoff, jitter and timeouts run unchanged and still give the same sends for a
// seed. The SDKs read these globals themselves: nothing is injected into them.
import type { Clock } from '@sinonjs/fake-timers';
import alea from 'seedrandom/lib/alea.js';

/**
 * What the clock fakes. setImmediate, nextTick and queueMicrotask stay real: fake-timers
 * yields to the event loop through the real setImmediate between two timers, and Node's
 * streams (a Response body read) need the real ones.
 */
const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;

/** Where the fake clock starts: a fixed date, not 0, for SDKs that read the date. */
const EPOCH = Date.UTC(2026, 0, 1);

/** Timers fired, or idle turns of the event loop, before a call that never settles is given up. */
const MAX_STEPS = 10_000;
const MAX_IDLE_TURNS = 50;

/** The fake clock as a driver sees it. */
export interface CallClock {
  /** Milliseconds on the fake clock since the call started. */
  now(): number;
}

/** A call's outcome: its value, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `call` with the fake clock installed, firing its timers one by one (each after the
 * event loop has run dry) until the call settles, then uninstalls the clock, whatever
 * happened. The call starts at time 0. Throws when the call neither settles nor sets a timer.
 * The clock and Math.random are the process's own: one call at a time (a second install
 * while one runs throws).
 */
export async function withFakeClock<T>(call: (clock: CallClock) => Promise<T>): Promise<Settled<T>> {
  const { install } = await import('@sinonjs/fake-timers');
  const clock = install({ now: EPOCH, toFake: [...FAKED] });
  try {
    let done = false;
    const settled: Promise<Settled<T>> = call({ now: () => clock.now - EPOCH }).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    void settled.then(() => (done = true));
    await drive(clock, () => done);
    return await settled;
  } finally {
    clock.uninstall();
  }
}

/** Fires the clock's next timer, again and again, until `done()`. */
async function drive(clock: Clock, done: () => boolean): Promise<void> {
  let idle = 0;
  for (let step = 0; ; step += 1) {
    // One turn of the event loop first: what the last timer started runs to its next wait.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (done()) return;
    if (step > MAX_STEPS) throw new Error(`the call did not settle after ${MAX_STEPS} timers`);
    if (clock.countTimers() > 0) {
      idle = 0;
      await clock.nextAsync();
    } else if ((idle += 1) > MAX_IDLE_TURNS) {
      throw new Error('the call neither settled nor set a timer');
    }
  }
}

/** Runs `body` with Math.random replaced by seedrandom's alea seeded with `seed`, restored after. */
export async function withSeededRandom<T>(seed: number, body: () => Promise<T>): Promise<T> {
  const original = Math.random;
  Math.random = alea(String(seed));
  try {
    return await body();
  } finally {
    Math.random = original;
  }
}
