// The service side of MODEL.md: 503 refusals, the key lookup (claim, 422, 409, race,
// stored result), executions with FIFO queueing under limited concurrency, and commits
// that write the record as done (steps 3 and 4). The service never abandons work. It tells
// the client what it answered by what it returns (lifecycle.ts), never by calling it.
import { lognormal } from './rng.js';
import { NOT_ENDED, Outcome, type AttemptEnd } from './outcome.js';
import { attemptDeadline, awaits, scheduleTimeout } from './timers.js';
import { EventKind, Fate, type Action, type Call, type Execution } from './events.js';
import { Effect } from './conditions.js';
import { crashed, drawFate, recordCommit } from './crash.js';
import { drawFailure, failed, isFailure } from './failure.js';
import { Signal } from './series.js';
import type { KeyStore } from './keystore.js';
import type { Sim } from './state.js';
import type { LookupOutcome } from '../model/keyops.js';

/** How an execution came to run: without a key, by claiming the key, racing a claim, or taking a record over. */
const Role = { unkeyed: 0, claim: 1, race: 2, takeover: 3 } as const;
type Role = (typeof Role)[keyof typeof Role];

/**
 * The current attempt of `call` reaches the service at t: the answer it gets at once (a 503,
 * 409, 422 or a stored 200), or NOT_ENDED when it executes and the commit will answer.
 */
export function receive(sim: Sim, call: Call, t: number): AttemptEnd {
  const p = sim.p;
  const errorRate = p.incidents === null ? p.errorRate : p.incidents.at(t, Effect.errorRate, p.errorRate);
  if (call.uError < errorRate) return Outcome.rejected;
  const store = sim.store;
  if (store === null) {
    execute(sim, call, -1, t, Role.unkeyed);
    return NOT_ENDED;
  }
  const tally = sim.tally;
  const series = sim.series;
  const action = call.action;
  tally.lookups++;
  action.lookups++;
  if (series !== null) series.count(Signal.lookups, t);
  const key = keyOf(sim, call);
  const found = store.find(key);
  if (found < 0 || !store.isLive(found)) {
    // An action claims a key a second time only after its earlier record expired.
    if (p.scope !== 'attempt') {
      if (action.claimed === null) action.claimed = [key];
      else if (action.claimed.includes(key)) {
        tally.retentionMisses++;
        action.retentionMisses++;
      }
      else action.claimed.push(key);
    }
    action.keyClaims++;
    const slot = store.claim(key, found, t, call.version, action.id, sim.nextExecution);
    if (sim.onKeyOp !== null) logLookup(sim, call, key, t, 'claimed');
    if (sim.recordCommits !== null && sim.recordCommits.size > 0) sim.recordCommits.delete(slot);
    execute(sim, call, slot, t, Role.claim);
    return NOT_ENDED;
  }
  // A handler that looks at the record's state first (fingerprintWhileRunning false)
  // compares fingerprints only once the record is done: a running one answers 409 below.
  if (
    p.fingerprint &&
    store.fingerprint(found) !== call.version &&
    (p.fingerprintWhileRunning || store.isDone(found))
  ) {
    if (sim.onKeyOp !== null) logLookup(sim, call, key, t, 'mismatch');
    // MODEL.md F: a handler that answers a mismatch with 409 has it retried as a conflict,
    // whatever the record holds (a stored result, or a running execution).
    if (p.mismatchConflict) return conflict(sim, action, t);
    tally.sentMismatch++;
    action.sentMismatch++;
    if (series !== null) series.count(Signal.mismatches, t);
    return Outcome.mismatch;
  }
  if (store.isDone(found)) {
    tally.sentStored++;
    action.sentStored++;
    if (series !== null) series.count(Signal.dedupHits, t);
    if (store.creator(found) !== action.id) action.gotForeignResult = true;
    if (call.traced !== null) call.traced.stored = true;
    if (sim.onKeyOp !== null) logLookup(sim, call, key, t, 'stored');
    return store.isError(found) ? Outcome.serverError : Outcome.stored;
  }
  if (p.readThenWrite && t < store.claimTime(found) + p.raceWindow) {
    // The read saw nothing: this attempt executes too, writing to the same record.
    tally.raceDuplicates++;
    if (sim.onKeyOp !== null) logLookup(sim, call, key, t, 'race');
    store.pin(found);
    execute(sim, call, found, t, Role.race);
    return NOT_ENDED;
  }
  if (p.lease < Infinity && leaseRunOut(store, found, t, sim)) {
    // The record's owner looks dead: this attempt takes the record over and executes.
    tally.leaseTakeovers++;
    if (sim.onKeyOp !== null) logLookup(sim, call, key, t, 'takeover');
    store.takeOver(found, t, sim.nextExecution);
    execute(sim, call, found, t, Role.takeover);
    return NOT_ENDED;
  }
  if (sim.onKeyOp !== null) logLookup(sim, call, key, t, 'conflict');
  return conflict(sim, action, t);
}

