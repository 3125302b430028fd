// A tool call's object and its call-level draws: the first call's from the action's block,
// a re-plan's or replay's from its own stream, named by its segment and its place in the
// segment (so no other parameter renumbers it).
import { CallHead, CALL_HEAD_DRAWS, callStream } from './draws.js';
import { Origin, type Action, type Call } from './events.js';
import type { Sim } from './state.js';

/**
 * A re-plan or replay call, with a new argument version with probability argsChange. A
 * replay's call also draws its segment's crash and resume.
 */
export function nextCall(sim: Sim, action: Action, origin: Origin): Call {
  const p = sim.p;
  const index = action.callsInSegment++;
  const draw = callStream(p.seed, action.id, action.segment, index);
  const u = sim.draws;
  draw.fill(u, CALL_HEAD_DRAWS);
  const call = makeCall(sim, action, index, origin, 0);
  call.extra = draw;
  call.uReplan = u[CallHead.replan] as number;
  call.uReplanDelay = u[CallHead.replanDelay] as number;
  if (origin === Origin.replay) {
    action.uCrash = u[CallHead.crash] as number;
    action.uResume = u[CallHead.resume] as number;
  }
  call.version = (u[CallHead.argsChange] as number) < p.argsChange ? ++sim.nextVersion : action.version;
  return call;
}

/** A call with its identity and no attempt yet; every field written out, so all calls share one shape. */
export function makeCall(
  sim: Sim,
  action: Action,
  index: number,
  origin: Origin,
  version: number,
  id = sim.nextCallId++,
): Call {
  return {
    action,
    id,
    toolCall: id,
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
    layered: null,
    abandoned: false,
  };
}
