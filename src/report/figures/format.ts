// How the article writes its numbers, one style per NumberUnit, on model/format.ts's
// primitives: shares, counts per thousand and rates to three significant digits, keys to
// a tenth, sizes in powers of 1000 to the digit their interval resolves, a day's count whole.
import type { NumberUnit } from '../../model/article.js';
import { formatBytes, formatCount, formatDecimal, grouped } from '../../format/format.js';
import type { Interval } from '../../model/result.js';

export interface ValueStyle {
  /** The value that picks the precision: an interval's ends are written like their value. */
  ref?: number;
  /** The simulated interval: a size is written down to the first digit of its width. */
  resolve?: Interval;
}

/**
 * Significant digits that reach the first digit of the interval's width: fewer would hide
 * the interval (at six, both ends of [864.00355, 864.00361] MB read 864.004 MB), more
 * would print noise. At least three.
 */
export function resolvingDigits(ref: number, interval: Interval): number {
  const width = interval.high - interval.low;
  if (!(width > 0) || ref === 0 || !Number.isFinite(ref)) return 3;
  return Math.max(3, Math.floor(Math.log10(Math.abs(ref))) - Math.floor(Math.log10(width)) + 1);
}

/** A value of a number's unit. */
export function formatValue(x: number, unit: NumberUnit, style: ValueStyle = {}): string {
  const { ref = x, resolve } = style;
  switch (unit) {
    case 'share':
    case 'perThousand':
    case 'perSecond':
      return formatDecimal(x, ref);
    case 'keys':
      return grouped(x, Number.isInteger(ref) ? 0 : 1);
    case 'bytes':
      return formatBytes(x, { ref, digits: resolve === undefined ? 3 : resolvingDigits(ref, resolve), trim: true });
    case 'perDay':
      return formatCount(x);
  }
}

/**
 * "[low, high]", the ends written like the value; but ends that would then read the same
 * while the data leaves them apart ("[1.00, 1.00]" for 0.99982 to 1: all 20,000 replays
 * caught) get the digits that tell them apart, so no interval claims more than the run shows.
 */
export function formatIntervalOf(value: number, interval: Interval, unit: NumberUnit): string {
  const style = endStyle(value, interval, unit);
  const low = formatValue(interval.low, unit, style);
  const high = formatValue(interval.high, unit, style);
  if (low !== high || !(interval.high > interval.low) || !DECIMAL_UNITS.has(unit)) return `[${low}, ${high}]`;
  const digits = resolvingDigits(value === 0 ? interval.high : value, interval);
  const apart = (x: number): string => String(Number(x.toPrecision(digits)));
  return `[${apart(interval.low)}, ${apart(interval.high)}]`;
}

/** The units written as plain decimals (formatDecimal), whose ends can be given more digits. */
const DECIMAL_UNITS: ReadonlySet<NumberUnit> = new Set(['share', 'perThousand', 'perSecond']);

/** The value as its interval's ends are written: "value [low, high]" reads as one precision. */
export function formatSimulated(value: number, interval: Interval, unit: NumberUnit): string {
  return formatValue(value, unit, endStyle(value, interval, unit));
}

function endStyle(value: number, interval: Interval, unit: NumberUnit): ValueStyle {
  const ref = value === 0 ? interval.high : value;
  // Ends of a non-integral quantity keep its decimals even when the value happens to be whole.
  return { ref: unit === 'keys' || unit === 'bytes' ? ref + 0.5 : ref, resolve: interval };
}
