// The agent side of MODEL.md: a tool call's result going back to the model, re-plans after
// a failed call, step ends and crash replays (steps 2, 7 and 8), and the bookkeeping when an
// action is over. The top of the attempt lifecycle (lifecycle.ts): below it, the call's
// course (retry.ts, hedge.ts) says whether the call is over, and nothing calls back up here.
import { RareSite } from './rare.js';
import { between } from './rng.js';
import { EventKind, Origin, type Action, type Call } from './events.js';
import { sendAttempt } from './attempt.js';
import { retryOrEnd } from './retry.js';
import { hedgeEnded, startHedged } from './hedge.js';
import { nextCall } from './calls.js';
import { clientCallEnded, openLayers } from './layers.js';
import { CallEnd, NOT_ENDED, type AttemptEnd } from './outcome.js';
import { Signal } from './series.js';
import type { Sim } from './state.js';

/** The first attempt of a tool call leaves now. */
export function startCall(sim: Sim, call: Call, t: number): void {
  sim.tally.toolCalls++;
  // A call the model did not make after all (a read found the effect) takes no place and
  // leaves the arguments as they were: both are settled when the call is sent.
  const action = call.action;
  call.order = action.calls++;
  action.version = call.version;
  call.firstSend = t;
  const layers = sim.p.layers;
  if (layers !== null) openLayers(sim, call, layers, t);
  sendClientCall(sim, call, t);
}

/** A client call (layer 0) sends its first attempt at t: the tool call's first, or a retry layer's attempt. */
export function sendClientCall(sim: Sim, call: Call, t: number): void {
  if (sim.p.hedge === null) attemptEnded(sim, call, t, sendAttempt(sim, call, 0, t));
  else callEnded(sim, call, t, startHedged(sim, call, t));
}

/** An attempt of `call` ended at t with `end` (or nothing ended): the call's course decides what follows. */
export function attemptEnded(sim: Sim, call: Call, t: number, end: AttemptEnd): void {
  if (end === NOT_ENDED) return;
  if (call.abandoned) {
    // A retry layer gave the call up: the attempt is counted in responses, nothing follows it.
    if (call.k > 0 && sim.p.budget !== null && call.hedge === null) sim.retriesInFlight--;
    return;
  }
  callEnded(sim, call, t, call.hedge === null ? retryOrEnd(sim, call, t, end) : hedgeEnded(sim, call, t, end));
}

/** After an event of `call` (any attempt of a hedged one) at t: a call that is over returns its result to the model. */
export function callEnded(sim: Sim, call: Call, t: number, end: CallEnd): void {
  if (end === CallEnd.open) return;
  const client = call.hedge === null ? call : call.hedge.call;
  if (client.layered !== null) toolCallEnded(sim, client.layered.head, t, clientCallEnded(sim, client, t, end));
  else toolCallEnded(sim, client, t, end);
}

/** The tool call `call` is over at t (or, `open`, a retry layer goes on): its result goes back to the model. */
export function toolCallEnded(sim: Sim, call: Call, t: number, end: CallEnd): void {
  if (end === CallEnd.open) return;
  callDone(sim, call, t, end === CallEnd.succeeded, end === CallEnd.unknown || end === CallEnd.conflict);
}

/** A tool call returned its result to the model at t. */
function callDone(sim: Sim, call: Call, t: number, succeeded: boolean, unknown: boolean): void {
  const tally = sim.tally;
  const action = call.action;
  tally.callLatency.record(t - call.firstSend);
  if (unknown) {
    tally.unknownOutcomes++;
    action.unknown++;
    if (sim.series !== null) sim.series.count(Signal.unknownOutcomes, t);
  }
  if (succeeded) {
    stepEnd(sim, action, t, true);
    return;
  }
  const p = sim.p;
  const uReplan = sim.rare === null ? call.uReplan : sim.rare.tilt(action, RareSite.replan, call.uReplan);
  if (action.replansUsed < p.replanMax && uReplan < p.replanProbability) {
    action.replansUsed++;
    const delay = between(call.uReplanDelay, p.replanDelayMin, p.replanDelayMax);
    const next = nextCall(sim, action, Origin.replan);
    sim.queue.schedule(EventKind.callStart, t + delay, next, null, 0);
    return;
  }
  stepEnd(sim, action, t, false);
}

/** A step execution ended (success or reported failure); the worker may crash before its checkpoint. */
export function stepEnd(sim: Sim, action: Action, t: number, succeeded: boolean): void {
  const p = sim.p;
  const tally = sim.tally;
  if (action.segment === 0) tally.stepLatency.record(t - action.arrival);
  if (!succeeded && action.started > 0) {
    tally.falseFailures++;
    action.falseFailures++;
  }
  const uCrash =
    sim.rare === null || action.crashes >= p.crashMax
      ? action.uCrash
      : sim.rare.tilt(action, RareSite.agentCrash, action.uCrash);
  if (action.crashes < p.crashMax && uCrash < p.crashProbability) {
    action.crashes++;
    const uResume =
      sim.rare === null ? action.uResume : sim.rare.tiltUpper(action, RareSite.lateResume, action.uResume);
    const delay = between(uResume, p.resumeMin, p.resumeMax);
    action.segment++;
    action.replansUsed = 0;
    action.callsInSegment = 0;
    const replay = nextCall(sim, action, Origin.replay);
    sim.queue.schedule(EventKind.callStart, t + delay, replay, null, 0);
    return;
  }
  closeOne(sim, action);
}

/** One reason to keep the action open has gone; when none is left, count it. */
export function closeOne(sim: Sim, action: Action): void {
  if (--action.open > 0) return;
  const tally = sim.tally;
  const duplicates = action.commits > 1 ? action.commits - 1 : 0;
  const lost = action.commits === 0 ? 1 : 0;
  if (lost === 1) {
    tally.lostActions++;
    if (action.isRepeat && action.gotForeignResult) tally.mergedActions++;
  }
  tally.duplicatesPerAction.push(duplicates);
  if (sim.rare !== null) {
    const counts = [
      duplicates,
      action.dupTransport,
      action.dupReplan,
      action.dupReplay,
      lost,
      action.unknown,
      action.falseFailures,
      action.retentionMisses,
    ];
    sim.rare.record(action, counts);
  }
  tally.lostPerAction.push(lost);
  tally.unknownPerAction.push(action.unknown);
  tally.falseFailuresPerAction.push(action.falseFailures);
  const extraExecutions = action.executions > 1 ? action.executions - 1 : 0;
  const missingExecutions = action.executions === 0 ? 1 : 0;
  tally.extraAttempts.push(action.attempts - 1);
  tally.extraExecutions.push(extraExecutions);
  tally.missingExecutions.push(missingExecutions);
  sim.batches.add(
    action.id,
    duplicates,
    lost,
    action.unknown,
    action.falseFailures,
    action.attempts - 1,
    extraExecutions,
    missingExecutions,
  );
  // Claims and lookups exist only with a key store: without one there is nothing to measure.
  if (sim.store !== null) {
    tally.extraClaims.push(action.keyClaims > 1 ? action.keyClaims - 1 : 0);
    tally.missingClaims.push(action.keyClaims === 0 ? 1 : 0);
    tally.conflictShare.push(action.lookups, action.sentConflict);
    tally.mismatchShare.push(action.lookups, action.sentMismatch);
    tally.storedShare.push(action.lookups, action.sentStored);
  }
  if (action.trace !== null) {
    (sim.tracer as NonNullable<Sim['tracer']>).finish(action, action.trace, action.checkTrace);
  }
}
