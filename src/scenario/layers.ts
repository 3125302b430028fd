// `client.layers` (MODEL.md E, retry layers): outer retry loops around the client, innermost
// first, each a map of `preset`, `retries`, `backoff`, `timeout`, `deadline` and `newCall`. A
// layer's preset fills the members the layer does not write; what neither writes takes the
// layer defaults (no timeout, no deadline, the same call id; `backoff` as the client's
// defaults). A layer is a retry loop: it has no hedge, throttle, budget or key of its own, and
// a preset that brings one of those is a client, not a layer.
import { PRESETS } from '../presets/presets.js';
import { LAYER_MEMBERS, LAYER_PRESETS, MAX_LAYERS } from '../model/layers.js';
import { defaultScenario, type JitterSpec, type Layer } from '../model/scenario.js';
import { isPresetName, type PresetName } from '../model/presets.js';
import { type Issue, issueAt } from './issues.js';
import * as k from './kinds.js';
import { readJitter } from './jitter.js';
import * as msg from './messages.js';
import { closest } from './suggest.js';
import { type MapEntry, type MapNode, type TreeNode, findEntry, isNull } from './tree.js';

const BACKOFF_MEMBERS = ['base', 'multiplier', 'max', 'jitter', 'floor'] as const;
const DEFAULT_BACKOFF = defaultScenario().client.backoff;
const JITTER_WORDS = ['none', 'full', 'equal', 'decorrelated'];

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
    const problem = isNull(node) ? msg.emptyItem(path, msg.hint('layer')) : msg.wrongType(path, node, msg.hint('layer'));
    issues.push(issueAt(node.pos, path, problem));
    return undefined;
  }
  const before = issues.length;
  checkMembers(node, path, issues);
  const at = (key: string): MapEntry | undefined => findEntry(node, key);
  const spec = (key: string, hint: string, example: string, extra: Partial<k.Spec> = {}): k.Spec => ({
    path: `${path}.${key}`,
    issues,
    hint,
    example,
    ...extra,
  });
  const preset = readPreset(at('preset'), spec('preset', msg.hint('enum', LAYER_PRESETS), 'langgraph'));
  const filled = preset === undefined || preset === 'none' ? undefined : PRESETS[preset].client;
  const retriesEntry = at('retries');
  const retries =
    retriesEntry === undefined
      ? filled?.retries
      : k.readInteger(retriesEntry.value, spec('retries', msg.hint('integer'), '2', { bounds: { min: 0, max: LAYER_MEMBERS['retries']?.max } }));
  if (retriesEntry === undefined && filled?.retries === undefined && preset !== undefined) {
    issues.push(issueAt(node.pos, path, msg.layerNeedsRetries(path, preset === 'none' ? undefined : preset)));
  }
  const backoff = readBackoff(at('backoff'), `${path}.backoff`, issues, filled?.backoff);
  const timeout = readOrNone(at('timeout'), spec('timeout', msg.hint('duration-or-none'), '30s'), filled?.timeout);
  const deadline = readOrNone(at('deadline'), spec('deadline', msg.hint('duration-or-none'), '5m'), filled?.deadline);
  const newCallEntry = at('newCall');
  const newCall =
    newCallEntry === undefined ? false : k.readBoolean(newCallEntry.value, spec('newCall', msg.hint('boolean'), 'true'));
  if (issues.length > before) return undefined;
  return {
    preset: preset ?? 'none',
    retries: retries as number,
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

/** A layer's preset: a retry loop's (no throttle, budget or key of its own); absent: undefined-but-valid ('none'). */
function readPreset(entry: MapEntry | undefined, spec: k.Spec): PresetName | 'none' | undefined {
  if (entry === undefined) return 'none';
  const word = k.readEnum(entry.value, { ...spec, values: ['none', ...(LAYER_PRESETS as readonly string[])] });
  if (word !== undefined) return word as PresetName | 'none';
  // A real preset that is a client with mechanisms a layer cannot have: say which, not just "bad word".
  const value = entry.value.kind === 'scalar' ? entry.value.value : undefined;
  if (isPresetName(value)) {
    spec.issues.pop();
    spec.issues.push(issueAt(entry.value.pos, spec.path, msg.clientPresetInLayer(spec.path, value)));
  }
  return undefined;
}

function readOrNone(entry: MapEntry | undefined, spec: k.Spec, fallback: number | undefined): number | 'none' | undefined {
  if (entry === undefined) return fallback ?? 'none';
  const read = k.wordOr('none', k.readDuration)(entry.value, { ...spec, bounds: { min: 0, minExclusive: true } });
  return read as number | 'none' | undefined;
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
    const spec: k.Spec = { path: at, issues, hint: '', example: '' };
    let value: unknown;
    switch (member.key) {
      case 'base':
      case 'max':
      case 'floor':
        value = k.readDuration(member.value, { ...spec, hint: msg.hint('duration'), example: '500ms', bounds: { min: 0 } });
        break;
      case 'multiplier':
        value = k.readNumber(member.value, { ...spec, hint: msg.hint('number'), example: '2', bounds: { min: 0 } });
        break;
      case 'jitter':
        value = readJitter(member.value, { ...spec, hint: msg.hint('jitter', JITTER_WORDS), example: 'full', values: JITTER_WORDS });
        break;
      default: {
        const names = BACKOFF_MEMBERS as readonly string[];
        issues.push(issueAt(member.keyPos, at, msg.unknownKey(path, member.key, closest(member.key, names), names)));
        failed = true;
        continue;
      }
    }
    if (value === undefined) failed = true;
    else (out as unknown as Record<string, unknown>)[member.key] = value;
  }
  return failed ? undefined : out;
}
