// Quantities written with a unit (MODEL.md "Units and input forms"): durations become
// milliseconds, sizes bytes, percentages fractions. The decimal text is scaled by moving
// its exponent, so `1.1s` is exactly 1100 and `29%` exactly 0.29, not a float product.

/** factor = mult * 10^pow10: keeps power-of-ten units exact. */
interface Scale {
  pow10: number;
  mult: number;
}

export type UnitTable = Readonly<Record<string, Scale>>;

export const DURATION_UNITS: UnitTable = {
  ms: { pow10: 0, mult: 1 },
  s: { pow10: 3, mult: 1 },
  m: { pow10: 4, mult: 6 },
  h: { pow10: 5, mult: 36 },
  d: { pow10: 5, mult: 864 },
};

export const SIZE_UNITS: UnitTable = {
  B: { pow10: 0, mult: 1 },
  KB: { pow10: 3, mult: 1 },
  MB: { pow10: 6, mult: 1 },
  GB: { pow10: 9, mult: 1 },
  KiB: { pow10: 0, mult: 1024 },
  MiB: { pow10: 0, mult: 1024 ** 2 },
  GiB: { pow10: 0, mult: 1024 ** 3 },
};

export const PERCENT_UNITS: UnitTable = { '%': { pow10: -2, mult: 1 } };

export type Quantity =
  | { kind: 'ok'; value: number }
  /** A number in a string with no unit after it, e.g. `'10'`. */
  | { kind: 'no-unit'; number: string }
  /** A number followed by something that is not a unit; `suggestion` fixes its case. */
  | { kind: 'unknown-unit'; number: string; unit: string; suggestion: string | undefined }
  | { kind: 'not-a-quantity' };

// sign, digits, optional exponent, optional spaces, the rest (the unit)
const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?( *)(.*)$/;

/** Reads `text` as a number followed by one of `units` (one or more spaces may separate them). */
export function parseQuantity(text: string, units: UnitTable): Quantity {
  const match = QUANTITY.exec(text);
  if (match === null) return { kind: 'not-a-quantity' };
  const [, sign = '', digits = '', exponent = '0', , unit = ''] = match;
  const number = text.slice(0, text.length - unit.length).trimEnd();
  if (unit === '') return { kind: 'no-unit', number };
  const scale = Object.hasOwn(units, unit) ? units[unit] : undefined;
  if (scale === undefined) {
    const suggestion = Object.keys(units).find((u) => u.toLowerCase() === unit.toLowerCase());
    return { kind: 'unknown-unit', number, unit, suggestion };
  }
  const value = Number(`${sign}${digits}e${Number(exponent) + scale.pow10}`) * scale.mult;
  return { kind: 'ok', value: value + 0 };
}

/** The value of a text that is known to parse; NaN otherwise (used to verify formatting). */
function valueOf(text: string, units: UnitTable): number {
  const q = parseQuantity(text, units);
  return q.kind === 'ok' ? q.value : Number.NaN;
}

/** A number with at most `digits` significant digits, as short as JavaScript writes it. */
function short(n: number, digits: number): string {
  return String(Number(n.toPrecision(digits)));
}

/** The shortest `<number><unit>` text that reads back to exactly `value`, if any. */
function shortestExact(value: number, units: UnitTable, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const unit of candidates) {
    const scale = units[unit];
    if (scale === undefined) continue;
    const n = value / (scale.mult * 10 ** scale.pow10);
    if (Math.abs(n) < 1) continue;
    for (const text of [`${short(n, 12)}${unit}`, `${n}${unit}`]) {
      if (valueOf(text, units) === value && (best === undefined || text.length < best.length)) best = text;
    }
  }
  return best;
}

/** A duration in ms as the shortest exact text: 1500 -> `1.5s`, 3600000 -> `1h`, 5 -> `5ms`. */
export function durationLiteral(ms: number): string {
  return shortestExact(ms, DURATION_UNITS, ['d', 'h', 'm', 's']) ?? `${ms}ms`;
}

/** A size in bytes: a plain number below 1000, else the shortest exact text (`36MB`, `1KiB`). */
export function sizeLiteral(bytes: number): number | string {
  if (Math.abs(bytes) < 1000) return bytes;
  return shortestExact(bytes, SIZE_UNITS, ['GB', 'GiB', 'MB', 'MiB', 'KB', 'KiB']) ?? bytes;
}
