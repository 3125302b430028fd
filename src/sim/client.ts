// The client side of MODEL.md: sending attempts, timeouts, outcome classes, and the
// retry decision with backoff and the per-call deadline (steps 3, 5 and 6), then the
// retry budget and throttle of real clients (part two, D; limits.ts). Hedged calls end
// their attempts in hedge.ts.
import { backoffDelay, floored } from '../model/backoff.js';
import { callStream } from './rng.js';
import { callDone } from './agent.js';
import { receive } from './service.js';
import { EventKind, Lane, type Call } from './events.js';
import type { AttemptOutcome, CallOrigin, TracedAttempt } from '../model/result.js';
import type { Sim } from './state.js';
import { Effect } from './conditions.js';
import { Signal } from './series.js';
import { refill, retryAllowed } from './limits.js';
import { hedgeEnded } from './hedge.js';
import { MAX_ATTEMPTS_PER_ACTION, attemptsExceeded } from './run-limits.js';

/** How an attempt ended, as the client saw it. */
export const Outcome = {
  executed: 0,
  stored: 1,
  conflict: 2,
  mismatch: 3,
  rejected: 4,
  slow: 5,
  replyLost: 6,
  requestLost: 7,
  serverCrash: 8,
} as const;
export type Outcome = (typeof Outcome)[keyof typeof Outcome];

/** Attempt k of `call` leaves at t. */
export function sendAttempt(sim: Sim, call: Call, k: number, t: number): void {
  const p = sim.p;
  if (call.index !== 0 || call.segment !== 0 || k !== 0) drawAttempt(sim, call, k);
  call.k = k;
  call.waiting = true;
  call.sentAt = t;
  call.replyAt = NaN;
  call.serverCrash = false;
  const incidents = p.incidents;
  if (incidents === null) {
    call.requestLost = call.uRequest < p.requestLoss;
    call.replyLost = call.uReply < p.replyLoss;
  } else {
    // An immediate reply leaves now; an executed one decides again when it leaves (service.ts).
    call.requestLost = call.uRequest < incidents.at(t, Effect.requestLoss, p.requestLoss);
    call.replyLost = call.uReply < incidents.at(t, Effect.replyLoss, p.replyLoss);
  }
  sim.tally.attempts++;
  sim.attemptsInFlight++;
  if (++call.action.attempts > MAX_ATTEMPTS_PER_ACTION) throw attemptsExceeded(call.action.id);
  if (sim.series !== null) sim.series.count(Signal.attempts, t);
  if (call.action.trace !== null) traceAttempt(call, k, t);
  if (call.requestLost) {
    scheduleTimeout(sim, call);
    return;
  }
  receive(sim, call, t);
}

/**
 * The draws of attempt k of any call but the first call's attempt 0: the first call's
 * attempt 1 was drawn with the action's block; everything later comes from the call's
 * own stream, at fixed positions.
 */
function drawAttempt(sim: Sim, call: Call, k: number): void {
  // A hedged attempt came with its draws (hedge.ts).
  if (k > 0 && call.hedge !== null) return;
  let draw = call.extra;
  if (draw === null) {
    const action = call.action;
    if (k === 1) {
      call.uRequest = action.r1Request;
      call.uError = action.r1Error;
      call.uService1 = action.r1Service1;
      call.uService2 = action.r1Service2;
      call.uReply = action.r1Reply;
      call.uBackoff = action.r1Backoff;
      return;
    }
    // The first call's stream: its first eighteen positions mirror the action's block.
    draw = callStream(sim.p.seed, action.id, 0, 0);
    draw.skip(18);
    call.extra = draw;
  }
  draw.fill(sim.draws, 6);
  takeAttemptDraws(call, sim.draws, 0);
}

/** One attempt's six draws, in their fixed order from u[at], into the call's current-attempt fields. */
export function takeAttemptDraws(call: Call, u: Float64Array, at: number): void {
  call.uRequest = u[at] as number;
  call.uError = u[at + 1] as number;
  call.uService1 = u[at + 2] as number;
  call.uService2 = u[at + 3] as number;
  call.uReply = u[at + 4] as number;
  call.uBackoff = u[at + 5] as number;
}

const OUTCOME_NAMES: readonly AttemptOutcome[] = [
  'ok',
  'replayed',
  'conflict',
  'mismatch',
  'rejected',
  'slow',
  'replyLost',
  'requestLost',
  'serverCrash',
];
const ORIGIN_NAMES: readonly CallOrigin[] = ['original', 'replan', 'replay'];

