// Retry layers (MODEL.md E): outer retry loops around the client call, innermost first. A
// layer-L call runs a layer-(L-1) call as its attempt 0; when that inner call fails
// (`unknown` or `failed`; a 422 never), the layer sends its next attempt, a new inner call,
// after its own backoff, while its retries and deadline allow; otherwise its call fails with
// the inner call's outcome, and the next layer out decides. A layer attempt that runs its
// `timeout` ends as `unknown` there and then: the inner call is given up (its attempt in
// flight still ends and is counted; nothing follows it). Only the outermost result reaches
// the model. Layer backoffs draw from their own counter-based stream (draws.ts), and each new
// client call from its own call stream, so a scenario without layers draws exactly as before.
import { backoffDelay, floored } from '../model/backoff.js';
import { CALL_HEAD_DRAWS, Keyed, callStream } from './draws.js';
import { keyedUniform } from './keyed.js';
import { makeCall } from './calls.js';
import { CallEnd } from './outcome.js';
import { layerDue } from './timers.js';
import { EventKind, type Call, type Layered } from './events.js';
import type { LayerParams, Sim } from './state.js';

/** The tool call `call` is first sent at t: every layer's attempt 0 begins with it. */
export function openLayers(sim: Sim, call: Call, layers: readonly LayerParams[], t: number): void {
  const n = layers.length;
  const layered: Layered = {
    head: call,
    inner: call,
    k: new Array<number>(n + 1).fill(0),
    start: new Array<number>(n + 1).fill(t),
    prevBackoff: [0, ...layers.map((layer) => layer.backoff.base)],
    serial: new Array<number>(n + 1).fill(0),
    ids: new Array<number>(n + 2).fill(call.id),
    serials: 0,
    sentBy: 0,
    attempts: 0,
    done: false,
  };
  call.layered = layered;
  for (let level = 1; level <= n; level++) beginAttempt(sim, layered, level, t);
}

/**
 * The client call `call` ended at t with `end`: the layers decide, innermost first. Returns
 * the tool call's end, or `open` while a layer retries (or the call was given up already).
 */
export function clientCallEnded(sim: Sim, call: Call, t: number, end: CallEnd): CallEnd {
  const layered = call.layered as Layered;
  if (call.abandoned || layered.done) return CallEnd.open;
  return climb(sim, layered, 1, t, end);
}

/**
 * Layer `level`'s next attempt falls due at t (scheduled under `serial`): a new inner call,
 * returned for the caller to send, or null when an outer layer's timeout gave it up meanwhile.
 */
export function onLayerSend(sim: Sim, head: Call, level: number, serial: number, t: number): Call | null {
  const layered = head.layered as Layered;
  if (!layerDue(layered, level, serial)) return null;
  const layers = sim.p.layers as LayerParams[];
  layered.k[level] = (layered.k[level] as number) + 1;
  const fresh = (layers[level - 1] as LayerParams).newCall;
  layered.ids[level] = fresh ? sim.nextCallId++ : (layered.ids[level + 1] as number);
  beginAttempt(sim, layered, level, t);
  // Every layer inside starts a new call, whose attempt 0 is this attempt.
  for (let inner = level - 1; inner >= 1; inner--) {
    const layer = layers[inner - 1] as LayerParams;
    layered.k[inner] = 0;
    layered.start[inner] = t;
    layered.prevBackoff[inner] = layer.backoff.base;
    layered.ids[inner] = layer.newCall ? sim.nextCallId++ : (layered.ids[inner + 1] as number);
    beginAttempt(sim, layered, inner, t);
  }
  const call = clientCall(sim, layered, t);
  layered.inner = call;
  layered.sentBy = level;
  return call;
}

/**
 * Layer `level`'s attempt (scheduled under `serial`) has run its timeout at t: it ends as
 * `unknown`, its inner calls are given up, and the layers from `level` out decide.
 */
export function onLayerTimeout(sim: Sim, head: Call, level: number, serial: number, t: number): CallEnd {
  const layered = head.layered as Layered;
  if (!layerDue(layered, level, serial)) return CallEnd.open;
  for (let inner = 1; inner < level; inner++) layered.serial[inner] = ++layered.serials;
  const call = layered.inner;
  call.abandoned = true;
  if (call.hedge !== null) call.hedge.done = true;
  return climb(sim, layered, level, t, CallEnd.unknown);
}

/**
 * Layer `from`'s attempt ended at t with `end`: that layer retries if it may, else its call
 * ends with `end` and the next layer out decides. Past the outermost, the tool call is over.
 */
function climb(sim: Sim, layered: Layered, from: number, t: number, end: CallEnd): CallEnd {
  const layers = sim.p.layers as LayerParams[];
  for (let level = from; level <= layers.length; level++) {
    // The attempt ended: its timer is stale from now.
    layered.serial[level] = ++layered.serials;
    if (end === CallEnd.succeeded || end === CallEnd.mismatch) continue;
    const layer = layers[level - 1] as LayerParams;
    const k = layered.k[level] as number;
    if (k >= layer.retries || (end === CallEnd.conflict && !layer.retryConflicts)) continue;
    const action = layered.head.action;
    const u = keyedUniform(sim.seedKey, Keyed.layer, action.id, action.layerDraws++);
    const raw = backoffDelay(layer.backoff, k, u, layered.prevBackoff[level] as number);
    layered.prevBackoff[level] = raw;
    const at = t + floored(layer.backoff, raw);
    if (at <= (layered.start[level] as number) + layer.deadline) {
      sim.queue.schedule(EventKind.layerSend, at, layered.head, null, level, layered.serial[level]);
      return CallEnd.open;
    }
  }
  layered.done = true;
  const tally = sim.tally;
  tally.callAttempts.push(layered.attempts - 1);
  if (layered.attempts > tally.maxCallAttempts) tally.maxCallAttempts = layered.attempts;
  return end;
}

/** Layer `level`'s attempt begins at t: a new serial, and its timer when the layer has a timeout. */
function beginAttempt(sim: Sim, layered: Layered, level: number, t: number): void {
  const serial = ++layered.serials;
  layered.serial[level] = serial;
  const timeout = (sim.p.layers as LayerParams[])[level - 1]?.timeout ?? Infinity;
  // At equal instants a reply (and the client's own timer) comes first (MODEL.md E).
  if (timeout !== Infinity)
    sim.queue.scheduleLate(EventKind.layerTimeout, t + timeout, layered.head, null, level, serial);
}

/** A new client call of the tool call: same arguments, its own draws, the key id of its layer attempt. */
function clientCall(sim: Sim, layered: Layered, t: number): Call {
  const head = layered.head;
  const action = head.action;
  const index = action.callsInSegment++;
  const call = makeCall(sim, action, index, head.origin, head.version, layered.ids[1] as number);
  call.toolCall = head.toolCall;
  call.order = head.order;
  call.uReplan = head.uReplan;
  call.uReplanDelay = head.uReplanDelay;
  const draw = callStream(sim.p.seed, action.id, action.segment, index);
  draw.skip(CALL_HEAD_DRAWS);
  call.extra = draw;
  call.firstSend = t;
  call.layered = layered;
  return call;
}
