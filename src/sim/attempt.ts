// The client's attempt (MODEL.md steps 3 and 5): sending it with its draws, its timeout,
// and its outcome class as the client sees it. What the call does next (retry, hedge, give
// up) is the caller's: each function returns the outcome of the attempt that ended, if any.
import { tiltAttempt } from './rare.js';
import { ATTEMPT_DRAWS, FIRST_CALL_SKIP, callStream, takeAttemptDraws } from './draws.js';
import { receive } from './service.js';
import { NOT_ENDED, Outcome, type AttemptEnd } from './outcome.js';
import { awaits, scheduleTimeout } from './timers.js';
import type { Call } from './events.js';
import type { AttemptOutcome, CallOrigin, TracedAttempt } from '../model/result.js';
import type { Sim } from './state.js';
import { Effect } from './conditions.js';
import { Signal } from './series.js';
import { MAX_ATTEMPTS_PER_ACTION, attemptsExceeded } from './run-limits.js';

/** Attempt k of `call` leaves at t; a reply at once (503, 409, 422, stored 200) ends it now. */
export function sendAttempt(sim: Sim, call: Call, k: number, t: number): AttemptEnd {
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
  if (call.layered !== null) call.layered.attempts++;
  if (++call.action.attempts > MAX_ATTEMPTS_PER_ACTION) throw attemptsExceeded(call.action.id);
  if (sim.series !== null) sim.series.count(Signal.attempts, t);
  if (call.action.trace !== null) traceAttempt(call, k, t);
  if (call.requestLost) {
    scheduleTimeout(sim, call);
    return NOT_ENDED;
  }
  const reply = receive(sim, call, t);
  return reply === NOT_ENDED ? NOT_ENDED : replyNow(sim, call, t, reply);
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
      if (sim.rare !== null) tiltAttempt(sim.rare, call, k);
      return;
    }
    draw = callStream(sim.p.seed, action.id, 0, 0);
    draw.skip(FIRST_CALL_SKIP);
    call.extra = draw;
  }
  draw.fill(sim.draws, ATTEMPT_DRAWS);
  takeAttemptDraws(call, sim.draws, 0);
  if (sim.rare !== null) tiltAttempt(sim.rare, call, k);
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
  'serverError',
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
  const layered = call.layered;
  if (k === 0 && layered !== null && layered.sentBy > 0 && layered.inner === call) call.traced.layer = layered.sentBy;
  (call.action.trace as TracedAttempt[]).push(call.traced);
}

/** The client's timer for attempt k of `call` fired at t: the attempt ends unless its reply came, or the timer is stale. */
export function onTimeout(sim: Sim, call: Call, k: number, t: number): AttemptEnd {
  if (!awaits(call, k)) return NOT_ENDED;
  if (call.serverCrash) return endAttempt(sim, call, t, Outcome.serverCrash);
  if (call.requestLost) return endAttempt(sim, call, t, Outcome.requestLost);
  if (!(call.replyAt <= t)) return endAttempt(sim, call, t, Outcome.slow);
  // A reply arriving exactly at the timeout counts as arrived (its commit event delivers it).
  if (call.replyAt === t && !call.replyLost) return NOT_ENDED;
  return endAttempt(sim, call, t, Outcome.replyLost);
}

/** The service answered the current attempt at t without executing: it ends now unless the reply is lost. */
function replyNow(sim: Sim, call: Call, t: number, outcome: Outcome): AttemptEnd {
  call.replyAt = t;
  if (!call.replyLost) return endAttempt(sim, call, t, outcome);
  scheduleTimeout(sim, call);
  return NOT_ENDED;
}

/** The current attempt ended at t with `outcome`: it is counted in responses, whatever the call does next. */
export function endAttempt(sim: Sim, call: Call, t: number, outcome: Outcome): Outcome {
  const tally = sim.tally;
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
    case Outcome.serverError:
      tally.serverErrors++;
      break;
  }
  return outcome;
}
