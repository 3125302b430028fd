// How numbers read in the table: counts with thousands separators, rates as percentages,
// durations and sizes in a unit chosen for the value, three significant digits.
// Deterministic: no locale, no Intl, no clock. Non-finite values print as "n/a".
import type { Unit } from '../model/metrics.js';
import type { Interval } from '../model/result.js';

export const NOT_AVAILABLE = 'n/a';
const SIGNIFICANT = 3;

interface Scale {
  factor: number;
  suffix: string;
  /** Values in this scale are whole numbers (bytes). */
  integral?: boolean;
}

const DURATION: readonly Scale[] = [
  { factor: 1, suffix: 'ms' },
  { factor: 1000, suffix: 's' },
  { factor: 60_000, suffix: 'min' },
  { factor: 3_600_000, suffix: 'h' },
  { factor: 86_400_000, suffix: 'd' },
];

// Powers of 1000, spelled as MODEL.md's size inputs are (KB = 1000 bytes).
const SIZE: readonly Scale[] = [
  { factor: 1, suffix: 'B', integral: true },
  { factor: 1e3, suffix: 'KB' },
  { factor: 1e6, suffix: 'MB' },
  { factor: 1e9, suffix: 'GB' },
  { factor: 1e12, suffix: 'TB' },
];

/** An integer with thousands separators: 4320000 -> "4,320,000". */
export function formatCount(x: number): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  return fixed(Math.round(x), 0);
}

/** A plain number to three significant digits: 43.75 -> "43.8", 0.25 -> "0.250". */
export function formatDecimal(x: number, ref: number = x): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  return fixed(x, decimalsFor(ref));
}

/** A ratio as a percentage with two decimals: 0.0123 -> "1.23%"; tiny non-zero -> "<0.01%". */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return NOT_AVAILABLE;
  const percent = ratio * 100;
  if (percent > 0 && percent < 0.005) return '<0.01%';
  return `${fixed(percent, 2)}%`;
}

/** Milliseconds in a readable unit: 412 -> "412 ms", 1234 -> "1.23 s", 150000 -> "2.50 min". */
export function formatDuration(ms: number, ref: number = ms): string {
  return formatScaled(ms, DURATION, ref);
}

/** Bytes in powers of 1000: 200 -> "200 B", 36e6 -> "36.0 MB". */
export function formatBytes(bytes: number, ref: number = bytes): string {
  return formatScaled(bytes, SIZE, ref);
}

/**
 * A metric value by its catalogue unit. `ref` picks the unit and precision, so that an
 * interval's bounds are written like the value they surround.
 */
export function formatMetric(x: number, unit: Unit, ref: number = x): string {
  switch (unit) {
    case 'count':
    case 'keys':
      return formatCount(x);
    case 'perThousand':
    case 'perAction':
      return formatDecimal(x, ref);
    case 'ratio':
      return formatPercent(x);
    case 'ms':
      return formatDuration(x, ref);
    case 'bytes':
      return formatBytes(x, ref);
  }
}

/** "[low, high]" in the value's unit and precision. */
export function formatInterval(interval: Interval, unit: Unit, value: number): string {
  const ref = Number.isFinite(value) ? value : interval.high;
  return `[${formatMetric(interval.low, unit, ref)}, ${formatMetric(interval.high, unit, ref)}]`;
}

function formatScaled(x: number, scales: readonly Scale[], ref: number): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  const scale = pickScale(scales, Math.abs(Number.isFinite(ref) ? ref : x));
  const decimals = decimalsIn(scale, Math.abs(Number.isFinite(ref) ? ref : x) / scale.factor);
  return `${fixed(x / scale.factor, decimals)} ${scale.suffix}`;
}

/** The largest unit not above the magnitude, moving up when rounding carries into the next
 * (999.7 ms reads "1.00 s", not "1000 ms"). */
function pickScale(scales: readonly Scale[], magnitude: number): Scale {
  const fits = scales.filter((scale) => magnitude >= scale.factor);
  const index = Math.max(0, fits.length - 1);
  const scale = scales[index] ?? { factor: 1, suffix: '' };
  const next = scales[index + 1];
  const scaled = magnitude / scale.factor;
  const rounded = Number(scaled.toFixed(decimalsIn(scale, scaled))) * scale.factor;
  return next !== undefined && rounded >= next.factor ? next : scale;
}

function decimalsIn(scale: Scale, scaled: number): number {
  return scale.integral ? 0 : decimalsFor(scaled);
}

/** Digits after the point that give three significant digits (none for |x| >= 100). */
function decimalsFor(x: number): number {
  if (!Number.isFinite(x) || x === 0) return 0;
  const first = Math.max(0, SIGNIFICANT - 1 - Math.floor(Math.log10(Math.abs(x))));
  // 9.996 rounds to "10.00": count the digits again on the rounded value.
  const rounded = Math.abs(Number(x.toFixed(first)));
  return rounded === 0 ? first : Math.max(0, SIGNIFICANT - 1 - Math.floor(Math.log10(rounded)));
}

/** x with `decimals` digits after the point and "," between groups of three digits. */
function fixed(x: number, decimals: number): string {
  const text = Math.abs(x).toFixed(decimals);
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = x < 0 && Number(text) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
