// Plain actions: the fast path for the common action whose whole life is decided the moment
// it arrives. Its first attempt reaches the service, is not refused, claims its key (if
// any) afresh, starts at once, commits within the timeout, and its reply arrives; its step
// then ends without a crash. Nothing another action does can change that, so no Action,
// Call or Execution object is made: the arrival does the global bookkeeping the full path
// would do at that instant, and one queued event does the rest at the commit. Each global
// update (counters, moments, histograms, the key store, the slot count, the throttle) is
// made at the same event and in the same order as in the full path, and the events are
// scheduled in the same order (the same sequence numbers), so a run's results are the same
// to the last bit with or without this path (test/sim/plain.test.ts runs both).
import { Effect } from './conditions.js';
import { EventKind, type SimEvent } from './events.js';
import { keyedUniform } from './keyed.js';
import { Attempt, Block, CrashDraw, FailureDraw, Keyed } from './draws.js';
import { lognormal } from './rng.js';
import { Signal } from './series.js';
import { freeSlot } from './service.js';
import { recordCommit } from './crash.js';
import type { KeyStore } from './keystore.js';
import { scheduleNextArrival } from './arrivals.js';
import type { Sim } from './state.js';

/**
 * Action `id` (business identity `businessId`) arrives at t with its block of draws in
 * `sim.draws`. If it is plain, do what its arrival does (the next arrival included) and
 * return true; otherwise change nothing and return false.
 */
export function arrivePlain(sim: Sim, id: number, businessId: number, t: number): boolean {
  const p = sim.p;
  const u = sim.draws;
  if (sim.tracer !== null && sim.tracer.wants(id)) return false;
  // Step 8: the step would crash before its checkpoint.
  if (p.crashMax > 0 && (u[Block.crash] as number) < p.crashProbability) return false;
  if (!(sim.busy < p.concurrency)) return false;
  const incidents = p.incidents;
  const requestLoss = incidents === null ? p.requestLoss : incidents.at(t, Effect.requestLoss, p.requestLoss);
  const attempt0 = Block.attempt0;
  if ((u[attempt0 + Attempt.request] as number) < requestLoss) return false;
  const errorRate = incidents === null ? p.errorRate : incidents.at(t, Effect.errorRate, p.errorRate);
  if ((u[attempt0 + Attempt.error] as number) < errorRate) return false;
  // The execution's fate (MODEL.md A): the first execution's crash draw.
  if (p.serverCrash > 0 && keyedUniform(sim.seedKey, Keyed.crash, id, CrashDraw.crash) < p.serverCrash) return false;
  // MODEL.md F: the first execution's failure draw (taken once it does not crash).
  if (p.failure > 0 && keyedUniform(sim.seedKey, Keyed.failure, id, FailureDraw.fail) < p.failure) return false;
  let service = lognormal(
    p.median,
    p.sigma,
    u[attempt0 + Attempt.service1] as number,
    u[attempt0 + Attempt.service2] as number,
  );
  if (incidents !== null) service *= incidents.at(t, Effect.latencyFactor, 1);
  const endAt = t + service;
  if (!(endAt <= t + p.timeout)) return false;
  // The 200 leaves at the commit: under incidents, its loss is decided then.
  const replyLoss = incidents === null ? p.replyLoss : incidents.at(endAt, Effect.replyLoss, p.replyLoss);
  if ((u[attempt0 + Attempt.reply] as number) < replyLoss) return false;
  // A hedged call's first hedge falls due after the replies of its instant (hedge.ts): a
  // commit by then leaves its timer nothing to do, and the loop skips such a timer without
  // a trace, so the plain path need not schedule it.
  const hedge = p.hedge;
  if (hedge !== null && hedge.max >= 1 && t + hedge.after <= t + p.deadline && !(endAt <= t + hedge.after)) {
    return false;
  }
  const store = sim.store;
  let key = 0;
  let found = -1;
  if (store !== null) {
    key = keyOfFirstAttempt(sim, id, businessId);
    found = store.find(key);
    if (found >= 0 && store.isLive(found)) return false;
  }
  arrive(sim, id, t, endAt, store, key, found);
  return true;
}

