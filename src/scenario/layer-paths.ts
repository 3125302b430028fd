// Paths into one retry layer (MODEL.md E): `client.layers[i]`, then a member (`retries`,
// `backoff.base`), as `--set` and `--vary` take them. This file reads their syntax, and puts
// a --set value into the tree's list of layers: index i names a layer the scenario has (from
// the file or an earlier --set) or the next one, which the set adds. What a member's value
// may be is the loader's to say, as for a value in a file (layer-values.ts).
import { fieldAt, isGroup } from '../model/field-lookup.js';
import { LAYER_MEMBERS, MAX_LAYERS } from '../model/layers.js';
import type { VaryKind } from '../model/sweep.js';
import type { Pos, Problem } from './issues.js';
import * as k from './kinds.js';
import { BACKOFF_MEMBERS, LAYER_VALUES } from './layer-values.js';
import * as msg from './messages.js';
import { closest } from './suggest.js';
import { type ListNode, type MapNode, type TreeNode, emptyMap, findEntry } from './tree.js';

const LAYERS = 'client.layers';
/** The members a layer names that are the client's alone: named as such, not as unknown. */
const CLIENT_ONLY = ['hedge', 'throttle', 'budget'];
/** What a path may name inside a layer: every member (`backoff` whole included) and every backoff member. */
const INSIDE = [...Object.keys(LAYER_MEMBERS), ...BACKOFF_MEMBERS.map((m) => `backoff.${m}`)];

/** A path into layer `index`: `keys` inside it ([] for the whole layer), each with its offset in the path. */
export interface LayerPath {
  index: number;
  indexAt: number;
  keys: { key: string; at: number }[];
  /** `client.layers[0]`, as messages name the layer. */
  layer: string;
}

/** What is wrong with a path, and the offset in it that a message points at. */
export interface PathProblem {
  at: number;
  problem: Problem;
}

/** An unknown name, said as --set or --vary says it: `valid` are the names `parent` has. */
export type UnknownPath = (
  path: string,
  suggestion: string | undefined,
  parent: string,
  valid: readonly string[],
) => Problem;

/**
 * The layer a path with an index names, or what is wrong with it; undefined for a path
 * without `[`, which names no item of a list.
 */
export function readLayerPath(path: string, unknown: UnknownPath): LayerPath | PathProblem | undefined {
  const open = path.indexOf('[');
  if (open < 0) return undefined;
  const prefix = path.slice(0, open);
  if (prefix !== LAYERS) {
    // A name that is no field is the caller's to report, with its did-you-mean.
    const field = fieldAt(prefix);
    const members = isGroup(prefix) || field?.members !== undefined;
    const known = prefix !== '' && (members || field !== undefined);
    return known ? { at: open, problem: msg.notALayerList(prefix, members) } : undefined;
  }
  const rest = path.slice(open + 1);
  const close = rest.indexOf(']');
  const digits = /^\d+/.exec(rest)?.[0] ?? '';
  if (close < 0 && digits !== '') {
    const fixed = `${path.slice(0, open + 1 + digits.length)}]${rest.slice(digits.length)}`;
    return { at: open + 1 + digits.length, problem: msg.unclosedLayerIndex(digits, fixed) };
  }
  const token = close < 0 ? (rest.split('.')[0] ?? '') : rest.slice(0, close);
  if (!/^(0|[1-9]\d*)$/.test(token)) return { at: open + 1, problem: msg.badLayerIndex(token) };
  const index = Number(token);
  if (index >= MAX_LAYERS) return { at: open + 1, problem: msg.layerIndexPastMax(token, MAX_LAYERS) };
  const layer = `${LAYERS}[${index}]`;
  const after = open + close + 2;
  const tail = path.slice(after);
  if (tail === '') return { index, indexAt: open + 1, keys: [], layer };
  if (!tail.startsWith('.')) return { at: after, problem: msg.layerMemberExpected(layer) };
  const keys: LayerPath['keys'] = [];
  let at = after + 1;
  for (const key of tail.slice(1).split('.')) {
    keys.push({ key, at });
    at += key.length + 1;
  }
  const bad = memberProblem(path, layer, keys, unknown);
  return bad ?? { index, indexAt: open + 1, keys, layer };
}

