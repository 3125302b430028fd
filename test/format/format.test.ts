import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatDecimal,
  formatDuration,
  formatInterval,
  formatMetric,
  formatPercent,
  formatIn,
  numberIn,
  durationUnit,
  sizeUnit,
  PROSE,
  sizeFlag,
} from '../../src/format/format.js';

describe('formatDuration', () => {
  it('writes milliseconds below a second as whole ms', () => {
    expect(formatDuration(412.3)).toBe('412 ms');
    expect(formatDuration(0)).toBe('0 ms');
  });
  it('keeps three significant digits for short durations', () => {
    expect(formatDuration(41.23)).toBe('41.2 ms');
    expect(formatDuration(2.345)).toBe('2.35 ms');
  });
  it('switches to seconds, minutes, hours and days', () => {
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(150_000)).toBe('2.50 min');
    expect(formatDuration(3_600_000)).toBe('1.00 h');
    expect(formatDuration(86_400_000)).toBe('1.00 d');
  });
  it('carries into the next unit when rounding reaches it', () => {
    expect(formatDuration(999.7)).toBe('1.00 s');
    expect(formatDuration(59_996)).toBe('1.00 min');
  });
  it('writes a bound in the unit and precision of its reference value', () => {
    expect(formatDuration(980, { ref: 1234 })).toBe('0.98 s');
  });
});

describe('formatBytes', () => {
  it('uses powers of 1000', () => {
    expect(formatBytes(36_000_000)).toBe('36.0 MB');
    expect(formatBytes(864_000_000)).toBe('864 MB');
    expect(formatBytes(4_320_000_000)).toBe('4.32 GB');
    expect(formatBytes(1500)).toBe('1.50 KB');
  });
  it('writes whole bytes below a kilobyte', () => {
    expect(formatBytes(200)).toBe('200 B');
    expect(formatBytes(0)).toBe('0 B');
  });
});

describe('sizeFlag', () => {
  it('rounds up to a whole unit that the size flags read back at least as large', () => {
    expect(sizeFlag(233_400_000)).toBe('234MB');
    expect(sizeFlag(1e9)).toBe('1GB');
    expect(sizeFlag(15_900_000_000)).toBe('16GB');
    expect(sizeFlag(5.05e12)).toBe('6TB');
    expect(sizeFlag(1e6)).toBe('1MB');
  });
});

