// How numbers read for a person, everywhere idemsim prints one: counts with thousands
// separators, rates as percentages, durations and sizes in a unit chosen for the value.
// Tables use three significant digits with trailing zeros kept, so columns line up
// ("1.50 s"); prose (formulas, captions, progress) asks for `PROSE`, which drops them
// ("1.5 s", "5 min"). A chart writes all its durations (or sizes) in one unit, chosen for
// the whole axis, legend or heatmap (`durationUnit`, `formatIn`). A value below 10 never
// loses its second significant digit to a larger neighbour's precision: 0.30 per thousand
// beside 278 reads "0.30", not "0". Deterministic: no locale, no Intl, no clock.
// Non-finite values print as "n/a". (How a value is written in a scenario file is
// scenario/units.ts.)
import type { Unit } from '../model/metric-types.js';
import type { Interval } from '../model/result.js';

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
/** Significant digits a value below 10 keeps whatever its reference: enough to tell 0.1 from 0.3. */
const KEPT = 2;

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

/**
 * A number rounded to three significant digits, large ones too: 174,960 -> "175,000",
 * 3.984 -> "3.98", 0.04321 -> "0.0432". For figures derived from an estimate (a rate per
 * thousand as a count per day), whose further digits would claim a precision it lacks.
 */
export function formatSignificant(x: number): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  const rounded = Number(x.toPrecision(SIGNIFICANT));
  return grouped(rounded, decimalsFor(rounded, SIGNIFICANT));
}

/**
 * A ratio as a percentage with two decimals: 0.0123 -> "1.23%"; tiny non-zero -> "<0.01%".
 * Given `digits`, to that many significant digits instead (PROSE: 0.05 -> "5%", 0.00015 -> "0.015%").
 */
export function formatPercent(ratio: number, precision: Precision = {}): string {
  if (!Number.isFinite(ratio)) return NOT_AVAILABLE;
  const percent = ratio * 100;
  const { digits, trim = false } = precision;
  if (digits !== undefined) return `${trimmed(grouped(percent, decimalsFor(percent, digits)), trim)}%`;
  if (percent > 0 && percent < 0.005) return '<0.01%';
  return `${trimmed(grouped(percent, 2), trim)}%`;
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

/** A size to give a flag such as --max-memory: `bytes` rounded up to a whole MB, GB or TB ("234MB", "16GB"). */
export function sizeFlag(bytes: number): string {
  if (bytes < 1e9) return `${Math.ceil(bytes / 1e6)}MB`;
  if (bytes < 1e12) return `${Math.ceil(bytes / 1e9)}GB`;
  return `${Math.ceil(bytes / 1e12)}TB`;
}

/**
 * A metric value by its catalogue unit. `ref` picks the unit and precision, so that an
 * interval's bounds are written like the value they surround; a rate below 10 keeps two
 * significant digits whatever `ref` is (0.30 per thousand beside 278 reads "0.30").
 * `precision` as in formatDuration (PROSE for a bound's limit: "2 s", "0.1", "5%").
 */
export function formatMetric(x: number, unit: Unit, ref: number = x, precision: Precision = {}): string {
  switch (unit) {
    case 'count':
    case 'keys':
      return formatCount(x);
    case 'perThousand':
    case 'perAction':
      return formatIn(x, PLAIN, { ...precision, ref });
    case 'ratio':
      return formatPercent(x, precision);
    case 'ms':
      return formatDuration(x, { ...precision, ref });
    case 'bytes':
      return formatBytes(x, { ...precision, ref });
  }
}

/** A unit every value of a chart (an axis, a legend, a heatmap) is written in: x / factor, then the suffix. */
export interface DisplayUnit {
  factor: number;
  /** "s", "MB"; empty for a plain number. */
  suffix: string;
}

const PLAIN: DisplayUnit = { factor: 1, suffix: '' };

/**
 * The one unit for a set of durations (ms) written together (the cells of a heatmap, the
 * ticks of an axis): the unit in which they read shortest, each at three significant
 * digits, a fraction counting two characters more than it has (a person reads "20" more
 * easily than "0.33"). So 50 ms to 5 s reads 0.05 to 5 (s), 1.2 s to 61 s reads 1.2 to 61
 * (s), not 0.02 to 1.02 (min), and 1 s to 8 h reads 1 to 28,800 (s). Zeros and non-finite
 * values do not vote; ties go to the larger unit. For a linear axis from 0 to `top`, pass
 * [top / 5, top]: about its first tick and its last.
 */
export function durationUnit(values: readonly number[]): DisplayUnit {
  return shortestUnit(DURATION, values);
}

/** The one unit for a set of sizes (bytes) drawn together, as durationUnit chooses: 36e6 to 864e6 -> MB. */
export function sizeUnit(values: readonly number[]): DisplayUnit {
  return shortestUnit(SIZE, values);
}

/**
 * x written in `unit` with its suffix: formatIn(1240, s) -> "1.24 s". Decimals as
 * formatDuration's (from `ref`, default x), but a value below 10 in the unit keeps two
 * significant digits: formatIn(12, s, { ref: 1040 }) -> "0.012 s", not "0.01 s".
 */
export function formatIn(x: number, unit: DisplayUnit, options: FormatOptions = {}): string {
  const number = numberIn(x, unit, options);
  return unit.suffix === '' || number === NOT_AVAILABLE ? number : `${number} ${unit.suffix}`;
}

/** x in `unit` without the suffix, for tick labels under a titled axis: numberIn(1200000, min, PROSE) -> "20". */
export function numberIn(x: number, unit: DisplayUnit, options: FormatOptions = {}): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  const { ref = x, digits = SIGNIFICANT, trim = false } = options;
  const scaled = x / unit.factor;
  const fromRef = decimalsFor(Number.isFinite(ref) ? ref / unit.factor : scaled, digits);
  const kept = Math.abs(scaled) < 10 ? decimalsFor(scaled, KEPT) : 0;
  return trimmed(grouped(scaled, Math.max(fromRef, kept)), trim);
}

