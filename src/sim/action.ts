// An action arrives (MODEL.md steps 1 and 2): its block of draws, whether it is a genuine
// identical repeat, and then the plain fast path (plain.ts) or its objects and first call.
import { Attempt, BLOCK_DRAWS, Block, takeAttemptDraws } from './draws.js';
import { Origin, type Action } from './events.js';
import { Signal } from './series.js';
import { arrivePlain } from './plain.js';
import { scheduleNextArrival } from './arrivals.js';
import { makeCall } from './calls.js';
import { startCall } from './agent.js';
import type { Sim } from './state.js';
import { tiltAttempt } from './rare.js';

/** Action `sim.nextAction` arrives at t: draw its block, start its first call, schedule the next. */
export function onArrival(sim: Sim, t: number): void {
  const p = sim.p;
  const id = sim.nextAction++;
  // The whole block is drawn whatever the action needs, so every position stays in place.
  const u = sim.draws;
  sim.blocks.fill(u, BLOCK_DRAWS);
  const isRepeat = id > 0 && (u[Block.identicalRepeat] as number) < p.identicalRepeats;
  const businessId = isRepeat ? sim.lastBusinessId : id;
  sim.lastBusinessId = businessId;
  // onProgress is read at every arrival, not only at every 16,384th: a read first made
  // after the engine has compiled this code (and the event loop's) drops that code. Runs
  // without a callback (a sweep's points) so never drop it; with one, its first call still
  // comes at the 16,384th arrival.
  if (sim.onProgress !== null && (id & 0x3fff) === 0) sim.onProgress(id, p.actions);
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
  let business: Action['business'] = null;
  if (p.checkProbability > 0) {
    business = isRepeat && sim.lastBusiness !== null ? sim.lastBusiness : { commits: 0 };
    sim.lastBusiness = business;
  }
  // The first call's attempt 1 waits in the action until the call needs it (attempt.ts).
  const attempt1 = Block.attempt1;
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
    uCrash: u[Block.crash] as number,
    uResume: u[Block.resume] as number,
    r1Request: u[attempt1 + Attempt.request] as number,
    r1Error: u[attempt1 + Attempt.error] as number,
    r1Service1: u[attempt1 + Attempt.service1] as number,
    r1Service2: u[attempt1 + Attempt.service2] as number,
    r1Reply: u[attempt1 + Attempt.reply] as number,
    r1Backoff: u[attempt1 + Attempt.backoff] as number,
    calls: 0,
    trace: sim.tracer !== null && sim.tracer.wants(id) ? [] : null,
    business,
    crashDraws: 0,
    failureDraws: 0,
    checkDraws: 0,
    checkTrace: null,
    hedgeDraws: 0,
    layerDraws: 0,
    dupTransport: 0,
    dupReplan: 0,
    dupReplay: 0,
    retentionMisses: 0,
    rare: null,
  };
  if (sim.rare !== null) action.rare = sim.rare.open();
  const call = makeCall(sim, action, 0, Origin.original, 0);
  call.uReplan = u[Block.replan] as number;
  call.uReplanDelay = u[Block.replanDelay] as number;
  takeAttemptDraws(call, u, Block.attempt0);
  if (sim.rare !== null) tiltAttempt(sim.rare, call, 0);
  scheduleNextArrival(sim, t);
  startCall(sim, call, t);
}
