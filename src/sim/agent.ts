// The agent side of MODEL.md: arrivals, tool calls, re-plans after a failed call, step
// ends and crash replays (steps 1, 2, 7 and 8), and the bookkeeping when an action is over.
import { exponential, between, callStream } from './rng.js';
import { EventKind, Lane, Origin, type Action, type Call } from './events.js';
import { sendAttempt, takeAttemptDraws } from './client.js';
import { startHedged } from './hedge.js';
import { nextArrival } from './conditions.js';
import { Signal } from './series.js';
import { arrivePlain } from './plain.js';
import type { Sim } from './state.js';

/** Action `sim.nextAction` arrives at t: draw its block, start its first call, schedule the next. */
export function onArrival(sim: Sim, t: number): void {
  const p = sim.p;
  const id = sim.nextAction++;
  // The action's block, always the same eighteen draws in the same order.
  const u = sim.draws;
  sim.blocks.fill(u, 18);
  const isRepeat = id > 0 && (u[0] as number) < p.identicalRepeats;
  const businessId = isRepeat ? sim.lastBusinessId : id;
  sim.lastBusinessId = businessId;
  // onProgress is read at every arrival, not only at every 65,536th: a read first made
  // after the engine has compiled this code (and the event loop's) drops that code. Runs
  // without a callback (a sweep's points) so never drop it; with one, its first call still
  // comes at the 65,536th arrival.
  if (sim.onProgress !== null && (id & 0xffff) === 0) sim.onProgress(id, p.actions);
  sim.tally.actions++;
  if (sim.series !== null) sim.series.count(Signal.arrivals, t);
  // Most actions are plain: their whole life is known now (plain.ts).
  if (sim.plain && arrivePlain(sim, id, businessId, t)) return;
  arriveFull(sim, id, businessId, isRepeat, t);
}

/** Action `id` arrives at t and is not plain: its objects, its first call, the next arrival. */
function arriveFull(sim: Sim, id: number, businessId: number, isRepeat: boolean, t: number): void {
  const p = sim.p;
  const u = sim.draws;
  // u[5], the argument change, is unused by a first call: kept so the layout matches later calls.
  const uCrash = u[1] as number;
  const uResume = u[2] as number;
  let business: Action['business'] = null;
  if (p.checkProbability > 0) {
    business = isRepeat && sim.lastBusiness !== null ? sim.lastBusiness : { commits: 0 };
    sim.lastBusiness = business;
  }
  const action: Action = {
    id,
    arrival: t,
    businessId,
    isRepeat,
    open: 1,
    segment: 0,
    crashes: 0,
    replansUsed: 0,
    callsInSegment: 1,
    version: 0,
    commits: 0,
    firstCommitCall: -1,
    firstCommitSegment: -1,
    started: 0,
    attempts: 0,
    executions: 0,
    unknown: 0,
    falseFailures: 0,
    keyClaims: 0,
    lookups: 0,
    sentConflict: 0,
    sentMismatch: 0,
    sentStored: 0,
    gotForeignResult: false,
    claimed: null,
    uCrash,
    uResume,
    r1Request: 0,
    r1Error: 0,
    r1Service1: 0,
    r1Service2: 0,
    r1Reply: 0,
    r1Backoff: 0,
    calls: 0,
    trace: sim.tracer !== null && sim.tracer.wants(id) ? [] : null,
    business,
    crashDraws: 0,
    checkDraws: 0,
    checkTrace: null,
    hedgeDraws: 0,
  };
  const call = makeCall(sim, action, 0, Origin.original, 0);
  call.uReplan = u[3] as number;
  call.uReplanDelay = u[4] as number;
  takeAttemptDraws(call, u, 6);
  action.r1Request = u[12] as number;
  action.r1Error = u[13] as number;
  action.r1Service1 = u[14] as number;
  action.r1Service2 = u[15] as number;
  action.r1Reply = u[16] as number;
  action.r1Backoff = u[17] as number;
  scheduleNextArrival(sim, t);
  startCall(sim, call, t);
}

/** Schedules the arrival after the one at t (the last action schedules none). */
export function scheduleNextArrival(sim: Sim, t: number): void {
  const p = sim.p;
  if (sim.nextAction >= p.actions) return;
  const gap = sim.gaps.next();
  const next = p.profile === null ? t + exponential(gap, p.meanGap) : nextArrival(p.profile, t, gap);
  sim.queue.scheduleInOrder(Lane.arrivals, EventKind.arrival, next, null, null, 0);
}

/** The first attempt of a tool call leaves now. */
export function startCall(sim: Sim, call: Call, t: number): void {
  sim.tally.toolCalls++;
  // A call the model did not make after all (a read found the effect) takes no place and
  // leaves the arguments as they were: both are settled when the call is sent.
  const action = call.action;
  call.order = action.calls++;
  action.version = call.version;
  call.firstSend = t;
  if (sim.p.hedge === null) sendAttempt(sim, call, 0, t);
  else startHedged(sim, call, t);
}

/** A tool call returned its result to the model at t. */
export function callDone(sim: Sim, call: Call, t: number, succeeded: boolean, unknown: boolean): void {
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
  if (action.replansUsed < p.replanMax && call.uReplan < p.replanProbability) {
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
  if (action.crashes < p.crashMax && action.uCrash < p.crashProbability) {
    action.crashes++;
    const delay = between(action.uResume, p.resumeMin, p.resumeMax);
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
  tally.lostPerAction.push(lost);
  tally.unknownPerAction.push(action.unknown);
  tally.falseFailuresPerAction.push(action.falseFailures);
  tally.extraAttempts.push(action.attempts - 1);
  tally.extraExecutions.push(action.executions > 1 ? action.executions - 1 : 0);
  tally.missingExecutions.push(action.executions === 0 ? 1 : 0);
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

/**
 * A re-plan or replay call: its own stream, named by its segment and its place in the
 * segment (so no other parameter renumbers it), and a new argument version with
 * probability argsChange.
 */
function nextCall(sim: Sim, action: Action, origin: Origin): Call {
  const p = sim.p;
  const index = action.callsInSegment++;
  const draw = callStream(p.seed, action.id, action.segment, index);
  const u = sim.draws;
  // Argument change, re-plan, re-plan delay, crash, resume, and the identical-repeat draw
  // (used only in the action's block).
  draw.fill(u, 6);
  const uArgs = u[0] as number;
  const call = makeCall(sim, action, index, origin, 0);
  call.extra = draw;
  call.uReplan = u[1] as number;
  call.uReplanDelay = u[2] as number;
  const uCrash = u[3] as number;
  const uResume = u[4] as number;
  if (origin === Origin.replay) {
    action.uCrash = uCrash;
    action.uResume = uResume;
  }
  call.version = uArgs < p.argsChange ? ++sim.nextVersion : action.version;
  return call;
}

function makeCall(sim: Sim, action: Action, index: number, origin: Origin, version: number): Call {
  return {
    action,
    id: sim.nextCallId++,
    index,
    order: 0,
    segment: action.segment,
    origin,
    version,
    firstSend: 0,
    k: 0,
    waiting: false,
    sentAt: 0,
    requestLost: false,
    replyLost: false,
    replyAt: NaN,
    serverCrash: false,
    prevBackoff: sim.p.backoff.base,
    uReplan: 0,
    uReplanDelay: 0,
    uRequest: 0,
    uError: 0,
    uService1: 0,
    uService2: 0,
    uReply: 0,
    uBackoff: 0,
    extra: null,
    traced: null,
    retryCost: 0,
    hedge: null,
  };
}
