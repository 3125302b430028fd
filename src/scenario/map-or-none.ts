// `client.throttle`, `client.budget` and `client.hedge` (MODEL.md D, real clients): the word
// `none`, or a map of the field's members in which a missing member takes its documented
// default. A member without a default (a hedge's `after`) must be written. An empty value
// (`throttle:` with nothing after it) is refused rather than guessed at: it could mean the
// mechanism off or on with every default.
import { memberEntries, readMembers } from './compound.js';
import type { Field, Member } from '../model/field-types.js';
import { issueAt } from './issues.js';
import type { Spec } from './kinds.js';
import * as msg from './messages.js';
import type { TreeNode } from './tree.js';
import { durationLiteral } from './units.js';

/** A member's value as a file writes it: a duration with its unit, a number plainly. */
export function memberText(member: Member, value: number): string {
  return member.kind === 'duration' ? durationLiteral(value) : String(value);
}

/** A whole valid map as a file writes it, `{ after: 500ms, max: 2 }`: the field's example. */
export function mapExample(field: Field): string {
  const members = field.members ?? {};
  const example = (field.example ?? {}) as Record<string, number>;
  const parts = Object.entries(example).map(([key, value]) => {
    const member = members[key];
    return `${key}: ${member === undefined ? String(value) : memberText(member, value)}`;
  });
  return `{ ${parts.join(', ')} }`;
}

export function readMapOrNone(node: TreeNode, spec: Spec, field: Field): Record<string, number> | 'none' | undefined {
  if (node.kind === 'scalar' && node.value === 'none') return 'none';
  if (node.kind !== 'map') {
    spec.issues.push(issueAt(node.pos, spec.path, msg.wrongType(spec.path, node, spec.hint)));
    return undefined;
  }
  const members = field.members ?? {};
  const names = Object.keys(members);
  const read = memberEntries(node, spec, names);
  if (read === undefined) return undefined;
  const examples = Object.fromEntries(
    Object.entries(members).map(([key, member]) => [
      key,
      member.example ?? (member.default === undefined ? '1' : memberText(member, member.default)),
    ]),
  );
  const { values, failed } = readMembers(read.entries, spec, members, examples);
  // Checked on the keys written, so that a member out of range does not hide a missing one;
  // a misspelt member is reported once, as unknown, not again as missing.
  const written = new Set(read.entries.map((entry) => entry.key));
  const missing = names.filter((key) => members[key]?.required === true && !written.has(key));
  if (missing.length > 0 && read.clean)
    spec.issues.push(issueAt(node.pos, spec.path, msg.mapMissing(spec.path, missing, mapExample(field))));
  if (failed || !read.clean || missing.length > 0) return undefined;
  return Object.fromEntries(names.map((key) => [key, values.get(key) ?? (members[key]?.default as number)]));
}
