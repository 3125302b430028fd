// A tool call without hedging, after one of its attempts ended (MODEL.md step 6, and D's
// order): a 200 ends it, a 422 fails it at once; anything else is retried after the backoff
// when `retries`, the deadline, the retry budget and the throttle (limits.ts) allow.
import { backoffDelay, floored } from '../model/backoff.js';
import { refill, retryAllowed } from './limits.js';
import { CallEnd, Outcome } from './outcome.js';
import { EventKind, type Call } from './events.js';
import type { Sim } from './state.js';

/** Attempt `call.k` ended at t with `outcome`: the next attempt is scheduled, or the call is over. */
export function retryOrEnd(sim: Sim, call: Call, t: number, outcome: Outcome): CallEnd {
  const p = sim.p;
  // A retry stops counting against the budget when its attempt ends.
  if (call.k > 0 && p.budget !== null) sim.retriesInFlight--;
  if (outcome === Outcome.executed || outcome === Outcome.stored) {
    if (p.throttle !== null) refill(sim, call, call.k > 0);
    return CallEnd.succeeded;
  }
  if (outcome === Outcome.mismatch) return CallEnd.mismatch;
  if (call.k < p.retries && (outcome !== Outcome.conflict || p.retryConflicts)) {
    const raw = backoffDelay(p.backoff, call.k, call.uBackoff, call.prevBackoff);
    call.prevBackoff = raw;
    const delay = floored(p.backoff, raw);
    if (
      t + delay <= call.firstSend + p.deadline &&
      ((p.budget === null && p.throttle === null) || retryAllowed(sim, call, outcome >= Outcome.slow))
    ) {
      sim.queue.schedule(EventKind.send, t + delay, call, null, call.k + 1);
      return CallEnd.open;
    }
  }
  // A 503 is a definite failure, and so is a 500 (MODEL.md F: the client treats it as a 503);
  // after a timeout or a 409 the effect may have happened.
  if (outcome === Outcome.rejected || outcome === Outcome.serverError) return CallEnd.failed;
  return outcome === Outcome.conflict ? CallEnd.conflict : CallEnd.unknown;
}
