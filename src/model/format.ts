// How numbers read for a person, everywhere idemsim prints one: counts with thousands
// separators, rates as percentages, durations and sizes in a unit chosen for the value.
// Tables use three significant digits with trailing zeros kept, so columns line up
// ("1.50 s"); prose (formulas, captions, progress) asks for `PROSE`, which drops them
// ("1.5 s", "5 min"). Deterministic: no locale, no Intl, no clock. Non-finite values
// print as "n/a". (How a value is written in a scenario file is scenario/units.ts.)
import type { Unit } from './metrics.js';
import type { Interval } from './result.js';

export const NOT_AVAILABLE = 'n/a';

/** How precisely a quantity is written. */
export interface Precision {
  /** Significant digits (default 3). */
  digits?: number;
  /** Drop trailing zeros after the point (default false: columns line up). */
  trim?: boolean;
}

/** What a formatter may be told: the precision, and `ref`, the value that picks the unit and decimals. */
export interface FormatOptions extends Precision {
  /** An interval's ends are written in the unit and precision of the value they surround. */
  ref?: number;
}

/** For sentences and formulas: four significant digits, no trailing zeros. */
export const PROSE: Precision = { digits: 4, trim: true };

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
  return grouped(Math.round(x), 0);
}

/** A plain number to three significant digits: 43.75 -> "43.8", 0.25 -> "0.250". */
export function formatDecimal(x: number, ref: number = x): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  return grouped(x, decimalsFor(ref, SIGNIFICANT));
}

/** A ratio as a percentage with two decimals: 0.0123 -> "1.23%"; tiny non-zero -> "<0.01%". */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return NOT_AVAILABLE;
  const percent = ratio * 100;
  if (percent > 0 && percent < 0.005) return '<0.01%';
  return `${grouped(percent, 2)}%`;
}

/**
 * Milliseconds in a readable unit: 412 -> "412 ms", 1234 -> "1.23 s", 150000 -> "2.50 min";
 * with PROSE, 1500 -> "1.5 s", 300000 -> "5 min", 359.165 -> "359.2 ms".
 */
export function formatDuration(ms: number, options: FormatOptions = {}): string {
  return formatScaled(ms, DURATION, options);
}

/** A duration in a sentence, caption or formula: formatDuration with PROSE ("5 min", "1.5 s"). */
export function proseDuration(ms: number): string {
  return formatDuration(ms, PROSE);
}

/** Bytes in powers of 1000: 200 -> "200 B", 36e6 -> "36.0 MB" (with PROSE, "36 MB"). */
export function formatBytes(bytes: number, options: FormatOptions = {}): string {
  return formatScaled(bytes, SIZE, options);
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
      return formatDuration(x, { ref });
    case 'bytes':
      return formatBytes(x, { ref });
  }
}

/**
 * "[low, high]" in the value's unit and precision; an end beside a value of 0 takes its own
 * precision, so that nothing counted reads "0 [0, 0.0137]", never "0 [0, 0]".
 */
export function formatInterval(interval: Interval, unit: Unit, value: number): string {
  const ref = (end: number): number => (Number.isFinite(value) && value !== 0 ? value : end);
  return `[${formatMetric(interval.low, unit, ref(interval.low))}, ${formatMetric(interval.high, unit, ref(interval.high))}]`;
}

function formatScaled(x: number, scales: readonly Scale[], options: FormatOptions): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  const { ref = x, digits = SIGNIFICANT, trim = false } = options;
  const magnitude = Math.abs(Number.isFinite(ref) ? ref : x);
  const scale = pickScale(scales, magnitude, digits);
  const text = grouped(x / scale.factor, decimalsIn(scale, magnitude / scale.factor, digits));
  return `${trim ? trimZeros(text) : text} ${scale.suffix}`;
}

/** "1.50" -> "1.5", "2.00" -> "2"; a whole number is left alone. */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The largest unit not above the magnitude, moving up when rounding carries into the next
 * (999.7 ms reads "1.00 s", not "1000 ms"). */
function pickScale(scales: readonly Scale[], magnitude: number, digits: number): Scale {
  const fits = scales.filter((scale) => magnitude >= scale.factor);
  const index = Math.max(0, fits.length - 1);
  const scale = scales[index] ?? { factor: 1, suffix: '' };
  const next = scales[index + 1];
  const scaled = magnitude / scale.factor;
  const rounded = Number(scaled.toFixed(decimalsIn(scale, scaled, digits))) * scale.factor;
  return next !== undefined && rounded >= next.factor ? next : scale;
}

function decimalsIn(scale: Scale, scaled: number, digits: number): number {
  return scale.integral ? 0 : decimalsFor(scaled, digits);
}

/** Digits after the point that give `digits` significant digits (none for |x| >= 10^(digits-1)). */
function decimalsFor(x: number, digits: number): number {
  if (!Number.isFinite(x) || x === 0) return 0;
  const first = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(x))));
  // 9.996 rounds to "10.00": count the digits again on the rounded value.
  const rounded = Math.abs(Number(x.toFixed(first)));
  return rounded === 0 ? first : Math.max(0, digits - 1 - Math.floor(Math.log10(rounded)));
}

/** x with `decimals` digits after the point and "," between groups of three digits. */
export function grouped(x: number, decimals: number): string {
  const text = Math.abs(x).toFixed(decimals);
  const [whole = '', fraction] = text.split('.');
  const thousands = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = x < 0 && Number(text) !== 0;
  return `${negative ? '-' : ''}${thousands}${fraction === undefined ? '' : `.${fraction}`}`;
}