describe('formatPercent', () => {
  it('writes a ratio as a percentage with two decimals', () => {
    expect(formatPercent(0.0123)).toBe('1.23%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(1)).toBe('100.00%');
  });
  it('does not round a rare non-zero rate down to zero', () => {
    expect(formatPercent(0.00001)).toBe('<0.01%');
  });
});

describe('formatCount and formatDecimal', () => {
  it('groups thousands with commas and rounds to an integer', () => {
    expect(formatCount(4_320_000)).toBe('4,320,000');
    expect(formatCount(180_000.4)).toBe('180,000');
    expect(formatCount(999)).toBe('999');
  });
  it('writes decimals to three significant digits', () => {
    expect(formatDecimal(43.75)).toBe('43.8');
    expect(formatDecimal(0.25)).toBe('0.250');
    expect(formatDecimal(9.996)).toBe('10.0');
    expect(formatDecimal(1234.5)).toBe('1,235');
  });
  it('writes non-finite values as n/a', () => {
    expect(formatCount(Number.NaN)).toBe('n/a');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('n/a');
    expect(formatPercent(Number.NaN)).toBe('n/a');
  });
});

describe('formatMetric and formatInterval', () => {
  it('formats by catalogue unit', () => {
    expect(formatMetric(180_000, 'keys')).toBe('180,000');
    expect(formatMetric(0.021, 'ratio')).toBe('2.10%');
    expect(formatMetric(1.04625, 'perAction')).toBe('1.05');
  });
  it('writes an interval like the value it surrounds', () => {
    expect(formatInterval({ low: 37.41, high: 50.09 }, 'perThousand', 43.75)).toBe('[37.4, 50.1]');
    expect(formatInterval({ low: 1180.2, high: 1301.9 }, 'ms', 1234.5)).toBe('[1.18 s, 1.30 s]');
  });
});

describe('formatDuration and formatBytes in prose (PROSE)', () => {
  it('drops trailing zeros and keeps four significant digits', () => {
    expect(formatDuration(1500, PROSE)).toBe('1.5 s');
    expect(formatDuration(300_000, PROSE)).toBe('5 min');
    expect(formatDuration(359.165, PROSE)).toBe('359.2 ms');
    expect(formatDuration(86_400_000, PROSE)).toBe('1 d');
    expect(formatBytes(36_000_000, PROSE)).toBe('36 MB');
  });
  it('carries into the next unit as the table style does', () => {
    expect(formatDuration(59_999, PROSE)).toBe('1 min');
  });
});

describe('a rate below 10 keeps two significant digits', () => {
  it('whatever the reference a larger neighbour gives', () => {
    expect(formatMetric(0.3, 'perThousand', 278)).toBe('0.30');
    expect(formatMetric(1.85, 'perThousand', 278)).toBe('1.9');
    expect(formatMetric(9, 'perThousand', 278)).toBe('9.0');
    expect(formatMetric(0.0042, 'perThousand', 278)).toBe('0.0042');
    expect(formatMetric(41.2, 'perThousand', 278)).toBe('41');
    expect(formatMetric(0, 'perThousand', 278)).toBe('0');
  });
  it('and keeps its three digits with its own reference', () => {
    expect(formatMetric(0.3, 'perThousand')).toBe('0.300');
    expect(formatInterval({ low: 8.2, high: 160 }, 'perThousand', 150)).toBe('[8.2, 160]');
  });
});

describe('one unit for every value of a chart', () => {
  it('picks the unit the values read shortest in', () => {
    expect(durationUnit([1240, 1640, 61_000])).toEqual({ factor: 1000, suffix: 's' });
    expect(durationUnit([50, 100, 200, 500, 1000, 2000, 5000])).toEqual({ factor: 1000, suffix: 's' });
    expect(durationUnit([1, 10, 100, 1000, 10_000, 60_000, 600_000])).toEqual({ factor: 1000, suffix: 's' });
    expect(durationUnit([20, 45, 80])).toEqual({ factor: 1, suffix: 'ms' });
    expect(durationUnit([3_600_000])).toEqual({ factor: 3_600_000, suffix: 'h' });
    expect(sizeUnit([36e6, 864e6])).toEqual({ factor: 1e6, suffix: 'MB' });
  });
  it('ignores zeros and non-finite values, and falls back to the smallest unit', () => {
    expect(durationUnit([0, Number.NaN, 1500])).toEqual({ factor: 1000, suffix: 's' });
    expect(durationUnit([0])).toEqual({ factor: 1, suffix: 'ms' });
  });
  it('writes each value in that unit, two significant digits kept below 10', () => {
    const s = durationUnit([1240, 1640]);
    expect(formatIn(1240, s, { ref: 1640 })).toBe('1.24 s');
    expect(formatIn(12, s, { ref: 1640 })).toBe('0.012 s');
    expect(formatIn(61_000, s, { ref: 61_000 })).toBe('61.0 s');
    expect(numberIn(1_200_000, s, PROSE)).toBe('1,200');
    expect(numberIn(50, s, PROSE)).toBe('0.05');
    expect(formatIn(Number.NaN, s)).toBe('n/a');
  });
});

describe('formatPercent with a precision', () => {
  it('writes significant digits, trimmed with PROSE', () => {
    expect(formatPercent(0.05, PROSE)).toBe('5%');
    expect(formatPercent(0.00015, PROSE)).toBe('0.015%');
    expect(formatMetric(0.05, 'ratio', 0.05, PROSE)).toBe('5%');
  });
});
