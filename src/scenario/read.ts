// Reading one field that holds a single value (a duration, a probability, a word...) from
// its node, by the field table's kind, bounds and words. The validator reads every such
// field with it, and a sweep reads each value it varies with it.
import type { Field, FieldKind } from '../model/fields.js';
import type { Issue } from './issues.js';
import * as k from './kinds.js';
import { mapExample } from './map-or-none.js';
import * as msg from './messages.js';
import { written } from './serialize.js';
import type { TreeNode } from './tree.js';

/** Field kinds whose value is one scalar, and their readers. */
export const SCALAR_READERS = {
  duration: k.readDuration,
  size: k.readSize,
  probability: k.readProbability,
  integer: k.readInteger,
  number: k.readNumber,
  enum: k.readEnum,
  boolean: k.readBoolean,
  string: k.readString,
  seed: k.readSeed,
  'concurrency-or-unlimited': k.wordOr('unlimited', k.readInteger),
  'duration-or-none': k.wordOr('none', k.readDuration),
} as const satisfies Partial<Record<FieldKind, k.Reader<unknown>>>;
export type ScalarKind = keyof typeof SCALAR_READERS;

export function isScalar(field: Field): field is Field & { kind: ScalarKind } {
  return Object.hasOwn(SCALAR_READERS, field.kind);
}

/** What to write in `field`, for a wrong type: its kind's hint, or a whole example of its map. */
export function fieldHint(field: Field): string {
  if (field.kind === 'map-or-none') return `none, or a map such as ${mapExample(field)}`;
  return msg.hint(field.kind, field.values);
}

/** What a reader of `field` needs: its path, bounds, words, and how to explain a fix. */
export function fieldSpec(field: Field, issues: Issue[]): k.Spec {
  return {
    path: field.path,
    issues,
    hint: fieldHint(field),
    example: exampleOf(field),
    bounds: field.bounds,
    values: field.values,
  };
}

/** A scalar field's value, or undefined (the issue is in `issues`). */
export function readScalar(field: Field & { kind: ScalarKind }, node: TreeNode, issues: Issue[]): unknown {
  return SCALAR_READERS[field.kind](node, fieldSpec(field, issues));
}

/** Examples for fields whose default is a word rather than a value in range. */
const WORD_DEFAULT_EXAMPLE: Readonly<Record<string, string>> = { unlimited: '8', none: '30s' };

/** A valid value as written in a file, for "such as ..." in messages. */
export function exampleOf(field: Field): string {
  const value = written(field, field.default);
  if (typeof value === 'string' && Object.hasOwn(WORD_DEFAULT_EXAMPLE, value)) {
    return WORD_DEFAULT_EXAMPLE[value] as string;
  }
  return `${String(value)} (the default)`;
}