/** Whether the keys after the index name a member of a layer (or of its backoff). */
function memberProblem(
  path: string,
  layer: string,
  keys: LayerPath['keys'],
  unknown: UnknownPath,
): PathProblem | undefined {
  const [first, second, third] = keys as [LayerPath['keys'][number], ...LayerPath['keys']];
  if (CLIENT_ONLY.includes(first.key)) return { at: first.at, problem: msg.clientOnlyInLayer(layer, first.key) };
  const members = Object.keys(LAYER_MEMBERS);
  if (!members.includes(first.key)) {
    const near = closest(keys.map((x) => x.key).join('.'), INSIDE) ?? closest(first.key, members);
    return { at: first.at, problem: unknown(path, near && `${layer}.${near}`, layer, members) };
  }
  if (second === undefined) return undefined;
  const parent = `${layer}.${first.key}`;
  if (first.key !== 'backoff') return { at: second.at, problem: unknown(path, undefined, parent, []) };
  if (!BACKOFF_MEMBERS.includes(second.key)) {
    const near = closest(second.key, BACKOFF_MEMBERS);
    return { at: second.at, problem: unknown(path, near && `${parent}.${near}`, parent, BACKOFF_MEMBERS) };
  }
  if (third === undefined) return undefined;
  return { at: third.at, problem: unknown(path, undefined, `${parent}.${second.key}`, []) };
}

/**
 * Puts a --set value at the layer path: the whole layer, or a member of it (through `put`,
 * which places `keys` in a map as any set does). A problem when the index is past the
 * layers the tree has: a set may add only the next one. `pos(offset)`: a place in the path.
 */
export function placeInLayer(
  root: MapNode,
  target: LayerPath,
  value: TreeNode,
  pos: (offset: number) => Pos,
  put: (map: MapNode, keys: LayerPath['keys'], value: TreeNode) => void,
): Problem | undefined {
  const clientNode = findEntry(root, 'client')?.value;
  const layersNode = clientNode?.kind === 'map' ? findEntry(clientNode, 'layers')?.value : undefined;
  // Absent, empty, `none` or not a list: no layers, and a set replaces it as a set replaces any value.
  const count = layersNode?.kind === 'list' ? layersNode.items.length : 0;
  if (target.index > count) return msg.noSuchLayer(target.index, count);
  const client = clientNode?.kind === 'map' ? clientNode : mapEntry(root, 'client', pos(0));
  let list: ListNode;
  if (layersNode?.kind === 'list') list = layersNode;
  else {
    list = { kind: 'list', pos: pos(target.indexAt - 1), items: [] };
    const entry = findEntry(client, 'layers');
    if (entry === undefined) client.entries.push({ key: 'layers', keyPos: pos('client.'.length), value: list });
    else entry.value = list;
  }
  if (target.keys.length === 0) {
    list.items[target.index] = value;
    return undefined;
  }
  const item = list.items[target.index];
  const map = item?.kind === 'map' ? item : emptyMap(pos(target.indexAt));
  list.items[target.index] = map;
  put(map, target.keys, value);
  return undefined;
}

/** The map at `key` of `map`, made (or put in place of a value that is not a map). */
function mapEntry(map: MapNode, key: string, pos: Pos): MapNode {
  const fresh = emptyMap(pos);
  const entry = findEntry(map, key);
  if (entry === undefined) map.entries.push({ key, keyPos: pos, value: fresh });
  else entry.value = fresh;
  return fresh;
}

/** One member of one layer that a sweep varies, read as a file's value is. */
export interface LayerVariable {
  path: string;
  kind: VaryKind;
  read: k.Reader<unknown>;
  spec: Omit<k.Spec, 'path' | 'issues'>;
}

/** The paths --vary suggests for a misspelt layer path: each member of the innermost layer. */
export const LAYER_VARY_EXAMPLES: readonly string[] = Object.keys(LAYER_VALUES).map((key) => `${LAYERS}[0].${key}`);

/** JSON Schema's pattern for the layer paths a sweep: block's `vary` takes. */
export const LAYER_VARY_PATTERN = `^client\\.layers\\[(${[...Array(MAX_LAYERS).keys()].join('|')})\\]\\.(${Object.keys(
  LAYER_VALUES,
)
  .map((key) => key.replace('.', '\\.'))
  .join('|')})$`;

/**
 * A layer path as `--vary` takes it: one member's single value, or the problem (`client.layers`
 * or a whole layer is not one); undefined for a path without an index. Whether the layer
 * exists is checked when each point's scenario loads.
 */
export function layerVariable(path: string): LayerVariable | Problem | undefined {
  if (path === LAYERS) return msg.varyWholeLayers(path, `${LAYERS}[0]`);
  const read = readLayerPath(path, (p, suggestion) => msg.unknownVaryPath(p, suggestion));
  if (read === undefined) return undefined;
  if ('problem' in read) return read.problem;
  const key = read.keys.map((x) => x.key).join('.');
  const value = LAYER_VALUES[key];
  if (value === undefined) return msg.varyWholeLayers(path, read.layer);
  // A sweep varies the jitter's words; a proportional or additive jitter is a map: --set it.
  const reader = key === 'backoff.jitter' ? k.readEnum : value.read;
  const { hint, example, bounds, values } = value;
  return {
    path: `${read.layer}.${key}`,
    kind: value.duration === true ? 'duration' : 'other',
    read: reader,
    spec: { hint, example, bounds, values },
  };
}
