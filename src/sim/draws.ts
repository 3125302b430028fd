// Every random draw of a run, by stream and position (MODEL.md "Event semantics": common
// random numbers). A draw keeps its place whatever other parameters do, so a sweep over one
// parameter moves no other draw; changing a position here changes every committed output.
import { Alea, stream } from './rng.js';
import type { Call } from './events.js';

/** One attempt's six draws, from the attempt's first position in its stream. */
export const Attempt = {
  request: 0,
  error: 1,
  /** The service time's two uniforms (Box-Muller: always two, so the positions stay fixed). */
  service1: 2,
  service2: 3,
  reply: 4,
  /** Drawn even when no retry follows, so the next attempt's draws do not move. */
  backoff: 5,
} as const;
export const ATTEMPT_DRAWS = 6;

/**
 * Stream `seed/actions`: each action's block, taken in arrival order. Its first call's first
 * two attempts are in it because most actions need nothing more (retries are common).
 */
export const Block = {
  identicalRepeat: 0,
  /** Segment 0's crash and resume (a replay's come from its first call's stream). */
  crash: 1,
  resume: 2,
  replan: 3,
  replanDelay: 4,
  /** Unused by a first call (its argument version is 0): kept so the block mirrors a call's head. */
  argsChange: 5,
  attempt0: 6,
  attempt1: 6 + ATTEMPT_DRAWS,
} as const;
export const BLOCK_DRAWS = 6 + 2 * ATTEMPT_DRAWS;

/**
 * Stream `seed/action/segment/index`: one tool call's own draws, a head of six, then attempt k
 * at CALL_HEAD_DRAWS + k * ATTEMPT_DRAWS. A re-plan or replay call opens it when it is made.
 */
export const CallHead = {
  argsChange: 0,
  replan: 1,
  replanDelay: 2,
  /** Read only by a replay: the new segment's crash and resume. */
  crash: 3,
  resume: 4,
  /** Unused: the identical-repeat draw belongs to the block alone. */
  identicalRepeat: 5,
} as const;
export const CALL_HEAD_DRAWS = 6;

/**
 * The first call's own stream is opened only for its attempt 2: its head and attempts 0 and 1
 * are skipped, since the block drew them, so attempt k sits where it sits in any call.
 */
export const FIRST_CALL_SKIP = CALL_HEAD_DRAWS + 2 * ATTEMPT_DRAWS;

/**
 * Counter-based streams (keyed.ts): the n-th draw of stream s of action i is a hash of
 * (seed, s, i, n), so these features draw without seeding a generator per action, and a
 * scenario that leaves them off draws nothing from them. Each name is a number mixed in.
 */
export const Keyed = {
  crash: 0x63726173,
  check: 0x63686b31,
  hedge: 0x68656467,
  layer: 0x6c617972,
  failure: 0x6661696c,
} as const;
export type Keyed = (typeof Keyed)[keyof typeof Keyed];

/** Stream `crash`: three draws per execution, in the order the action's executions are made. */
export const CrashDraw = { crash: 0, when: 1, afterEffect: 2 } as const;
export const CRASH_DRAWS = 3;

/** Stream `failure`: two draws per execution that did not crash, in the order they are made (MODEL.md F). */
export const FailureDraw = { fail: 0, afterEffect: 1 } as const;
export const FAILURE_DRAWS = 2;

/** Stream `check`: one draw per read opportunity (a re-plan or replay call falling due). */
export const CheckDraw = { read: 0 } as const;
export const CHECK_DRAWS = 1;

/** Stream `hedge`: five draws per hedged attempt (k >= 1); a hedge never backs off. */
export const HedgeDraw = { request: 0, error: 1, service1: 2, service2: 3, reply: 4 } as const;
export const HEDGE_DRAWS = 5;

/** Stream `layer`: one draw per retry-layer backoff, in the order the action's layers decide them. */
export const LAYER_DRAWS = 1;

/** Stream `seed/arrivals`: one gap per arrival, the first from time 0. */
export function arrivalGaps(seed: number | string): Alea {
  return stream(seed, 'arrivals');
}

/** Stream `seed/actions`: the blocks. */
export function actionBlocks(seed: number | string): Alea {
  return stream(seed, 'actions');
}

/**
 * The stream of one tool call: action i, segment s, call j within the segment. The name is
 * kept short because alea's seeding hashes it character by character, and a stream is
 * created for every call that needs more than the action's block.
 */
export function callStream(seed: number | string, action: number, segment: number, call: number): Alea {
  return new Alea(`${String(seed)}/${action}/${segment}/${call}`);
}

/** One attempt's draws, from u[at] in Attempt's order, into the call's current-attempt fields. */
export function takeAttemptDraws(call: Call, u: Float64Array, at: number): void {
  call.uRequest = u[at + Attempt.request] as number;
  call.uError = u[at + Attempt.error] as number;
  call.uService1 = u[at + Attempt.service1] as number;
  call.uService2 = u[at + Attempt.service2] as number;
  call.uReply = u[at + Attempt.reply] as number;
  call.uBackoff = u[at + Attempt.backoff] as number;
}
