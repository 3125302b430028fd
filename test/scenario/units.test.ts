import { describe, expect, test } from 'vitest';
import {
  DURATION_UNITS,
  PERCENT_UNITS,
  SIZE_UNITS,
  durationLiteral,
  sizeLiteral,
  parseQuantity,
} from '../../src/scenario/units.js';
import { issue, valid } from './helpers.js';

describe('durations', () => {
  test.each([
    ['250ms', 250],
    ['1.5s', 1500],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['1d', 86_400_000],
    ['1.5 s', 1500],
    ['1.1s', 1100],
    ['.5s', 500],
    ['1e3ms', 1000],
    ['0ms', 0],
  ])('%s is %d ms', (text, ms) => {
    expect(valid(`keys: { raceWindow: ${JSON.stringify(text)} }`).keys.raceWindow).toBe(ms);
  });

  test('a number is milliseconds', () => {
    expect(valid('client: { timeout: 1500 }').client.timeout).toBe(1500);
  });

  test('units are case-sensitive: 1.5 S is refused with the fix', () => {
    const found = issue('client: { timeout: 1.5 S }');
    expect(found.code).toBe('bad-unit');
    expect(found.message).toContain('"1.5 s"');
  });

  test('an unknown unit is refused with the list of units', () => {
    const found = issue('client: { timeout: 2 parsecs }');
    expect(found.code).toBe('bad-unit');
    expect(found.message).toContain('ms, s, m, h, d');
  });

  test('a numeric string without a unit is refused: write a number for ms', () => {
    const found = issue('client: { timeout: "10" }');
    expect(found.code).toBe('missing-unit');
    expect(found.message).toContain('write 10 without quotes for milliseconds');
  });

  test('a word is a wrong type', () => {
    expect(issue('client: { timeout: soon }').code).toBe('wrong-type');
  });
});

describe('sizes', () => {
  test.each([
    ['200B', 200],
    ['4KB', 4000],
    ['36MB', 36_000_000],
    ['1GB', 1e9],
    ['1KiB', 1024],
    ['2 MiB', 2 * 1024 ** 2],
    ['1GiB', 1024 ** 3],
    ['1.5KB', 1500],
  ])('%s is %d bytes', (text, bytes) => {
    expect(valid(`keys: { recordBytes: ${text} }`).keys.recordBytes).toBe(bytes);
  });

  test('a number is bytes', () => {
    expect(valid('keys: { recordBytes: 512 }').keys.recordBytes).toBe(512);
  });

  test('size units are case-sensitive: kb is refused with the fix', () => {
    const found = issue('keys: { recordBytes: 4kb }');
    expect(found.code).toBe('bad-unit');
    expect(found.message).toContain('"4KB"');
  });
});

describe('probabilities', () => {
  test('a number in [0, 1] is a probability', () => {
    expect(valid('network: { replyLoss: 0.25 }').network.replyLoss).toBe(0.25);
  });

  test('a percentage string is a probability', () => {
    expect(valid('network: { replyLoss: 2% }').network.replyLoss).toBe(0.02);
    expect(valid('network: { replyLoss: 29% }').network.replyLoss).toBe(0.29);
    expect(valid('network: { replyLoss: "2.5 %" }').network.replyLoss).toBe(0.025);
  });

  test('a numeric string without % is refused', () => {
    expect(issue('network: { replyLoss: "0.5" }').code).toBe('missing-unit');
  });
});

describe('parseQuantity', () => {
  test('reports the case-fixed unit', () => {
    expect(parseQuantity('3 MS', DURATION_UNITS)).toEqual({
      kind: 'unknown-unit',
      number: '3',
      unit: 'MS',
      suggestion: 'ms',
    });
  });

  test('scales by moving the exponent, so decimal units are exact', () => {
    expect(parseQuantity('0.07%', PERCENT_UNITS)).toEqual({ kind: 'ok', value: 0.0007 });
    expect(parseQuantity('1.1m', DURATION_UNITS)).toEqual({ kind: 'ok', value: 66_000 });
  });
});

describe('formatting', () => {
  test('durations are written in the shortest exact form', () => {
    expect([1500, 3_600_000, 120_000, 90_000, 5, 0, 1234.5678].map(durationLiteral)).toEqual([
      '1.5s',
      '1h',
      '2m',
      '90s',
      '5ms',
      '0ms',
      '1.2345678s',
    ]);
  });

  test('sizes below 1000 stay numbers, larger ones get the shortest exact unit', () => {
    expect([200, 36_000_000, 1024, 1536, 1001].map(sizeLiteral)).toEqual([200, '36MB', '1KiB', '1.5KiB', '1.001KB']);
  });

  test('formatted durations read back exactly', () => {
    for (const ms of [0.1, 1 / 3, 86_400_000 * 1.5, 123_456_789, 1e-9]) {
      expect(parseQuantity(durationLiteral(ms), DURATION_UNITS)).toEqual({ kind: 'ok', value: ms });
    }
  });

  test('formatted sizes read back exactly', () => {
    for (const bytes of [1e9, 1024 ** 3 * 3, 7777, 1234567.5]) {
      const text = sizeLiteral(bytes);
      expect(typeof text === 'number' ? text : parseQuantity(text, SIZE_UNITS)).toEqual(
        typeof text === 'number' ? bytes : { kind: 'ok', value: bytes },
      );
    }
  });
});