function traceAttempt(call: Call, k: number, t: number): void {
  call.traced = {
    call: call.order,
    origin: ORIGIN_NAMES[call.origin] as CallOrigin,
    segment: call.segment,
    attempt: k,
    sent: t,
    end: t,
    outcome: 'ok',
    stored: false,
    commit: null,
    duplicate: false,
  };
  if (k > 0 && call.hedge !== null) call.traced.hedge = true;
  (call.action.trace as TracedAttempt[]).push(call.traced);
}

/** When the client stops waiting for the current attempt of `call`. */
export function attemptDeadline(sim: Sim, call: Call): number {
  return call.sentAt + sim.p.timeout;
}

export function scheduleTimeout(sim: Sim, call: Call): void {
  sim.queue.scheduleInOrder(Lane.timeouts, EventKind.timeout, attemptDeadline(sim, call), call, null, call.k);
}

/** The client's timer for attempt k fired. Late or stale timers are recognised by attempt identity. */
export function onTimeout(sim: Sim, call: Call, k: number, t: number): void {
  if (!call.waiting || call.k !== k) return;
  if (call.serverCrash) {
    endAttempt(sim, call, t, Outcome.serverCrash);
  } else if (call.requestLost) {
    endAttempt(sim, call, t, Outcome.requestLost);
  } else if (!(call.replyAt <= t)) {
    endAttempt(sim, call, t, Outcome.slow);
  } else if (call.replyAt === t && !call.replyLost) {
    // The reply arrives exactly at the timeout: it counts as arrived (its commit event delivers it).
  } else {
    endAttempt(sim, call, t, Outcome.replyLost);
  }
}

/** The service answers the current attempt at t without executing (503, 409, 422 or a stored 200). */
export function replyNow(sim: Sim, call: Call, t: number, outcome: Outcome): void {
  call.replyAt = t;
  if (call.replyLost) scheduleTimeout(sim, call);
  else endAttempt(sim, call, t, outcome);
}

/** The current attempt ended at t with `outcome`: count it and decide what the client does next. */
export function endAttempt(sim: Sim, call: Call, t: number, outcome: Outcome): void {
  const tally = sim.tally;
  const p = sim.p;
  call.waiting = false;
  sim.attemptsInFlight--;
  if (call.traced !== null) {
    call.traced.end = t;
    call.traced.outcome = OUTCOME_NAMES[outcome] as AttemptOutcome;
  }
  switch (outcome) {
    case Outcome.executed:
      tally.ok++;
      break;
    case Outcome.stored:
      tally.ok++;
      tally.replayed++;
      break;
    case Outcome.mismatch:
      tally.mismatch++;
      break;
    case Outcome.conflict:
      tally.conflict++;
      break;
    case Outcome.rejected:
      tally.rejected++;
      break;
    case Outcome.slow:
      tally.slow++;
      break;
    case Outcome.replyLost:
      tally.replyLost++;
      break;
    case Outcome.requestLost:
      tally.requestLost++;
      break;
    case Outcome.serverCrash:
      tally.serverCrashTimeouts++;
      break;
  }
  if (call.hedge !== null) {
    hedgeEnded(sim, call, t, outcome);
    return;
  }
  // A retry stops counting against the budget when its attempt ends.
  if (call.k > 0 && p.budget !== null) sim.retriesInFlight--;
  if (outcome === Outcome.executed || outcome === Outcome.stored) {
    if (p.throttle !== null) refill(sim, call, call.k > 0);
    callDone(sim, call, t, true, false);
    return;
  }
  if (outcome === Outcome.mismatch) {
    callDone(sim, call, t, false, false);
    return;
  }
  if (call.k < p.retries) {
    const raw = backoffDelay(p.backoff, call.k, call.uBackoff, call.prevBackoff);
    call.prevBackoff = raw;
    const delay = floored(p.backoff, raw);
    if (
      t + delay <= call.firstSend + p.deadline &&
      ((p.budget === null && p.throttle === null) || retryAllowed(sim, call, outcome >= Outcome.slow))
    ) {
      sim.queue.schedule(EventKind.send, t + delay, call, null, call.k + 1);
      return;
    }
  }
  callDone(sim, call, t, false, outcome !== Outcome.rejected);
}