/** A 409 sent at t: counted for the run, the action and the time series. */
function conflict(sim: Sim, action: Action, t: number): AttemptEnd {
  sim.tally.sentConflict++;
  action.sentConflict++;
  if (sim.series !== null) sim.series.count(Signal.conflicts, t);
  return Outcome.conflict;
}

/** Tells the listener of `store replay` what this lookup did. */
function logLookup(sim: Sim, call: Call, key: number, t: number, outcome: LookupOutcome): void {
  // The execution a claim, a race or a takeover starts is the next one numbered.
  const exec = outcome === 'claimed' || outcome === 'race' || outcome === 'takeover' ? sim.nextExecution : -1;
  (sim.onKeyOp as NonNullable<Sim['onKeyOp']>)({ op: 'lookup', t, key, version: call.version, outcome, exec });
}

/** The idempotency key the current attempt carries, as a number (MODEL.md "Key scopes"). */
function keyOf(sim: Sim, call: Call): number {
  const action = call.action;
  switch (sim.p.scope) {
    case 'attempt':
      return sim.nextAttemptKey++;
    case 'call':
      return call.id;
    case 'payload':
      // Argument version 0 is shared by a business identity; later versions are unique in the run.
      return call.version === 0 ? action.businessId : -call.version;
    case 'intent':
      return action.id;
    case 'business':
    case 'none':
      return action.businessId;
  }
}

function leaseRunOut(store: KeyStore, slot: number, t: number, sim: Sim): boolean {
  return (store.owners as NonNullable<KeyStore['owners']>).leaseRunOut(slot, t, sim.p.lease, sim.p.leaseRenewal);
}

/** The side effect runs for the current attempt (now, or after the FIFO queue). */
function execute(sim: Sim, call: Call, slot: number, t: number, role: Role): void {
  const p = sim.p;
  const action = call.action;
  sim.tally.executions++;
  action.executions++;
  action.open++;
  const exec: Execution = {
    action,
    call,
    k: call.k,
    slot,
    service: lognormal(p.median, p.sigma, call.uService1, call.uService2),
    queuedAt: t,
    traced: call.traced,
    fate: Fate.commit,
    crashAt: 1,
    serial: sim.nextExecution++,
    holds: role === Role.claim || role === Role.takeover,
    takeover: role === Role.takeover,
  };
  if (p.serverCrash > 0) {
    drawFate(sim, exec);
    // No reply will leave: the attempt ends as a timeout of kind serverCrash.
    if (exec.fate !== Fate.commit) call.serverCrash = true;
  }
  if (p.failure > 0 && exec.fate === Fate.commit) drawFailure(sim, exec);
  if (role === Role.takeover && call.traced !== null) call.traced.takeover = true;
  if (sim.busy < p.concurrency) {
    start(sim, exec, t);
    // Without a lost reply or a late commit, the commit itself ends the attempt.
    if (!call.replyLost && call.replyAt <= attemptDeadline(sim, call)) return;
  } else {
    sim.waiting.push(exec);
  }
  scheduleTimeout(sim, call);
}

