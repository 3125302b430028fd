// Questions asked of the field table: the row at a path, the keys of a group, and whether a
// field is off (an optional field at its default), which decides what each copy leaves out.
import { type Field, valueAtKeys } from './field-types.js';
import { FIELDS, GROUPS } from './fields.js';
import type { Scenario } from './scenario.js';

const BY_PATH = new Map(FIELDS.map((field) => [field.path, field]));

export function fieldAt(path: string): Field | undefined {
  return BY_PATH.get(path);
}

export function isGroup(path: string): boolean {
  return path === '' || Object.hasOwn(GROUPS, path);
}

/** The keys a group may hold, in table order (`''` is the top level). */
export function childrenOf(group: string): string[] {
  const prefix = group === '' ? '' : `${group}.`;
  const children = new Set<string>();
  for (const field of FIELDS) {
    if (field.path.startsWith(prefix)) children.add(field.path.slice(prefix.length).split('.')[0] as string);
  }
  return [...children];
}

/** Every field of the group is optional: a copy writes the group whole or not at all (`service.crash`). */
export function isOptionalGroup(group: string): boolean {
  return FIELDS.filter((field) => field.path.startsWith(`${group}.`)).every((field) => field.optional === true);
}

const OPTIONAL = FIELDS.filter((f) => f.optional === true).map((field) => ({ field, keys: field.path.split('.') }));
/** Each optional field's default as JSON, to compare a map or a list with. */
const OFF_TEXT = new Map(OPTIONAL.map(({ field }) => [field, JSON.stringify(field.default)]));

/** An optional field at its default: the feature it stands for is off. */
export function isOff(field: Field, value: unknown): boolean {
  const off = OFF_TEXT.get(field);
  if (off === undefined) return false;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) === off : value === field.default;
}

/** The optional fields that differ from their default, in table order. */
export function optionalFieldsOn(scenario: Scenario): Field[] {
  return OPTIONAL.filter(({ field, keys }) => !isOff(field, valueAtKeys(scenario, keys))).map(({ field }) => field);
}
