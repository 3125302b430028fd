// The service side of MODEL.md: 503 refusals, the key lookup (claim, 422, 409, race,
// stored result), executions with FIFO queueing under limited concurrency, and commits
// that write the record as done (steps 3 and 4). The service never abandons work.
import { lognormal } from './rng.js';
import { Outcome, attemptDeadline, endAttempt, replyNow, scheduleTimeout } from './client.js';
import { closeOne } from './agent.js';
import type { Call, Execution } from './events.js';
import type { Sim } from './state.js';

/** The current attempt of `call` reaches the service at t. */
export function receive(sim: Sim, call: Call, t: number): void {
  const p = sim.p;
  if (call.uError < p.errorRate) {
    replyNow(sim, call, t, Outcome.rejected);
    return;
  }
  const store = sim.store;
  if (store === null) {
    execute(sim, call, -1, t);
    return;
  }
  const tally = sim.tally;
  const action = call.action;
  tally.lookups++;
  action.lookups++;
  const key = keyOf(sim, call);
  const found = store.find(key);
  if (found < 0 || !store.isLive(found)) {
    // An action claims a key a second time only after its earlier record expired.
    if (p.scope !== 'attempt') {
      if (action.claimed === null) action.claimed = [key];
      else if (action.claimed.includes(key)) tally.retentionMisses++;
      else action.claimed.push(key);
    }
    action.keyClaims++;
    execute(sim, call, store.claim(key, found, t, call.version, action.id), t);
  } else if (p.fingerprint && store.fingerprint(found) !== call.version) {
    tally.sentMismatch++;
    action.sentMismatch++;
    replyNow(sim, call, t, Outcome.mismatch);
  } else if (!store.isDone(found)) {
    if (p.readThenWrite && t < store.claimTime(found) + p.raceWindow) {
      // The read saw nothing: this attempt executes too, writing to the same record.
      tally.raceDuplicates++;
      store.pin(found);
      execute(sim, call, found, t);
    } else {
      tally.sentConflict++;
      action.sentConflict++;
      replyNow(sim, call, t, Outcome.conflict);
    }
  } else {
    tally.sentStored++;
    action.sentStored++;
    if (store.creator(found) !== action.id) action.gotForeignResult = true;
    if (call.traced !== null) call.traced.stored = true;
    replyNow(sim, call, t, Outcome.stored);
  }
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

/** The side effect runs for the current attempt (now, or after the FIFO queue). */
function execute(sim: Sim, call: Call, slot: number, t: number): void {
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
  };
  if (sim.busy < p.concurrency) {
    start(sim, exec, t);
    // Without a lost reply or a late commit, the commit itself ends the attempt.
    if (!call.replyLost && call.replyAt <= attemptDeadline(sim, call)) return;
  } else {
    sim.waiting.push(exec);
  }
  scheduleTimeout(sim, call);
}

function start(sim: Sim, exec: Execution, t: number): void {
  const tally = sim.tally;
  if (++sim.busy > tally.peakConcurrency) tally.peakConcurrency = sim.busy;
  exec.action.started++;
  tally.queueWait.record(t - exec.queuedAt);
  const commitAt = t + exec.service;
  const call = exec.call;
  if (call.waiting && call.k === exec.k) call.replyAt = commitAt;
  sim.queue.push({ kind: 'commit', t: commitAt, seq: 0, call: null, exec, k: 0 });
}

/** The side effect commits at t; the record (if any) is written as done; the 200 leaves. */
export function onCommit(sim: Sim, exec: Execution, t: number): void {
  const tally = sim.tally;
  const action = exec.action;
  const call = exec.call;
  if (exec.traced !== null) {
    exec.traced.commit = t;
    exec.traced.duplicate = action.commits > 0;
  }
  if (action.commits === 0) {
    action.firstCommitCall = call.id;
    action.firstCommitSegment = call.segment;
  } else {
    tally.duplicates++;
    if (call.id === action.firstCommitCall) tally.byTransport++;
    else if (call.segment === action.firstCommitSegment) tally.byReplan++;
    else tally.byReplay++;
  }
  action.commits++;
  if (exec.slot >= 0) (sim.store as NonNullable<Sim['store']>).commit(exec.slot, t);
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
  if (call.waiting && call.k === exec.k && !call.replyLost) endAttempt(sim, call, t, Outcome.executed);
  closeOne(sim, action);
}
