// The attempt lifecycle, one handler per event kind (MODEL.md steps 1 to 8). Its layers
// import only downward: the agent (action.ts, agent.ts, check.ts) starts calls; a call's
// course (retry.ts, hedge.ts) decides retries; the attempt (attempt.ts) is sent and timed
// out; the service (service.ts) answers and executes. Each layer returns what ended (an
// attempt's outcome, a call's result) and the layer above acts on it, so no file imports
// one above it and nothing forms an import cycle.
import { attemptEnded, callEnded, closeOne, sendClientCall, toolCallEnded } from './agent.js';
import { onLayerSend, onLayerTimeout } from './layers.js';
import { endAttempt, onTimeout, sendAttempt } from './attempt.js';
import { onCommit } from './service.js';
import { onHedgeDue } from './hedge.js';
import { NOT_ENDED } from './outcome.js';
import type { Call, Execution } from './events.js';
import type { Sim } from './state.js';

export { onArrival } from './action.js';
export { callDue, onRead } from './check.js';
export { onPlainCommit } from './plain.js';

/** A retry's send falls due at t (unless a retry layer gave the call up meanwhile). */
export function onSend(sim: Sim, call: Call, k: number, t: number): void {
  if (call.abandoned) {
    // The retry was decided, so it counted against the budget until now.
    if (sim.p.budget !== null) sim.retriesInFlight--;
    return;
  }
  attemptEnded(sim, call, t, sendAttempt(sim, call, k, t));
}

/** Retry layer `level` of the tool call `head` sends its next attempt at t (`serial`: when it was decided). */
export function onLayerAttempt(sim: Sim, head: Call, level: number, serial: number, t: number): void {
  const call = onLayerSend(sim, head, level, serial, t);
  if (call === null) return;
  sendClientCall(sim, call, t);
}

/** The timeout of retry layer `level`'s attempt (started under `serial`) fired at t. */
export function onLayerTimer(sim: Sim, head: Call, level: number, serial: number, t: number): void {
  toolCallEnded(sim, head, t, onLayerTimeout(sim, head, level, serial, t));
}

/** The client's timer for attempt k fired at t. */
export function onAttemptTimeout(sim: Sim, call: Call, k: number, t: number): void {
  attemptEnded(sim, call, t, onTimeout(sim, call, k, t));
}

/** An execution ends at t: its 200 may end its attempt, and the action loses a reason to stay open. */
export function onExecutionEnd(sim: Sim, exec: Execution, t: number): void {
  const call = exec.call;
  const reply = onCommit(sim, exec, t);
  if (reply !== NOT_ENDED) attemptEnded(sim, call, t, endAttempt(sim, call, t, reply));
  closeOne(sim, exec.action);
}

/** Hedge timer k of `call` fell due at t. */
export function onHedge(sim: Sim, call: Call, k: number, t: number): void {
  callEnded(sim, call, t, onHedgeDue(sim, call, k, t));
}
