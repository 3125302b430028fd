// Hedged attempts (MODEL.md D, gRPC's hedging policy): a call sends attempt 0, then, while
// no 200 has arrived, attempt j at first send + j * after (j = 1 .. max), none after first
// send + deadline. A 409, 503 or timeout sends the lowest-numbered attempt not yet sent at
// once. The call takes the first 200, fails at once on a 422, and otherwise fails when every
// attempt sent has ended and none is left to send. Each attempt ends exactly once (by its
// reply or its timer) and is counted in responses, even after its call is over. Hedges draw
// from their own counter-based stream (draws.ts), so no other draw moves.
import { tiltAttempt } from './rare.js';
import { sendAttempt } from './attempt.js';
import { refill } from './limits.js';
import { keyedUniform } from './keyed.js';
import { HEDGE_DRAWS, HedgeDraw, Keyed } from './draws.js';
import { CallEnd, NOT_ENDED, Outcome } from './outcome.js';
import { hedgeDue } from './timers.js';
import { EventKind, type Call, type Hedge } from './events.js';
import type { Sim } from './state.js';

/** The call's first attempt leaves at t, opening its hedge group. */
export function startHedged(sim: Sim, call: Call, t: number): CallEnd {
  const hedge: Hedge = { call, sent: 0, open: 0, done: false, unknown: false };
  call.hedge = hedge;
  return sendNext(sim, hedge, t);
}

/** Hedge timer k fell due at t: send attempt k unless it went out early or the call is over. */
export function onHedgeDue(sim: Sim, call: Call, k: number, t: number): CallEnd {
  const hedge = call.hedge as Hedge;
  if (!hedgeDue(hedge, k)) return CallEnd.open;
  return sendNext(sim, hedge, t);
}

/** An attempt of a hedged call ended at t with `outcome` (already counted in responses). */
export function hedgeEnded(sim: Sim, attempt: Call, t: number, outcome: Outcome): CallEnd {
  const hedge = attempt.hedge as Hedge;
  hedge.open--;
  if (hedge.done) return CallEnd.open;
  switch (outcome) {
    case Outcome.executed:
    case Outcome.stored:
      hedge.done = true;
      refill(sim, hedge.call, false);
      return CallEnd.succeeded;
    case Outcome.mismatch:
      hedge.done = true;
      return CallEnd.mismatch;
    case Outcome.rejected:
    case Outcome.serverError:
      break;
    default:
      // A 409 or a timeout: the effect may have happened.
      hedge.unknown = true;
  }
  if (canSend(sim, hedge, t)) return sendNext(sim, hedge, t);
  if (hedge.open > 0) return CallEnd.open;
  hedge.done = true;
  return hedge.unknown ? CallEnd.unknown : CallEnd.failed;
}

/** Another attempt may leave at t: one is left to send, and the deadline has not passed. */
function canSend(sim: Sim, hedge: Hedge, t: number): boolean {
  const p = sim.p;
  return hedge.sent <= (p.hedge as NonNullable<typeof p.hedge>).max && t <= hedge.call.firstSend + p.deadline;
}

/** Attempt `hedge.sent` leaves at t; the timer of the one after it is set at its fixed time. */
function sendNext(sim: Sim, hedge: Hedge, t: number): CallEnd {
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
  if (k > 0) sim.tally.hedges++;
  const attempt = k === 0 ? call : attemptOf(sim, call, hedge);
  if (k > 0 && sim.rare !== null) tiltAttempt(sim.rare, attempt, k);
  const end = sendAttempt(sim, attempt, k, t);
  return end === NOT_ENDED ? CallEnd.open : hedgeEnded(sim, attempt, t, end);
}

/**
 * A later attempt of the call: its own attempt state, the call's identity, draws from the
 * hedge stream. Every field is written out (no spread), so a new field of Call must be
 * decided here, and the object keeps the shape makeCall gives (the same fields in the same order).
 */
function attemptOf(sim: Sim, call: Call, hedge: Hedge): Call {
  const action = call.action;
  const n = HEDGE_DRAWS * action.hedgeDraws++;
  const seed = sim.seedKey;
  return {
    action,
    id: call.id,
    toolCall: call.toolCall,
    index: call.index,
    order: call.order,
    segment: call.segment,
    origin: call.origin,
    version: call.version,
    firstSend: call.firstSend,
    k: 0,
    waiting: false,
    sentAt: call.sentAt,
    requestLost: call.requestLost,
    replyLost: call.replyLost,
    replyAt: NaN,
    serverCrash: false,
    prevBackoff: call.prevBackoff,
    uReplan: call.uReplan,
    uReplanDelay: call.uReplanDelay,
    uRequest: keyedUniform(seed, Keyed.hedge, action.id, n + HedgeDraw.request),
    uError: keyedUniform(seed, Keyed.hedge, action.id, n + HedgeDraw.error),
    uService1: keyedUniform(seed, Keyed.hedge, action.id, n + HedgeDraw.service1),
    uService2: keyedUniform(seed, Keyed.hedge, action.id, n + HedgeDraw.service2),
    uReply: keyedUniform(seed, Keyed.hedge, action.id, n + HedgeDraw.reply),
    uBackoff: 0,
    extra: null,
    traced: null,
    retryCost: 0,
    hedge,
    layered: call.layered,
    abandoned: false,
  };
}
