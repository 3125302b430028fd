import { describe, expect, test } from 'vitest';
import { issue, issues, valid } from './helpers.js';

describe('expect', () => {
  test('defaults to no bounds', () => {
    expect(valid('actions: 10').expect).toEqual({});
  });

  test('maps a metric name to min and max', () => {
    expect(valid('expect:\n  duplicatesPerThousand: { min: 0, max: 1 }\n').expect).toEqual({
      duplicatesPerThousand: { min: 0, max: 1 },
    });
  });

  test('a bound of an ms metric is read as a duration', () => {
    expect(valid('expect: { latency.call.p95: { max: 5s } }').expect).toEqual({ 'latency.call.p95': { max: 5000 } });
  });

  test('a bound of a bytes metric is read as a size', () => {
    expect(valid('expect: { keyStore.peakBytes: { max: 36MB } }').expect).toEqual({
      'keyStore.peakBytes': { max: 36_000_000 },
    });
  });

  test('a bound of a ratio metric accepts a percentage', () => {
    expect(valid('expect: { dedupHitRate: { min: 2% } }').expect).toEqual({ dedupHitRate: { min: 0.02 } });
  });

  test('a bound of a count metric is a plain number', () => {
    expect(valid('expect: { duplicates: { max: 10 } }').expect).toEqual({ duplicates: { max: 10 } });
    expect(issue('expect: { duplicates: { max: 10s } }').code).toBe('wrong-type');
  });

  test('a duration bound refuses a bad unit', () => {
    expect(issue('expect: { latency.step.max: { max: 5 S } }')).toMatchObject({
      code: 'bad-unit',
      path: 'expect.latency.step.max.max',
    });
  });

  test('bounds are listed in the order of the metric catalogue', () => {
    const s = valid('expect:\n  latency.call.p95: { max: 1s }\n  duplicates: { max: 1 }\n');
    expect(Object.keys(s.expect)).toEqual(['duplicates', 'latency.call.p95']);
  });

  test('an unknown metric is refused with did-you-mean', () => {
    const found = issue('expect:\n  duplicatesPerThousnd: { max: 1 }\n');
    expect(found).toMatchObject({ code: 'unknown-metric', line: 2, col: 3 });
    expect(found.message).toContain('did you mean "duplicatesPerThousand"?');
  });

  test('a bound needs min or max', () => {
    expect(issue('expect: { duplicates: {} }').code).toBe('empty-bound');
  });

  test('a bound must be a map', () => {
    expect(issue('expect: { duplicates: 3 }').code).toBe('wrong-type');
  });

  test('min must not exceed max', () => {
    expect(issue('expect: { latency.call.p50: { min: 2s, max: 1s } }').code).toBe('range-order');
  });

  test('an unknown bound key is refused', () => {
    expect(issues('expect: { duplicates: { maximum: 1 } }').map((i) => i.message)).toEqual([
      'unknown field "maximum" in expect.duplicates; did you mean "max"?',
    ]);
  });

  test('a ratio bound must be a probability', () => {
    expect(issue('expect: { conflictRate: { max: 1.5 } }').code).toBe('out-of-range');
  });
});
