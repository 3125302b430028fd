// The messages about the client's optional fields (MODEL.md D, real clients): the proportional
// and additive jitter, the throttle, budget and hedge maps, and the preset. Re-exported by messages.ts,
// where every other message lives.
import { Code } from './codes.js';
import type { Problem } from './issues.js';
import { found, last, list, problem, show } from './message-text.js';
import type { TreeNode } from './tree.js';
import { LAYER_PRESETS } from '../model/layers.js';

// client.backoff.jitter: { proportional: [lo, hi] } or { additive: [lo, hi] }

/** The two map forms of a jitter. */
export type JitterKey = 'proportional' | 'additive';
/** What a whole pair of each form looks like, for its messages. */
const PAIR: Readonly<Record<JitterKey, string>> = {
  proportional: 'two numbers [lo, hi] with 0 <= lo <= hi, such as [0.75, 1]',
  additive: 'two durations [lo, hi] with 0 <= lo <= hi, such as [0ms, 1s]',
};
const FORMS =
  '{ proportional: [lo, hi] } for the delay times U(lo, hi), such as { proportional: [0.75, 1] }, ' +
  '{ additive: [lo, hi] } for the delay plus U(lo, hi), such as { additive: [0ms, 1s] }';
export const jitterForm = (path: string, node: TreeNode, words: readonly string[]): Problem =>
  problem(Code.wrongType, `${path}: found ${found(node)}; write ${FORMS}, or one of ${list(words)}`);
export const jitterMissing = (path: string): Problem =>
  problem(
    Code.missingMember,
    `${path}: needs proportional or additive; write for example { proportional: [0.75, 1] } or { additive: [0ms, 1s] }`,
  );
/** Both forms in one map. */
export const jitterMixed = (path: string): Problem =>
  problem(
    Code.jitterMixed,
    `${path}: found both proportional and additive; write one of them: proportional multiplies the delay by U(lo, hi), additive adds U(lo, hi) to it`,
  );
export const jitterPair = (path: string, node: TreeNode, key: JitterKey): Problem =>
  problem(Code.wrongType, `${path}: found ${found(node)}; write a list of ${PAIR[key]}`);
export const jitterPairLength = (path: string, count: number, key: JitterKey): Problem =>
  problem(
    Code.notAPair,
    `${path}: found ${count === 0 ? 'an empty list' : `a list of ${count} value${count === 1 ? '' : 's'}`}; write exactly ${PAIR[key]}`,
  );
/**
 * A proportional bound written as a string: `"0.5"` (`number`), `"75%"` (`factor` 0.75),
 * `"500ms"` (`duration`: perhaps the additive form was meant).
 */
export const jitterBoundText = (
  path: string,
  text: string,
  number?: string,
  factor?: number,
  duration = false,
): Problem =>
  number !== undefined
    ? problem(Code.wrongType, `${path}: found the string ${show(text)}; write ${number} without quotes`)
    : problem(
        Code.unexpectedUnit,
        `${path}: found the string ${show(text)}; lo and hi are factors of the delay, with no unit: write ` +
          (factor !== undefined ? `${factor}` : 'a number such as 0.75') +
          (duration ? ', or { additive: [lo, hi] } to add a duration to the delay' : ''),
      );
/** `lo` and `hi` as written. */
export const jitterOrder = (path: string, lo: string, hi: string): Problem =>
  problem(Code.rangeOrder, `${path}: lo ${lo} is greater than hi ${hi}; write lo <= hi, as in [${hi}, ${lo}]`);

// client.throttle, client.budget, client.hedge: none or a map

/** `missing`: the members without a default that the map lacks; `example`: a whole valid map. */
export const mapMissing = (path: string, missing: readonly string[], example: string): Problem =>
  problem(
    Code.missingMember,
    `${path}: needs ${last(missing, 'and')}, which ${missing.length === 1 ? 'has' : 'have'} no default; write for example ${example}`,
  );

