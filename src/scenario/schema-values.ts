// The value forms of the JSON Schema: numbers with their bounds, and the strings with a
// unit the loader reads (`1.5s`, `36MB`, `2%`) as patterns, each a shared definition made
// on first use. What a pattern cannot check (an exponent's size) is left to the loader.
import type { Bounds } from '../model/fields.js';
import { DURATION_UNITS, PERCENT_UNITS, SIZE_UNITS, type UnitTable } from './units.js';

export type JsonSchema = { [key: string]: unknown };

const SAFE = Number.MAX_SAFE_INTEGER;

// Number text as the loader reads it (units.ts QUANTITY): digits with an optional point,
// an optional exponent, optional spaces, then the unit.
const MANTISSA = String.raw`(?:\d+(?:\.\d*)?|\.\d+)`;
const ZERO = String.raw`(?:0+(?:\.0*)?|\.0+)`;
/** A mantissa with a non-zero digit: lookahead over digits and the point only. */
const NON_ZERO = String.raw`(?=[0-9.]*[1-9])${MANTISSA}`;
const EXPONENT = String.raw`(?:[eE][+-]?\d+)?`;
/** 0 to 100 without an exponent, leading zeros allowed: `2`, `100`, `007.5`, `.5`. */
const UP_TO_100 = String.raw`0*(?:100(?:\.0*)?|\d{1,2}(?:\.\d*)?|\.\d+)`;

const escape = (unit: string): string => unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function unitsOf(units: UnitTable): string {
  const names = Object.keys(units).map(escape);
  return names.length === 1 ? (names[0] as string) : `(?:${names.join('|')})`;
}

/** A string `<number><unit>` whose number is > 0 (`minExclusive`) or >= 0. */
function quantityPattern(units: UnitTable, bounds: Bounds): string {
  const unit = unitsOf(units);
  // -0 reads as 0, so a minus sign is fine on a zero.
  const number = bounds.minExclusive === true ? String.raw`\+?${NON_ZERO}` : String.raw`(?:\+?${MANTISSA}|-${ZERO})`;
  return String.raw`^${number}${EXPONENT} *${unit}$`;
}

/** `0%` to `100%`; with an exponent only the sign is checked (see the header). */
const PERCENT_PATTERN =
  String.raw`^(?:\+?${UP_TO_100}|-${ZERO}|(?:\+?${MANTISSA}|-${ZERO})[eE][+-]?\d+) *` + `${unitsOf(PERCENT_UNITS)}$`;

/** The numeric keywords of bounds; every number the loader takes is within 2^53 - 1. */
export function numberBounds(bounds: Bounds = {}): JsonSchema {
  if (bounds.orZero === true) return { anyOf: [{ const: 0 }, numberBounds({ ...bounds, orZero: false })] };
  const out: JsonSchema = {};
  if (bounds.min === undefined) out.minimum = -SAFE;
  else if (bounds.minExclusive === true) out.exclusiveMinimum = bounds.min;
  else out.minimum = bounds.min;
  out.maximum = bounds.max ?? SAFE;
  return out;
}

const UNIT_TEXT = {
  duration: 'Duration: a number is milliseconds; a string takes a unit: ms, s, m, h, d (1.5s, 2m).',
  size: 'Size: a number is bytes; a string takes a unit: B, KB, MB, GB (powers of 1000), KiB, MiB, GiB.',
  probability: 'Probability: a number from 0 to 1, or a percentage string such as 2%.',
} as const;

/** Shared value forms under `definitions`, each made on first use, in order of use. */
export class Definitions {
  readonly all: Record<string, JsonSchema> = {};

  ref(name: string, make: () => JsonSchema): JsonSchema {
    if (!Object.hasOwn(this.all, name)) this.all[name] = make();
    return { $ref: `#/definitions/${name}` };
  }
}

/**
 * A number or a `<number><unit>` string, `> 0` or `>= 0`: the only bounds a pattern can
 * carry exactly, so another bound on a duration or size fails here rather than drift.
 */
function quantity(defs: Definitions, kind: 'duration' | 'size', units: UnitTable, bounds: Bounds): JsonSchema {
  if (bounds.min !== 0 || bounds.max !== undefined) {
    throw new Error(`no string pattern for a ${kind} bounded by ${JSON.stringify(bounds)}`);
  }
  return defs.ref(bounds.minExclusive === true ? `positive-${kind}` : kind, () => ({
    description: UNIT_TEXT[kind],
    anyOf: [
      { type: 'number', ...numberBounds(bounds) },
      { type: 'string', pattern: quantityPattern(units, bounds) },
    ],
  }));
}

export const duration = (defs: Definitions, bounds: Bounds): JsonSchema =>
  quantity(defs, 'duration', DURATION_UNITS, bounds);
export const size = (defs: Definitions, bounds: Bounds): JsonSchema => quantity(defs, 'size', SIZE_UNITS, bounds);
export const probability = (defs: Definitions): JsonSchema =>
  defs.ref('probability', () => ({
    description: UNIT_TEXT.probability,
    anyOf: [
      { type: 'number', minimum: 0, maximum: 1 },
      { type: 'string', pattern: PERCENT_PATTERN },
    ],
  }));
