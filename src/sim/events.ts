// The simulation's entities and its typed events. Every event has the same runtime
// shape (so the queue's comparisons stay monomorphic); `kind` says which fields matter.

import type { TracedAttempt, TracedCheck } from '../model/result.js';
import type { Alea } from './rng.js';

/** One logical action (intent): one agent step, possibly executed in several segments. */
export interface Action {
  id: number;
  arrival: number;
  /** Business identity: its own id, or the id of the action it genuinely repeats. */
  businessId: number;
  isRepeat: boolean;
  /** Agent still running (1) plus executions still in flight on the service. */
  open: number;
  segment: number;
  crashes: number;
  replansUsed: number;
  /** Calls issued in the current segment (index of the next call within it). */
  callsInSegment: number;
  /** Argument version of the latest call. */
  version: number;
  commits: number;
  firstCommitCall: number;
  firstCommitSegment: number;
  /** Executions that have held a service slot (started) and will commit, for false failures. */
  started: number;
  attempts: number;
  executions: number;
  unknown: number;
  falseFailures: number;
  /** Key records this action claimed (each lives from its claim to its final expiry). */
  keyClaims: number;
  /** Attempts whose key was looked up, and how many of them got a 409, a 422, a stored 200. */
  lookups: number;
  sentConflict: number;
  sentMismatch: number;
  sentStored: number;
  /** Was sent a stored 200 from a record another action created. */
  gotForeignResult: boolean;
  /** Keys this action has claimed: claiming one again means the store forgot it. */
  claimed: number[] | null;
  /** This segment's crash and resume draws. */
  uCrash: number;
  uResume: number;
  /** The first call's attempt 1, drawn with the action's block (retries are common). */
  r1Request: number;
  r1Error: number;
  r1Service1: number;
  r1Service2: number;
  r1Reply: number;
  r1Backoff: number;
  /** Calls issued so far, all segments. */
  calls: number;
  /** Attempts recorded for the timeline picture, or null when this action is not traced. */
  trace: TracedAttempt[] | null;
  /** Commits of its business identity (shared along a chain of repeats), when reads need them. */
  business: { commits: number } | null;
  /** Executions and read opportunities so far: the positions in its crash and check streams. */
  crashDraws: number;
  checkDraws: number;
  /** Failure draws taken: the position in its failure stream (MODEL.md F). */
  failureDraws: number;
  /** Reads recorded for the timeline picture (traced actions only). */
  checkTrace: TracedCheck[] | null;
  /** Hedged attempts so far: the position in its hedge stream (draws.ts). */
  hedgeDraws: number;
  /** Layer backoffs drawn so far: the position in its layer stream (draws.ts). */
  layerDraws: number;
  /** Its duplicates by source (MODEL.md: transport, re-plan, replay), for weighted counts. */
  dupTransport: number;
  dupReplan: number;
  dupReplay: number;
  /** Its executions that claimed a key its own earlier record had held (retention misses). */
  retentionMisses: number;
  /** Under importance sampling (rare.ts): its weight, then its trials and events per tilted site; else null. */
  rare: Float64Array | null;
}

export const Origin = { original: 0, replan: 1, replay: 2 } as const;
export type Origin = (typeof Origin)[keyof typeof Origin];

/** One tool call and the state of its current attempt (attempts run one after another). */
export interface Call {
  action: Action;
  /** The id its key is made from under scope `call` (a fresh one per layer attempt with `newCall`). */
  id: number;
  /** The tool call it belongs to (the id of its first call): duplicates from the same one are transport repeats. */
  toolCall: number;
  /** Index of this call within its segment (with the segment, names its random stream). */
  index: number;
  /** Place of this call in its action, all segments (0 for the first call), set when it is sent. */
  order: number;
  segment: number;
  origin: Origin;
  version: number;
  firstSend: number;
  /** The current attempt and whether the client is still waiting for it. */
  k: number;
  waiting: boolean;
  sentAt: number;
  requestLost: boolean;
  replyLost: boolean;
  /** When the current attempt's reply leaves the service; NaN while unknown. */
  replyAt: number;
  /** The current attempt's execution crashes: no reply will ever leave (MODEL.md A). */
  serverCrash: boolean;
  prevBackoff: number;
  /** Call-level draws. */
  uReplan: number;
  uReplanDelay: number;
  /** The current attempt's draws. */
  uRequest: number;
  uError: number;
  uService1: number;
  uService2: number;
  uReply: number;
  uBackoff: number;
  /** Stream for the draws not taken from the action's block; created on first need. */
  extra: Alea | null;
  /** The current attempt's trace record, when the action is traced. */
  traced: TracedAttempt | null;
  /** Tokens the call's latest retry took from the retry throttle (MODEL.md D). */
  retryCost: number;
  /** With hedging: the attempts of the call, which this object is one of (MODEL.md D); else null. */
  hedge: Hedge | null;
  /** With retry layers: the tool call's outer retry loops, which run this call as an attempt (MODEL.md E); else null. */
  layered: Layered | null;
  /** A layer's timeout gave up on this call: its attempt in flight still ends and is counted, nothing follows. */
  abandoned: boolean;
}