/** What a fraction costs beyond its characters when units are compared. */
const FRACTION_PENALTY = 2;

function shortestUnit(scales: readonly Scale[], values: readonly number[]): DisplayUnit {
  const voters = values.filter((v) => Number.isFinite(v) && v !== 0);
  let best: Scale | undefined;
  let bestLength = Infinity;
  for (const scale of scales) {
    const length = voters.reduce((sum, v) => {
      const scaled = Math.abs(v) / scale.factor;
      const text = trimmed(grouped(scaled, decimalsIn(scale, scaled, SIGNIFICANT)), true);
      return sum + text.length + (scaled < 1 ? FRACTION_PENALTY : 0);
    }, 0);
    if (length <= bestLength) [best, bestLength] = [scale, length];
  }
  const chosen = voters.length === 0 ? scales[0] : best;
  return { factor: chosen?.factor ?? 1, suffix: chosen?.suffix ?? '' };
}

/**
 * "[low, high]" in the value's unit and precision; an end beside a value of 0 takes its own
 * precision, so that nothing counted reads "0 [0, 0.0137]", never "0 [0, 0]".
 */
export function formatInterval(interval: Interval, unit: Unit, value: number): string {
  const ref = (end: number): number => (Number.isFinite(value) && value !== 0 ? value : end);
  // An open end (a quantile beyond a short run's observations) has no bound to show.
  const high = interval.high === Infinity ? '∞' : formatMetric(interval.high, unit, ref(interval.high));
  return `[${formatMetric(interval.low, unit, ref(interval.low))}, ${high}]`;
}

function formatScaled(x: number, scales: readonly Scale[], options: FormatOptions): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  const { ref = x, digits = SIGNIFICANT, trim = false } = options;
  const magnitude = Math.abs(Number.isFinite(ref) ? ref : x);
  const scale = pickScale(scales, magnitude, digits);
  const text = grouped(x / scale.factor, decimalsIn(scale, magnitude / scale.factor, digits));
  return `${trimmed(text, trim)} ${scale.suffix}`;
}

/** With `trim`, "1.50" -> "1.5", "2.00" -> "2"; a whole number is left alone. */
function trimmed(text: string, trim: boolean): string {
  return trim && text.includes('.') ? text.replace(/\.?0+$/, '') : text;
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

/** Items in a sentence: "a", "a and b", "a, b and c". */
export function andList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
