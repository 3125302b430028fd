// Tree -> Scenario, driven by the field table: first every map is checked for unknown keys,
// then each field present is read by its kind, then a preset fills the client fields not
// written and the client block is checked whole. Every issue is collected; none hides another.
import { type Latency, readLatency, readRange } from './compound.js';
import { defaultScenario } from '../model/scenario.js';
import { readExpect } from './expect.js';
import { readJitter } from './jitter.js';
import { readIncidents, readProfile } from './lists.js';
import { readLayers } from './layers.js';
import { readMapOrNone } from './map-or-none.js';
import { checkHedge, fillFromPreset } from './preset.js';
import { checkRunTime } from './time-span.js';
import { readSweep } from './sweep.js';
import { FIELDS, GROUPS, type Field, type FieldKind, setValueAt } from '../model/fields.js';
import { childrenOf, fieldAt, isGroup } from '../model/field-lookup.js';
import { type Issue, issueAt } from './issues.js';
import * as k from './kinds.js';
import * as msg from './messages.js';
import { SCALAR_READERS, fieldSpec } from './read.js';
import { closest } from './suggest.js';
import { type MapNode, type TreeNode, isNull, nodeAt } from './tree.js';
import type { Range, Scenario } from '../model/scenario.js';

type FieldReader = (node: TreeNode, spec: k.Spec, field: Field) => unknown;

const READERS: Readonly<Record<FieldKind, FieldReader>> = {
  ...SCALAR_READERS,
  'range-of-durations': (node, spec, field) => readRange(node, spec, field.members ?? {}, field.default as Range),
  latency: (node, spec, field) => readLatency(node, spec, field.members ?? {}, field.default as Latency),
  jitter: readJitter,
  'map-or-none': readMapOrNone,
  profile: readProfile,
  incidents: readIncidents,
  layers: readLayers,
  expect: readExpect,
  sweep: readSweep,
};

/**
 * The Scenario the tree describes, or undefined when any issue was found. `preset: false`
 * reads a scenario already resolved (a report's copy): its preset has filled it once, and a
 * field left out there is at its default, not waiting for the preset.
 */
export function validate(
  root: MapNode,
  defaultName: string,
  issues: Issue[],
  { preset = true }: { preset?: boolean } = {},
): Scenario | undefined {
  const before = issues.length;
  checkKeys(root, '', issues);
  const scenario = defaultScenario();
  scenario.name = defaultName;
  const failed = new Set<string>();
  for (const field of FIELDS) {
    const node = nodeAt(root, field.path.split('.'));
    if (node === undefined) continue;
    const value = READERS[field.kind](node, fieldSpec(field, issues), field);
    if (value !== undefined) setValueAt(scenario, field.path, value);
    else failed.add(field.path);
  }
  if (preset) fillFromPreset(root, scenario);
  checkHedge(root, scenario, failed, issues);
  if (issues.length === before) checkRunTime(root, scenario, issues);
  return issues.length === before ? scenario : undefined;
}

const join = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);

/** Unknown keys and non-map groups, all the way down; an empty group (`agent:`) is fine. */
function checkKeys(map: MapNode, parent: string, issues: Issue[]): void {
  for (const { key, keyPos, value } of map.entries) {
    const path = join(parent, key);
    if (key === '<<') issues.push(issueAt(keyPos, path, msg.mergeKey()));
    // An empty key at the top level joins to '', the top level's own path: not a group.
    else if (key !== '' && isGroup(path)) checkGroup(value, path, issues);
    else if (fieldAt(path) === undefined) {
      const valid = childrenOf(parent);
      issues.push(issueAt(keyPos, path, msg.unknownKey(parent, key, suggestKey(key, parent), valid)));
    }
  }
}

function checkGroup(node: TreeNode, path: string, issues: Issue[]): void {
  if (node.kind === 'map') checkKeys(node, path, issues);
  else if (!isNull(node))
    issues.push(issueAt(node.pos, path, msg.wrongType(path, node, msg.hint('group', childrenOf(path)))));
}

const KNOWN_PATHS = [...FIELDS.map((field) => field.path), ...Object.keys(GROUPS)];

/** A close sibling, else a field of that name elsewhere (`timeout` -> `client.timeout`). */
export function suggestKey(key: string, parent: string): string | undefined {
  const sibling = closest(key, childrenOf(parent));
  if (sibling !== undefined) return sibling;
  const lower = key.toLowerCase();
  return KNOWN_PATHS.find((path) => path.split('.').pop()?.toLowerCase() === lower && path !== join(parent, key));
}