/** The execution takes a service slot at t: its service time (and any incident's factor) starts. */
function start(sim: Sim, exec: Execution, t: number): void {
  const tally = sim.tally;
  const p = sim.p;
  if (++sim.busy > tally.peakConcurrency) tally.peakConcurrency = sim.busy;
  if (exec.fate !== Fate.crashBefore && exec.fate !== Fate.failBefore) exec.action.started++;
  tally.queueWait.record(t - exec.queuedAt);
  if (p.incidents !== null) exec.service *= p.incidents.at(t, Effect.latencyFactor, 1);
  const endAt = t + (exec.fate === Fate.crashBefore ? exec.crashAt * exec.service : exec.service);
  const call = exec.call;
  // A 200, or a 500 (MODEL.md F), leaves at the end of the service time.
  if ((exec.fate === Fate.commit || isFailure(exec.fate)) && awaits(call, exec.k)) {
    call.replyAt = endAt;
    // Under incidents, whether the 200 is lost depends on when it leaves: at the commit.
    if (p.incidents !== null) call.replyLost = call.uReply < p.incidents.at(endAt, Effect.replyLoss, p.replyLoss);
  }
  sim.queue.schedule(EventKind.commit, endAt, null, exec, 0);
}

/**
 * The execution ends at t. It commits: the record (if any) is written as done and the 200
 * leaves. Or its worker dies (MODEL.md A): after the effect, the commit counts but the
 * record is not written; before it, nothing commits; either way no reply leaves. Or it
 * fails (MODEL.md F): after the effect the commit counts; the handler keeps or deletes the
 * record; a 500 leaves. Returns what the reply ends the attempt with now (`executed`, or
 * `serverError`), or NOT_ENDED when the client no longer waits for it or it is lost.
 */
export function onCommit(sim: Sim, exec: Execution, t: number): AttemptEnd {
  const call = exec.call;
  const fate = exec.fate;
  if (fate !== Fate.crashBefore && fate !== Fate.failBefore) countCommit(sim, exec, t);
  if (sim.series !== null) sim.series.count(Signal.executions, t);
  const failure = isFailure(fate);
  if (failure) failed(sim, exec, t);
  else if (fate !== Fate.commit) crashed(sim, exec, t);
  else if (exec.slot >= 0) {
    const store = sim.store as KeyStore;
    store.commit(exec.slot, t);
    if (sim.onKeyOp !== null)
      sim.onKeyOp({ op: 'commit', t, key: store.keyAt(exec.slot), exec: exec.serial, error: false });
  }
  freeSlot(sim, t);
  if ((fate !== Fate.commit && !failure) || !awaits(call, exec.k) || call.replyLost) return NOT_ENDED;
  return failure ? Outcome.serverError : Outcome.executed;
}

/** An execution left its service slot at t: the first one waiting (FIFO) takes it. */
export function freeSlot(sim: Sim, t: number): void {
  sim.busy--;
  if (sim.waitingHead < sim.waiting.length) {
    const next = sim.waiting[sim.waitingHead] as Execution;
    sim.waiting[sim.waitingHead++] = undefined as unknown as Execution;
    if (sim.waitingHead > 1024 && sim.waitingHead * 2 > sim.waiting.length) {
      sim.waiting.splice(0, sim.waitingHead);
      sim.waitingHead = 0;
    }
    start(sim, next, t);
  }
}

/** The side effect committed at t: count it, and a duplicate by its source. */
function countCommit(sim: Sim, exec: Execution, t: number): void {
  const tally = sim.tally;
  const action = exec.action;
  const call = exec.call;
  if (exec.traced !== null) {
    exec.traced.commit = t;
    exec.traced.duplicate = action.commits > 0;
  }
  if (action.commits === 0) {
    action.firstCommitCall = call.toolCall;
    action.firstCommitSegment = call.segment;
  } else {
    tally.duplicates++;
    if (call.toolCall === action.firstCommitCall) {
      tally.byTransport++;
      action.dupTransport++;
    } else if (call.segment === action.firstCommitSegment) {
      tally.byReplan++;
      action.dupReplan++;
    } else {
      tally.byReplay++;
      action.dupReplay++;
    }
    if (sim.series !== null) sim.series.count(Signal.duplicates, t);
  }
  action.commits++;
  if (action.business !== null) action.business.commits++;
  if (sim.recordCommits !== null && exec.slot >= 0) recordCommit(sim, exec.slot, action.id, exec.takeover);
}
