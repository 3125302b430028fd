// Hedged attempts (MODEL.md part two, D, gRPC's hedging policy): a call sends attempt 0,
// then, while no 200 has arrived, attempt j at first send + j * after (j = 1 .. max), none
// after first send + deadline. A 409, 503 or timeout sends the lowest-numbered attempt not
// yet sent at once. The call takes the first 200, fails at once on a 422, and otherwise
// fails when every attempt sent has ended and none is left to send. Each attempt ends
// exactly once (by its reply or its timer) and is counted in responses, even after its
// call is over. Hedges draw from their own counter-based stream, so no other draw moves.
import { Outcome, sendAttempt } from './client.js';
import { callDone } from './agent.js';
import { refill } from './limits.js';
import { Keyed, keyedUniform } from './keyed.js';
import { EventKind, type Call, type Hedge } from './events.js';
import type { Sim } from './state.js';

/** The call's first attempt leaves at t, opening its hedge group. */
export function startHedged(sim: Sim, call: Call, t: number): void {
  const hedge: Hedge = { call, sent: 0, open: 0, done: false, unknown: false };
  call.hedge = hedge;
  sendNext(sim, hedge, t);
}

/** Hedge timer k fell due at t: send attempt k unless it went out early or the call is over. */
export function onHedgeDue(sim: Sim, call: Call, k: number, t: number): void {
  const hedge = call.hedge as Hedge;
  if (hedge.done || hedge.sent > k) return;
  sendNext(sim, hedge, t);
}

/** An attempt of a hedged call ended at t with `outcome` (already counted in responses). */
export function hedgeEnded(sim: Sim, attempt: Call, t: number, outcome: Outcome): void {
  const hedge = attempt.hedge as Hedge;
  hedge.open--;
  if (hedge.done) return;
  const call = hedge.call;
  switch (outcome) {
    case Outcome.executed:
    case Outcome.stored:
      hedge.done = true;
      refill(sim, call, false);
      callDone(sim, call, t, true, false);
      return;
    case Outcome.mismatch:
      hedge.done = true;
      callDone(sim, call, t, false, false);
      return;
    case Outcome.rejected:
      break;
    default:
      // A 409 or a timeout: the effect may have happened.
      hedge.unknown = true;
  }
  if (canSend(sim, hedge, t)) {
    sendNext(sim, hedge, t);
  } else if (hedge.open === 0) {
    hedge.done = true;
    callDone(sim, call, t, false, hedge.unknown);
  }
}

/** Another attempt may leave at t: one is left to send, and the deadline has not passed. */
function canSend(sim: Sim, hedge: Hedge, t: number): boolean {
  const p = sim.p;
  return hedge.sent <= (p.hedge as NonNullable<typeof p.hedge>).max && t <= hedge.call.firstSend + p.deadline;
}

/** Attempt `hedge.sent` leaves at t; the timer of the one after it is set at its fixed time. */
function sendNext(sim: Sim, hedge: Hedge, t: number): void {
  const p = sim.p;
  const spec = p.hedge as NonNullable<typeof p.hedge>;
  const call = hedge.call;
  const k = hedge.sent++;
  hedge.open++;
  const due = call.firstSend + (k + 1) * spec.after;
  // Set before the attempt leaves: a 503 at once may send the next attempt early.
  if (k + 1 <= spec.max && due <= call.firstSend + p.deadline) {
    sim.queue.scheduleLate(EventKind.hedge, due, call, null, k + 1);
  }
  if (k === 0) {
    sendAttempt(sim, call, 0, t);
    return;
  }
  sim.tally.hedges++;
  sendAttempt(sim, attemptOf(sim, call, hedge), k, t);
}

/** A later attempt of the call: its own attempt state, the call's identity, draws from the hedge stream. */
function attemptOf(sim: Sim, call: Call, hedge: Hedge): Call {
  const action = call.action;
  const n = 5 * action.hedgeDraws++;
  const u = (i: number): number => keyedUniform(sim.seedKey, Keyed.hedge, action.id, n + i);
  return {
    ...call,
    k: 0,
    waiting: false,
    replyAt: NaN,
    serverCrash: false,
    uRequest: u(0),
    uError: u(1),
    uService1: u(2),
    uService2: u(3),
    uReply: u(4),
    uBackoff: 0,
    extra: null,
    traced: null,
    retryCost: 0,
    hedge,
  };
}
