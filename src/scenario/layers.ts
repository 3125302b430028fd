// `client.layers` (MODEL.md E, retry layers): outer retry loops around the client, innermost
// first, each a map of `preset`, `retries`, `backoff`, `timeout`, `deadline` and `newCall`. A
// layer's preset fills the members the layer does not write; what neither writes takes the
// layer defaults (no timeout, no deadline, the same call id; `backoff` as the client's
// defaults). A layer is a retry loop: it has no hedge, throttle, budget or key of its own, and
// a preset that brings one of those is a client, not a layer.
import { PRESETS } from '../presets/presets.js';
import { LAYER_MEMBERS, MAX_LAYERS } from '../model/layers.js';
import { defaultScenario, type JitterSpec, type Layer } from '../model/scenario.js';
import type { PresetName } from '../model/presets.js';
import { type Issue, issueAt } from './issues.js';
import type * as k from './kinds.js';
import { BACKOFF_MEMBERS, readLayerValue } from './layer-values.js';
import * as msg from './messages.js';
import { closest } from './suggest.js';
import { type MapEntry, type MapNode, type TreeNode, findEntry, isNull } from './tree.js';

const DEFAULT_BACKOFF = defaultScenario().client.backoff;

/** `client.layers`: every layer read, or undefined when any has an issue (each reported). */
export function readLayers(node: TreeNode, spec: k.Spec): Layer[] | undefined {
  if (isNull(node)) return [];
  if (node.kind === 'scalar' && node.value === 'none') return [];
  if (node.kind !== 'list') {
    spec.issues.push(issueAt(node.pos, spec.path, msg.wrongType(spec.path, node, spec.hint)));
    return undefined;
  }
  const over = node.items[MAX_LAYERS];
  if (over !== undefined) {
    spec.issues.push(issueAt(over.pos, spec.path, msg.tooManyLayers(spec.path, node.items.length, MAX_LAYERS)));
    return undefined;
  }
  const layers = node.items.map((item, i) => readLayer(item, `${spec.path}[${i}]`, spec.issues));
  return layers.every((layer) => layer !== undefined) ? (layers as Layer[]) : undefined;
}

function readLayer(node: TreeNode, path: string, issues: Issue[]): Layer | undefined {
  if (node.kind !== 'map') {
    const problem = isNull(node)
      ? msg.emptyItem(path, msg.hint('layer'))
      : msg.wrongType(path, node, msg.hint('layer'));
    issues.push(issueAt(node.pos, path, problem));
    return undefined;
  }
  const before = issues.length;
  checkMembers(node, path, issues);
  // A misspelt member (`retires`) is reported once, as unknown, not again as missing.
  const clean = issues.length === before;
  // A member not written takes `absent`: the preset's value, else the layer default.
  const member = (key: string, absent: unknown): unknown => {
    const entry = findEntry(node, key);
    return entry === undefined ? absent : readLayerValue(key, entry.value, `${path}.${key}`, issues);
  };
  const preset = member('preset', 'none') as PresetName | 'none' | undefined;
  const filled = preset === undefined || preset === 'none' ? undefined : PRESETS[preset].client;
  const retries = member('retries', filled?.retries);
  if (clean && findEntry(node, 'retries') === undefined && filled?.retries === undefined && preset !== undefined) {
    issues.push(issueAt(node.pos, path, msg.layerNeedsRetries(path, preset === 'none' ? undefined : preset)));
  }
  const retryConflicts = member('retryConflicts', filled?.retryConflicts ?? true);
  const backoff = readBackoff(findEntry(node, 'backoff'), `${path}.backoff`, issues, filled?.backoff);
  const timeout = member('timeout', filled?.timeout ?? 'none');
  const deadline = member('deadline', filled?.deadline ?? 'none');
  const newCall = member('newCall', false);
  if (issues.length > before) return undefined;
  return {
    preset: preset ?? 'none',
    retries: retries as number,
    retryConflicts: retryConflicts as boolean,
    backoff: backoff as Layer['backoff'],
    timeout: timeout as Layer['timeout'],
    deadline: deadline as Layer['deadline'],
    newCall: newCall as boolean,
  };
}

/** Unknown members, with the client's own mechanisms named as such. */
function checkMembers(node: MapNode, path: string, issues: Issue[]): void {
  const names = Object.keys(LAYER_MEMBERS);
  for (const entry of node.entries) {
    if (names.includes(entry.key)) continue;
    const problem =
      entry.key === 'hedge' || entry.key === 'throttle' || entry.key === 'budget'
        ? msg.clientOnlyInLayer(path, entry.key)
        : msg.unknownKey(path, entry.key, closest(entry.key, names), names);
    issues.push(issueAt(entry.keyPos, `${path}.${entry.key}`, problem));
  }
}

type Backoff = Layer['backoff'];
type PresetBackoff = Partial<Omit<Backoff, 'jitter'>> & { jitter?: JitterSpec };

/** `backoff`: the members written, then the preset's, then the client's defaults. */
function readBackoff(
  entry: MapEntry | undefined,
  path: string,
  issues: Issue[],
  preset: PresetBackoff | undefined,
): Backoff | undefined {
  const out: Backoff = { ...DEFAULT_BACKOFF, ...(preset ?? {}) } as Backoff;
  if (entry === undefined) return out;
  const node = entry.value;
  if (node.kind !== 'map') {
    issues.push(issueAt(node.pos, path, msg.wrongType(path, node, msg.hint('layer-backoff'))));
    return undefined;
  }
  let failed = false;
  for (const member of node.entries) {
    const at = `${path}.${member.key}`;
    if (!BACKOFF_MEMBERS.includes(member.key)) {
      const near = closest(member.key, BACKOFF_MEMBERS);
      issues.push(issueAt(member.keyPos, at, msg.unknownKey(path, member.key, near, BACKOFF_MEMBERS)));
      failed = true;
      continue;
    }
    const value = readLayerValue(`backoff.${member.key}`, member.value, at, issues);
    if (value === undefined) failed = true;
    else (out as unknown as Record<string, unknown>)[member.key] = value;
  }
  return failed ? undefined : out;
}
