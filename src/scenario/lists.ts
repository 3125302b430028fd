// The two list fields of MODEL.md B, changing conditions: `arrivals.profile`, steps `{ until, rate }`
// with `until` strictly increasing, and `incidents`, windows `{ at, for, ... }` that each
// name an effect. An empty list (or `profile:` with nothing after it) is none. Items are
// named `arrivals.profile[0]`, counting from 0, in messages.
import { memberEntries } from './compound.js';
import type { Field, Member } from '../model/fields.js';
import { type Pos, issueAt } from './issues.js';
import { type Spec, readerOf } from './kinds.js';
import { INCIDENT_EFFECTS, requiredOf } from '../model/field-members.js';
import { LIMITS } from '../model/limits.js';
import * as msg from './messages.js';
import { type MapEntry, type TreeNode, isNull } from './tree.js';
import type { Incident, ProfileStep } from '../model/scenario.js';

/** One item whose members all read: where it and each member were written, and their values. */
interface Item {
  path: string;
  pos: Pos;
  entries: ReadonlyMap<string, MapEntry>;
  values: ReadonlyMap<string, number>;
}

/** One item, member by member; undefined when any issue was found (reported in spec.issues). */
function readItem(node: TreeNode, spec: Spec, members: Readonly<Record<string, Member>>): Item | undefined {
  const { path, hint } = spec;
  if (node.kind !== 'map') {
    const problem = isNull(node) ? msg.emptyItem(path, hint) : msg.wrongType(path, node, hint);
    spec.issues.push(issueAt(node.pos, path, problem));
    return undefined;
  }
  const read = memberEntries(node, spec, Object.keys(members));
  if (read === undefined) return undefined;
  const entries = new Map(read.entries.map((entry) => [entry.key, entry]));
  const values = new Map<string, number>();
  let failed = !read.clean;
  for (const [key, { value }] of entries) {
    const { kind, bounds, example = '1' } = members[key] as Member;
    const at = `${path}.${key}`;
    const n = readerOf(kind)(value, { path: at, issues: spec.issues, hint: msg.hint(kind), example, bounds });
    if (n === undefined) failed = true;
    else values.set(key, n);
  }
  // A misspelt member is reported once, as unknown, not again as missing.
  const missing = requiredOf(members).filter((key) => !entries.has(key));
  if (read.clean && missing.length > 0) {
    spec.issues.push(issueAt(node.pos, path, msg.missingMember(path, missing, hint)));
    failed = true;
  }
  return failed ? undefined : { path, pos: node.pos, entries, values };
}

/**
 * Each item of the list, undefined where it has an issue; undefined as a whole when the
 * node is no list or too long. `itemKind` names the item's hint (`profile-step`).
 */
function readItems(node: TreeNode, spec: Spec, field: Field, itemKind: string): (Item | undefined)[] | undefined {
  if (isNull(node)) return [];
  if (node.kind !== 'list') {
    spec.issues.push(issueAt(node.pos, spec.path, msg.wrongType(spec.path, node, spec.hint)));
    return undefined;
  }
  const over = node.items[LIMITS.maxListItems];
  if (over !== undefined) {
    spec.issues.push(issueAt(over.pos, spec.path, msg.tooManyItems(spec.path, node.items.length)));
    return undefined;
  }
  const hint = msg.hint(itemKind);
  return node.items.map((item, i) => readItem(item, { ...spec, path: `${spec.path}[${i}]`, hint }, field.items ?? {}));
}

const complete = <T>(items: readonly (T | undefined)[]): items is T[] => items.every((item) => item !== undefined);

/** A member's number and its text as written (for messages). */
const until = (item: Item): number => item.values.get('until') as number;
const untilText = (item: Item): string => {
  const value = item.entries.get('until')?.value;
  return value?.kind === 'scalar' ? value.source : '';
};

/** `arrivals.profile`: every step read, and each `until` later than the one before. */
export function readProfile(node: TreeNode, spec: Spec, field: Field): ProfileStep[] | undefined {
  const items = readItems(node, spec, field, 'profile-step');
  if (items === undefined) return undefined;
  let ordered = true;
  for (const [i, item] of items.entries()) {
    const previous = items[i - 1];
    // A step whose own `until` is bad was reported already; nothing to compare it with.
    if (item === undefined || previous === undefined || until(item) > until(previous)) continue;
    const at = `${item.path}.until`;
    const pos = (item.entries.get('until') as MapEntry).value.pos;
    spec.issues.push(issueAt(pos, at, msg.notIncreasing(at, untilText(item), untilText(previous))));
    ordered = false;
  }
  if (!ordered || !complete(items)) return undefined;
  return items.map((item) => ({ until: until(item), rate: item.values.get('rate') as number }));
}

/** `incidents`: every window read, each naming at least one effect; members in the table's order. */
export function readIncidents(node: TreeNode, spec: Spec, field: Field): Incident[] | undefined {
  const items = readItems(node, spec, field, 'incident');
  if (items === undefined) return undefined;
  const incidents = items.map((item): Incident | undefined => {
    if (item === undefined) return undefined;
    if (!INCIDENT_EFFECTS.some((key) => item.values.has(key))) {
      spec.issues.push(issueAt(item.pos, item.path, msg.emptyIncident(item.path, INCIDENT_EFFECTS)));
      return undefined;
    }
    const incident: Incident = { at: item.values.get('at') as number, for: item.values.get('for') as number };
    const effects = incident as unknown as Record<string, number>;
    for (const key of INCIDENT_EFFECTS) {
      const value = item.values.get(key);
      if (value !== undefined) effects[key] = value;
    }
    return incident;
  });
  return complete(incidents) ? incidents : undefined;
}