/**
 * One tool call's retry layers (MODEL.md E). Layer 0 is the client call (a `Call`); layer L
 * (1 .. n) runs layer-(L-1) calls as its attempts. Arrays are indexed by layer, slot 0 unused.
 */
export interface Layered {
  /** The tool call as the model made it (its first client call): its identity, its first send. */
  head: Call;
  /** The client call now running (layer 0). */
  inner: Call;
  /** Per layer: the current attempt, the current layer call's first send, the last backoff before the floor. */
  k: number[];
  start: number[];
  prevBackoff: number[];
  /**
   * Per layer: a number that changes whenever the layer's attempt starts or ends, or is given
   * up by an outer layer's timeout. A timer or a send carries the number it was scheduled
   * under, and is stale when it changed.
   */
  serial: number[];
  /** The last serial handed out. */
  serials: number;
  /** Per layer: the key id of its current attempt (slot n + 1: the tool call's own id). */
  ids: number[];
  /** The layer whose retry sent the current client call (0: the tool call's first send). */
  sentBy: number;
  /** Requests sent by the tool call, every layer's. */
  attempts: number;
  /** The tool call has returned its result to the model. */
  done: boolean;
}

/**
 * A hedged call's attempts (MODEL.md D, hedging). Attempt 0 is the call itself; each later
 * attempt is a Call object of its own that shares the call's identity (id, version, first
 * send), so keys, duplicates and traces see one call.
 */
export interface Hedge {
  call: Call;
  /** Attempts sent so far (the next one to send is numbered `sent`). */
  sent: number;
  /** Attempts sent and not yet ended. */
  open: number;
  /** The call has returned its result; later replies are counted and ignored. */
  done: boolean;
  /** An attempt ended by a timeout or a 409: a failure is then an unknown outcome. */
  unknown: boolean;
}

/**
 * How an execution ends: it commits; its worker dies before or after the effect (MODEL.md
 * A); or it ends in a 500, before or after its effect committed (MODEL.md F).
 */
export const Fate = { commit: 0, crashBefore: 1, crashAfter: 2, failBefore: 3, failAfter: 4 } as const;
export type Fate = (typeof Fate)[keyof typeof Fate];

/** One execution of the side effect on the service. */
export interface Execution {
  action: Action;
  call: Call;
  k: number;
  /** Key-store slot it claimed, took over or raced on; -1 without a key. */
  slot: number;
  service: number;
  queuedAt: number;
  traced: TracedAttempt | null;
  fate: Fate;
  /** A before-effect crash comes at start + crashAt * S. */
  crashAt: number;
  /** Its serial number, and whether it holds the record (claimed or took it over; not a racer). */
  serial: number;
  holds: boolean;
  takeover: boolean;
}

/** What an event does when it comes due (numbers, so the loop's switch compares small integers). */
export const EventKind = {
  arrival: 0,
  send: 1,
  timeout: 2,
  callStart: 3,
  commit: 4,
  read: 5,
  hedge: 6,
  plainCommit: 7,
  /** A retry layer's next attempt leaves (`k`: the layer), or a layer attempt's timeout fires. */
  layerSend: 8,
  layerTimeout: 9,
} as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];
type K = typeof EventKind;

/**
 * The queue's FIFO lanes, for events scheduled in time order of their kind: at most one
 * arrival is pending, and every timeout falls at "now + timeout". Numbered from 0 without
 * gaps: the queue makes one FIFO per entry and finds it by its number.
 */
export const Lane = { arrivals: 0, timeouts: 1 } as const;
export type Lane = (typeof Lane)[keyof typeof Lane];

export type SimEvent =
  | { kind: K['arrival']; t: number; seq: number; call: null; exec: null; k: number }
  | { kind: K['send']; t: number; seq: number; call: Call; exec: null; k: number }
  | { kind: K['timeout']; t: number; seq: number; call: Call; exec: null; k: number }
  | { kind: K['callStart']; t: number; seq: number; call: Call; exec: null; k: number }
  | { kind: K['commit']; t: number; seq: number; call: null; exec: Execution; k: number }
  | { kind: K['read']; t: number; seq: number; call: Call; exec: null; k: number }
  | { kind: K['hedge']; t: number; seq: number; call: Call; exec: null; k: number }
  /** `call`: the tool call's head (its `layered`); `k`: the layer; `at`: the serial it was scheduled under. */
  | { kind: K['layerSend']; t: number; seq: number; call: Call; exec: null; k: number; at: number }
  | { kind: K['layerTimeout']; t: number; seq: number; call: Call; exec: null; k: number; at: number }
  /** A plain action's commit (plain.ts): `k` its key-store slot (-1: none), `at` its arrival, `id` its id. */
  | { kind: K['plainCommit']; t: number; seq: number; call: null; exec: null; k: number; at: number; id: number };
