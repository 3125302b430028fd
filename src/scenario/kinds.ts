// Reading one scalar value of each kind: the input forms of MODEL.md (units, percentages,
// integral floats), then the value's range. A reader reports its own issues and returns
// undefined when the value cannot be used.
import type { Bounds, Member } from '../model/fields.js';
import { type Issue, type Problem, issueAt } from './issues.js';
import * as msg from './messages.js';
import { closest } from './suggest.js';
import type { ScalarNode, TreeNode } from './tree.js';
import { DURATION_UNITS, PERCENT_UNITS, SIZE_UNITS, type UnitTable, parseQuantity } from './units.js';

/** What a reader needs besides the node: where it is, what is valid, how to explain a fix. */
export interface Spec {
  path: string;
  issues: Issue[];
  /** What to write, for a wrong type: e.g. `a duration such as 250ms ...`. */
  hint: string;
  /** A valid value as the user would write it (usually the default), for range messages. */
  example: string;
  bounds?: Bounds;
  values?: readonly string[];
}

export type Reader<T> = (node: TreeNode, spec: Spec) => T | undefined;

function fail(node: TreeNode, spec: Spec, problem: Problem): undefined {
  spec.issues.push(issueAt(node.pos, spec.path, problem));
  return undefined;
}

/** The value as written, for messages: `"1.5 S"` (a string, quoted), `.inf`, `-1`. */
const written = (node: ScalarNode): string => (typeof node.value === 'string' ? msg.show(node.value) : node.source);

/** A finite number within the safe range, -0 made 0. */
function finite(value: number, node: ScalarNode, spec: Spec): number | undefined {
  if (!Number.isFinite(value)) return fail(node, spec, msg.notFinite(spec.path, written(node), spec.hint));
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return fail(node, spec, msg.unsafeNumber(spec.path, written(node)));
  return value + 0;
}

function inBounds(value: number, node: ScalarNode, spec: Spec): number | undefined {
  const { min, max, minExclusive = false, orZero = false } = spec.bounds ?? {};
  if (orZero && value === 0) return 0;
  const low = min === undefined || (minExclusive ? value > min : value >= min);
  const high = max === undefined || value <= max;
  if (low && high) return value;
  return fail(node, spec, msg.outOfRange(spec.path, written(node), msg.rangeText(spec.bounds ?? {}), spec.example));
}

/** A number, or a string `<number><unit>` with a unit from `units`. */
function quantity(units: UnitTable, kind: msg.UnitKind): Reader<number> {
  return (node, spec) => {
    if (node.kind !== 'scalar') return fail(node, spec, msg.wrongType(spec.path, node, spec.hint));
    const { value } = node;
    if (typeof value === 'number') {
      const n = finite(value, node, spec);
      return n === undefined ? undefined : inBounds(n, node, spec);
    }
    if (typeof value !== 'string') return fail(node, spec, msg.wrongType(spec.path, node, spec.hint));
    const q = parseQuantity(value, units);
    switch (q.kind) {
      case 'ok': {
        const n = finite(q.value, node, spec);
        return n === undefined ? undefined : inBounds(n, node, spec);
      }
      case 'no-unit':
        return fail(node, spec, msg.missingUnit(spec.path, q.number, kind));
      case 'unknown-unit': {
        const fixed =
          q.suggestion === undefined ? undefined : value.slice(0, value.length - q.unit.length) + q.suggestion;
        return fail(node, spec, msg.badUnit(spec.path, value, q.unit, fixed, Object.keys(units)));
      }
      case 'not-a-quantity':
        return fail(node, spec, msg.wrongType(spec.path, node, spec.hint));
    }
  };
}

export const readDuration = quantity(DURATION_UNITS, 'duration');
export const readSize = quantity(SIZE_UNITS, 'size');
/** A number in [0, 1] or a percentage string `2%` (the bounds come from the spec). */
export const readProbability = quantity(PERCENT_UNITS, 'probability');

