// How each single value of a retry layer (MODEL.md E) is read, by its place inside the layer
// (`retries`, `backoff.base`): the loader reads a file's layers with it (layers.ts), and a
// sweep each value of `--vary client.layers[i].retries=...` (layer-paths.ts), so that a value
// means the same, with the same bounds and messages, in a file, a --set and a --vary.
import type { Bounds } from '../model/fields.js';
import { LAYER_MEMBERS, LAYER_PRESETS } from '../model/layers.js';
import { isPresetName } from '../model/presets.js';
import { type Issue, issueAt } from './issues.js';
import * as k from './kinds.js';
import { readJitter } from './jitter.js';
import * as msg from './messages.js';
import type { TreeNode } from './tree.js';

/** A layer's `backoff` members, in the order a file writes them. */
export const BACKOFF_MEMBERS: readonly string[] = ['base', 'multiplier', 'max', 'jitter', 'floor'];
export const JITTER_WORDS: readonly string[] = ['none', 'full', 'equal', 'decorrelated'];
const PRESET_WORDS: readonly string[] = ['none', ...LAYER_PRESETS];

export interface LayerValue {
  read: k.Reader<unknown>;
  hint: string;
  example: string;
  bounds?: Bounds;
  values?: readonly string[];
  /** A duration: an axis of a sweep over it reads in time units. */
  duration?: boolean;
}

/** A retry loop's preset; a client's (stripe, envoy, aws-standard) is refused saying why it is not a loop. */
const readPreset: k.Reader<string> = (node, spec) => {
  const word = k.readEnum(node, spec);
  if (word !== undefined) return word;
  const value = node.kind === 'scalar' ? node.value : undefined;
  if (isPresetName(value)) {
    spec.issues.pop();
    spec.issues.push(issueAt(node.pos, spec.path, msg.clientPresetInLayer(spec.path, value)));
  }
  return undefined;
};

const nonNegative: Bounds = { min: 0 };
const delay = (example: string): LayerValue => ({
  read: k.readDuration,
  hint: msg.hint('duration'),
  example,
  bounds: nonNegative,
  duration: true,
});
const durationOrNone = (example: string): LayerValue => ({
  read: k.wordOr('none', k.readDuration),
  hint: msg.hint('duration-or-none'),
  example,
  bounds: { min: 0, minExclusive: true },
  duration: true,
});

/** Every single value of a layer, by its place inside the layer. */
export const LAYER_VALUES: Readonly<Record<string, LayerValue>> = {
  preset: { read: readPreset, hint: msg.hint('enum', PRESET_WORDS), example: 'langgraph', values: PRESET_WORDS },
  retries: {
    read: k.readInteger,
    hint: msg.hint('integer'),
    example: '2',
    bounds: { min: 0, max: LAYER_MEMBERS['retries']?.max },
  },
  retryConflicts: { read: k.readBoolean, hint: msg.hint('boolean'), example: 'false' },
  timeout: durationOrNone('30s'),
  deadline: durationOrNone('5m'),
  newCall: { read: k.readBoolean, hint: msg.hint('boolean'), example: 'true' },
  'backoff.base': delay('500ms'),
  'backoff.multiplier': { read: k.readNumber, hint: msg.hint('number'), example: '2', bounds: nonNegative },
  'backoff.max': delay('500ms'),
  'backoff.jitter': { read: readJitter, hint: msg.hint('jitter', JITTER_WORDS), example: 'full', values: JITTER_WORDS },
  'backoff.floor': delay('500ms'),
};

/** The value at `key` inside a layer (`backoff.base`), read as `path`; undefined: the issue is in `issues`. */
export function readLayerValue(key: string, node: TreeNode, path: string, issues: Issue[]): unknown {
  const { read, hint, example, bounds, values } = LAYER_VALUES[key] as LayerValue;
  return read(node, { path, issues, hint, example, bounds, values });
}