/** The key of a first call's first attempt (MODEL.md "Key scopes"; service.ts keyOf for any attempt). */
function keyOfFirstAttempt(sim: Sim, id: number, businessId: number): number {
  switch (sim.p.scope) {
    case 'attempt':
      return sim.nextAttemptKey;
    case 'call':
      return sim.nextCallId;
    case 'intent':
      return id;
    default:
      // payload (argument version 0), business, none.
      return businessId;
  }
}

/** The arrival's global updates, in the full path's order (action.ts, agent.ts, attempt.ts, service.ts). */
function arrive(
  sim: Sim,
  id: number,
  t: number,
  endAt: number,
  store: KeyStore | null,
  key: number,
  found: number,
): void {
  const p = sim.p;
  const tally = sim.tally;
  const series = sim.series;
  sim.plainActions++;
  sim.nextCallId++;
  scheduleNextArrival(sim, t);
  tally.toolCalls++;
  tally.attempts++;
  sim.attemptsInFlight++;
  if (series !== null) series.count(Signal.attempts, t);
  let slot = -1;
  if (store !== null) {
    tally.lookups++;
    if (series !== null) series.count(Signal.lookups, t);
    if (p.scope === 'attempt') sim.nextAttemptKey++;
    slot = store.claim(key, found, t, 0, id, sim.nextExecution);
    if (sim.recordCommits !== null && sim.recordCommits.size > 0) sim.recordCommits.delete(slot);
  }
  tally.executions++;
  sim.nextExecution++;
  if (++sim.busy > tally.peakConcurrency) tally.peakConcurrency = sim.busy;
  tally.queueWait.record(0);
  sim.queue.schedule(EventKind.plainCommit, endAt, null, null, slot, t, id);
}

/**
 * A plain action's execution commits at t: the full path's onCommit, endAttempt, callDone,
 * stepEnd and closeOne for an action with one call, one attempt and one execution.
 */
export function onPlainCommit(sim: Sim, event: Extract<SimEvent, { kind: typeof EventKind.plainCommit }>): void {
  // The event's numbers are read here, not passed: doubles passed to a call are boxed.
  const t = event.t;
  const arrival = event.at;
  const id = event.id;
  const slot = event.k;
  const p = sim.p;
  const tally = sim.tally;
  if (sim.recordCommits !== null && slot >= 0) recordCommit(sim, slot, id, false);
  if (sim.series !== null) sim.series.count(Signal.executions, t);
  if (slot >= 0) (sim.store as KeyStore).commit(slot, t);
  freeSlot(sim, t);
  sim.attemptsInFlight--;
  tally.ok++;
  const throttle = p.throttle;
  if (throttle !== null) sim.tokens = Math.min(throttle.capacity, sim.tokens + throttle.successRefill);
  if (p.layers !== null) {
    // One request, no layer retried (layers.ts, at the call's end).
    tally.callAttempts.push(0);
    if (tally.maxCallAttempts < 1) tally.maxCallAttempts = 1;
  }
  tally.callLatency.record(t - arrival);
  tally.stepLatency.record(t - arrival);
  // The action closes: one attempt, one execution, one commit.
  tally.duplicatesPerAction.push(0);
  tally.lostPerAction.push(0);
  tally.unknownPerAction.push(0);
  tally.falseFailuresPerAction.push(0);
  tally.extraAttempts.push(0);
  tally.extraExecutions.push(0);
  tally.missingExecutions.push(0);
  if (sim.store !== null) {
    tally.extraClaims.push(0);
    tally.missingClaims.push(0);
    tally.conflictShare.push(1, 0);
    tally.mismatchShare.push(1, 0);
    tally.storedShare.push(1, 0);
  }
}
