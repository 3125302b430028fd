// The client's timers, and when one that fires is stale: an attempt's timeout, and a hedged
// call's next attempt falling due. Late replies and timers are recognised by attempt
// identity and ignored, as real clients do.
import { EventKind, Lane, type Call, type Hedge, type Layered } from './events.js';
import type { Sim } from './state.js';

/** When the client stops waiting for the current attempt of `call`. */
export function attemptDeadline(sim: Sim, call: Call): number {
  return call.sentAt + sim.p.timeout;
}

export function scheduleTimeout(sim: Sim, call: Call): void {
  sim.queue.scheduleInOrder(Lane.timeouts, EventKind.timeout, attemptDeadline(sim, call), call, null, call.k);
}

/** Attempt k of `call` is the one the client still waits for: a timer or reply of any other is stale. */
export function awaits(call: Call, k: number): boolean {
  return call.waiting && call.k === k;
}

/** Hedge timer k still has work: the call is not over and attempt k has not left early. */
export function hedgeDue(hedge: Hedge, k: number): boolean {
  return !hedge.done && hedge.sent <= k;
}

/** A retry layer's send or timer scheduled under `serial` still has work: the layer's state has not moved on. */
export function layerDue(layered: Layered, level: number, serial: number): boolean {
  return !layered.done && layered.serial[level] === serial;
}