/** A plain number (no unit form). */
export const readNumber: Reader<number> = (node, spec) => {
  if (node.kind !== 'scalar' || typeof node.value !== 'number') {
    return fail(node, spec, msg.wrongType(spec.path, node, spec.hint));
  }
  const n = finite(node.value, node, spec);
  return n === undefined ? undefined : inBounds(n, node, spec);
};

/** A whole number; an integral float such as 3.0 counts. */
export const readInteger: Reader<number> = (node, spec) => {
  if (node.kind !== 'scalar' || typeof node.value !== 'number') {
    return fail(node, spec, msg.wrongType(spec.path, node, spec.hint));
  }
  const n = finite(node.value, node, spec);
  if (n === undefined) return undefined;
  if (!Number.isInteger(n)) return fail(node, spec, msg.notInteger(spec.path, written(node), spec.example));
  return inBounds(n, node, spec);
};

export const readEnum: Reader<string> = (node, spec) => {
  const values = spec.values ?? [];
  if (node.kind === 'scalar' && typeof node.value === 'string' && values.includes(node.value)) return node.value;
  const suggestion = node.kind === 'scalar' && node.value !== null ? closest(String(node.value), values) : undefined;
  return fail(node, spec, msg.badEnum(spec.path, node, values, suggestion));
};

export const readBoolean: Reader<boolean> = (node, spec) => {
  if (node.kind === 'scalar' && typeof node.value === 'boolean') return node.value;
  return fail(node, spec, msg.wrongType(spec.path, node, spec.hint));
};

/**
 * The longest a text field may be, in characters: a name heads tables, chart legends and
 * file names; a description is a paragraph of a report.
 */
export const TEXT_LIMITS: Readonly<Record<string, number>> = { name: 200, description: 5000, seed: 200 };
export const TEXT_LIMIT = 200;

/**
 * C0 and C1 controls, DEL, the Unicode line and paragraph separators, the bidirectional
 * embeddings, overrides and isolates (U+202A-202E, U+2066-2069: they reorder what a reader
 * sees, "evil\u202egnp.exe" shows as "evilexe.png") and the noncharacters U+FFFE and
 * U+FFFF: none is text, and each breaks a terminal, XML or a CSV cell.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]/;
/** The schema's pattern for the same rule (JSON Schema's regular expressions take \uXXXX). */
export const TEXT_PATTERN =
  '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ufffe\\uffff]*$';
export const PARAGRAPH_PATTERN =
  '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ufffe\\uffff]*$';
/** The same, less the line break and tab a paragraph may hold. */
const CONTROL_BUT_BREAKS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]/;

/** Text: no control character (a description may break lines), and not too long. */
function text(value: string, node: ScalarNode, spec: Spec): string | undefined {
  const breaks = spec.path === 'description';
  const bad = (breaks ? CONTROL_BUT_BREAKS : CONTROL).exec(value);
  if (bad !== null)
    return fail(node, spec, msg.controlCharacter(spec.path, bad.index, value.charCodeAt(bad.index), breaks));
  const max = TEXT_LIMITS[spec.path] ?? TEXT_LIMIT;
  // Characters as a person (and JSON Schema's maxLength) counts them: code points.
  const length = [...value].length;
  if (length > max) return fail(node, spec, msg.tooLong(spec.path, length, max));
  return value;
}

export const readString: Reader<string> = (node, spec) => {
  if (node.kind === 'scalar' && typeof node.value === 'string') return text(node.value, node, spec);
  return fail(node, spec, msg.wrongType(spec.path, node, spec.hint));
};

/** A whole number or any string. */
export const readSeed: Reader<number | string> = (node, spec) => {
  if (node.kind === 'scalar' && typeof node.value === 'string') return text(node.value, node, spec);
  return readInteger(node, spec);
};

/** A word (`unlimited`, `none`), or else a value of the given reader. */
export function wordOr<T>(word: string, reader: Reader<T>): Reader<T | string> {
  return (node, spec) => (node.kind === 'scalar' && node.value === word ? word : reader(node, spec));
}

/** The reader of a member of a compound field or of a list item, by its kind. */
export function readerOf(kind: Member['kind']): Reader<number> {
  return { duration: readDuration, number: readNumber, integer: readInteger, probability: readProbability }[kind];
}
