// How the figures write numbers: like the report (three significant digits, thousands
// separators, no locale), plus the few forms an article figure needs (a key count to a
// tenth, megabytes to four decimals so that 18 keys of service time still show).
import { formatDecimal, grouped } from '../model/format.js';
import type { Interval } from '../model/result.js';
import type { NumberUnit } from './types.js';

export { grouped };

/** A value of a figure's unit; `ref` picks the precision (an interval's ends follow their value). */
export function formatValue(x: number, unit: NumberUnit, ref: number = x): string {
  switch (unit) {
    case 'share':
    case 'perThousand':
    case 'perSecond':
      return formatDecimal(x, ref);
    case 'keys':
      return grouped(x, Number.isInteger(ref) ? 0 : 1);
    case 'bytes':
      return `${grouped(x / 1e6, Number.isInteger(ref / 1e6) ? 0 : 4)} MB`;
    case 'perDay':
      return grouped(x, 0);
  }
}

/** "value [low, high]", the ends written like the value. */
export function formatWithInterval(value: number, interval: Interval, unit: NumberUnit): string {
  const ref = value === 0 ? interval.high : value;
  // Ends of a non-integral quantity keep its decimals even when the value happens to be whole.
  const endRef = unit === 'keys' || unit === 'bytes' ? ref + 0.5 : ref;
  return `${formatValue(value, unit, endRef)} [${formatValue(interval.low, unit, endRef)}, ${formatValue(interval.high, unit, endRef)}]`;
}

/** Round to `digits` significant digits: keeps JSON short and free of float noise. */
export function significant(x: number, digits = 10): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  return Number(x.toPrecision(digits));
}

/** Milliseconds as a scenario writes them: 300 -> "300 ms", 1000 -> "1 s", 300000 -> "5 min", 86400000 -> "24 h". */
export function durationText(ms: number): string {
  const units: [number, string][] = [
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  for (const [factor, suffix] of units) {
    if (ms >= factor && Number.isInteger((ms / factor) * 10)) return `${ms / factor} ${suffix}`;
  }
  return `${ms} ms`;
}