/** Where the retries a hedge conflicts with came from: the scenario, a preset, or idemsim's default. */
export type RetriesSource = { kind: 'scenario' } | { kind: 'default' } | { kind: 'preset'; name: string };

export const hedgeWithRetries = (path: string, retries: number, source: RetriesSource): Problem => {
  const why =
    source.kind === 'preset'
      ? `the preset ${source.name} sets client.retries ${retries}`
      : source.kind === 'default'
        ? `client.retries is ${retries}, idemsim's default`
        : `client.retries is ${retries}`;
  return problem(
    Code.hedgeWithRetries,
    `${path}: hedging and retries exclude each other (as in gRPC), and ${why}; set client.retries: 0, or remove ${path}`,
  );
};

// Warnings about the client's optional fields

/** `fallback`: idemsim's default of the field, as a file writes it. */
export const presetRequires = (preset: string, path: string, fallback: string): Problem =>
  problem(
    Code.presetRequires,
    `client.preset ${preset}: the client has no default for ${path}; idemsim's default ${fallback} applies: set ${path}`,
  );

/** `fallback`: the value the profile fills in, as a file writes it. */
export const handlerRequires = (handler: string, path: string, fallback: string): Problem =>
  problem(
    Code.presetRequires,
    `keys.handler ${handler}: ${path} is your setting, not the library's (Powertools: the Lambda's remaining time); ` +
      `${fallback} applies (Lambda's default timeout): set ${path} to your function's timeout`,
  );

/** `preset`: the preset the limit came from, when the scenario did not write it. */
export const nothingToLimit = (path: string, preset: string | undefined): Problem =>
  problem(
    Code.nothingToLimit,
    `${path}${preset === undefined ? '' : ` (from the preset ${preset})`}: client.retries is 0, so there is no retry to limit; ` +
      `set client.retries above 0, or ${preset === undefined ? `remove ${path}` : `set ${path}: none`}`,
  );

// client.layers: retry loops around the client (MODEL.md E)

export const tooManyLayers = (path: string, count: number, max: number): Problem =>
  problem(
    Code.tooManyLayers,
    `${path}: found ${count} layers; at most ${max} retry loops stack around a client: remove the outer ones you do not run`,
  );
/** `preset`: the layer's preset when it has no retries to give (temporal: unlimited attempts). */
export const layerNeedsRetries = (path: string, preset: string | undefined): Problem =>
  problem(
    Code.missingMember,
    preset === undefined
      ? `${path}: a layer needs retries, or a preset that gives them; write for example { retries: 2 } or { preset: langgraph }`
      : `${path}: the preset ${preset} has no default for retries (its attempts are unlimited); write retries, such as { preset: ${preset}, retries: 5 }`,
  );
export const clientOnlyInLayer = (path: string, key: string): Problem =>
  problem(
    Code.clientOnly,
    key === 'hedge'
      ? `${path}.hedge: a retry layer cannot hedge; only the client hedges: move it to client.hedge (with client.retries: 0), or remove it`
      : `${path}.${key}: a retry layer has no ${key === 'throttle' ? 'retry quota' : 'retry budget'}; only the client's own retries consult one: move it to client.${key}, or remove it`,
  );
export const clientPresetInLayer = (path: string, preset: string): Problem =>
  problem(
    Code.clientOnly,
    `${path}: ${preset} is a client (${preset === 'stripe' ? 'it sends its own key' : preset === 'envoy' ? 'it has a retry budget' : 'it has a retry quota'}), not a retry loop around one; ` +
      `set client.preset: ${preset}, or use a loop in the layer: ${list(LAYER_PRESETS)}`,
  );
/** `scope`: keys.scope, under which a call id is not what the key is made from. */
export const newCallWithoutCallKey = (path: string, scope: string): Problem =>
  problem(
    Code.newCallNoEffect,
    `${path}: newCall gives each layer attempt a new call id, but keys.scope ${scope} does not key by call id, so it changes nothing; ` +
      'remove newCall, or set keys.scope: call',
  );
