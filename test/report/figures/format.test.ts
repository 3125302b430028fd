// The article's number styles: each unit written like the report writes it, a size to the
// digit its interval resolves, and an interval's ends in their value's precision.
import { describe, expect, it } from 'vitest';
import { formatIntervalOf, formatSimulated, formatValue, resolvingDigits } from '../../../src/report/figures/format.js';
import { significant } from '../../../src/report/chart.js';

describe('formatValue', () => {
  it('writes shares, counts per thousand and rates to three significant digits', () => {
    expect(formatValue(0.02239499659, 'share')).toBe('0.0224');
    expect(formatValue(43.78046396, 'perThousand')).toBe('43.8');
    expect(formatValue(2.097354833, 'perSecond')).toBe('2.10');
  });

  it('writes keys whole when the value is, to a tenth otherwise', () => {
    expect(formatValue(180_000, 'keys')).toBe('180,000');
    expect(formatValue(180_017.9583, 'keys')).toBe('180,018.0');
  });

  it('writes a count a day whole, with thousands separators', () => {
    expect(formatValue(181_211.4576, 'perDay')).toBe('181,211');
  });

  it('writes a size through formatBytes, trimmed: a round closed form reads as the article says it', () => {
    expect(formatValue(36e6, 'bytes')).toBe('36 MB');
    expect(formatValue(36e6, 'bytes', { resolve: { low: 36_003_548, high: 36_003_612 } })).toBe('36 MB');
  });

  it('writes a size down to the first digit of its interval width, so the interval shows', () => {
    const interval = { low: 864_003_548, high: 864_003_612.7 };
    expect(formatValue(864_003_591.7, 'bytes', { resolve: interval })).toBe('864.00359 MB');
    expect(formatIntervalOf(864_003_580.3, interval, 'bytes')).toBe('[864.00355 MB, 864.00361 MB]');
  });
});

describe('resolvingDigits', () => {
  it('counts digits from the value down to the width, at least three', () => {
    expect(resolvingDigits(36_003_580, { low: 36_003_548, high: 36_003_612 })).toBe(7);
    expect(resolvingDigits(0.0226, { low: 0.0219, high: 0.0232 })).toBe(3);
    expect(resolvingDigits(1, { low: 1, high: 1 })).toBe(3);
  });
});

describe('a simulated value and its interval', () => {
  it('keep a tenth of a key even where the value is whole', () => {
    const interval = { low: 179_999.8, high: 180_000.2 };
    expect(formatSimulated(180_000, interval, 'keys')).toBe('180,000.0');
    expect(formatIntervalOf(180_000, interval, 'keys')).toBe('[179,999.8, 180,000.2]');
  });

  it('take their precision from the high end when the value is zero', () => {
    expect(formatIntervalOf(0, { low: 0, high: 0.0123 }, 'share')).toBe('[0.0000, 0.0123]');
  });
});

describe('significant', () => {
  it('keeps ten significant digits and leaves zero and non-finite values alone', () => {
    expect(significant(0.1 + 0.2, 10)).toBe(0.3);
    expect(significant(0, 10)).toBe(0);
    expect(significant(Number.POSITIVE_INFINITY, 10)).toBe(Number.POSITIVE_INFINITY);
    expect(Object.is(significant(-0, 10), 0)).toBe(true);
  });
});

describe('an interval the rounding would close', () => {
  it("writes ends that read the same at the value's digits with the digits that tell them apart", () => {
    // Every one of 20,000 replays caught: Clopper-Pearson's lower end is 0.99982, not 1.
    expect(formatIntervalOf(1, { low: 0.999815573, high: 1 }, 'share')).toBe('[0.99982, 1]');
    expect(formatSimulated(1, { low: 0.999815573, high: 1 }, 'share')).toBe('1.00');
  });

  it('leaves an interval that reads apart, or is a point, as it was', () => {
    expect(formatIntervalOf(0.1667, { low: 0.1615583495, high: 0.1719387287 }, 'share')).toBe('[0.162, 0.172]');
    expect(formatIntervalOf(1, { low: 1, high: 1 }, 'share')).toBe('[1.00, 1.00]');
  });
});
