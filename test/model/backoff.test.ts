import { describe, expect, it } from 'vitest';
import { backoffDelay, floored, type BackoffPolicy } from '../../src/model/backoff.js';

const policy = (jitter: BackoffPolicy['jitter'], overrides: Partial<BackoffPolicy> = {}): BackoffPolicy => ({
  base: 100,
  multiplier: 2,
  max: 10_000,
  jitter,
  floor: 0,
  ...overrides,
});

describe('backoffDelay', () => {
  it('none waits min(max, base * multiplier^k)', () => {
    expect(backoffDelay(policy('none'), 0, 0.5, 100)).toBe(100);
    expect(backoffDelay(policy('none'), 3, 0.5, 100)).toBe(800);
    expect(backoffDelay(policy('none'), 20, 0.5, 100)).toBe(10_000);
  });

  it('full waits U(0, d)', () => {
    expect(backoffDelay(policy('full'), 2, 0, 100)).toBe(0);
    expect(backoffDelay(policy('full'), 2, 0.25, 100)).toBe(100);
  });

  it('equal waits d/2 + U(0, d/2)', () => {
    expect(backoffDelay(policy('equal'), 2, 0, 100)).toBe(200);
    expect(backoffDelay(policy('equal'), 2, 0.5, 100)).toBe(300);
  });

  it('decorrelated waits min(max, U(base, 3 * previous))', () => {
    expect(backoffDelay(policy('decorrelated'), 0, 0, 100)).toBe(100);
    expect(backoffDelay(policy('decorrelated'), 0, 1, 100)).toBe(300);
    expect(backoffDelay(policy('decorrelated'), 5, 1, 9_000)).toBe(10_000);
  });

  it('a zero base stays zero when multiplier^k overflows', () => {
    for (const jitter of ['none', 'full', 'equal'] as const) {
      expect(backoffDelay(policy(jitter, { base: 0, multiplier: 1e200 }), 3, 0.5, 0)).toBe(0);
    }
  });

  it('a growing base is capped by max when multiplier^k overflows', () => {
    expect(backoffDelay(policy('none', { multiplier: 10 }), 400, 0.5, 100)).toBe(10_000);
  });
});

describe('proportional jitter and the floor (real clients)', () => {
  it('scales the capped delay by U(lo, hi), without capping it again', () => {
    const p = policy({ proportional: [0.5, 1] }, { base: 500, max: 5_000 });
    expect(backoffDelay(p, 0, 0, 500)).toBe(250);
    expect(backoffDelay(p, 0, 0.5, 500)).toBe(375);
    expect(backoffDelay(p, 4, 0.999, 500)).toBeCloseTo(5_000 * 0.9995, 9);
    expect(backoffDelay(policy({ proportional: [1, 1.5] }, { base: 100, max: 100 }), 3, 1, 0)).toBe(150);
  });

  it('raises any wait below the floor, for every jitter kind', () => {
    const shapes: BackoffPolicy['jitter'][] = [
      'none',
      'full',
      'equal',
      'decorrelated',
      { proportional: [0.5, 1] },
      { additive: [0, 50] },
    ];
    for (const jitter of shapes) {
      const p = policy(jitter, { floor: 80 });
      expect(floored(p, backoffDelay(p, 0, 0, 100))).toBeGreaterThanOrEqual(80);
    }
    expect(floored(policy('full', { floor: 500 }), 20)).toBe(500);
    expect(floored(policy('full', { floor: 500 }), 700)).toBe(700);
  });
});

describe('additive jitter (LangGraph, an extension of MODEL.md D)', () => {
  const p = policy({ additive: [0, 1_000] });

  it('adds U(lo, hi) milliseconds to d: exactly, at k = 0 and 1, u = 0, 0.5 and 1', () => {
    expect([0, 0.5, 1].map((u) => backoffDelay(p, 0, u, 100))).toEqual([100, 600, 1_100]);
    expect([0, 0.5, 1].map((u) => backoffDelay(p, 1, u, 100))).toEqual([200, 700, 1_200]);
    const narrow = policy({ additive: [250, 750] });
    expect([0, 0.5, 1].map((u) => backoffDelay(narrow, 1, u, 100))).toEqual([450, 700, 950]);
  });

  it('is not capped by max again, and u = 1 gives d + hi, the supremum the spans take', () => {
    expect(backoffDelay(policy({ additive: [0, 1_000] }, { base: 100, max: 100 }), 3, 1, 0)).toBe(1_100);
    expect(backoffDelay(policy({ additive: [0, 1_000] }, { base: 0, multiplier: 1e200 }), 3, 0.5, 0)).toBe(500);
  });

  it('takes the floor after the sum, as every shape does', () => {
    const floored1500 = policy({ additive: [0, 1_000] }, { floor: 1_500 });
    expect(floored(floored1500, backoffDelay(floored1500, 0, 1, 100))).toBe(1_500);
    const floored500 = policy({ additive: [0, 1_000] }, { floor: 500 });
    expect(floored(floored500, backoffDelay(floored500, 0, 0, 100))).toBe(500);
    expect(floored(floored500, backoffDelay(floored500, 1, 0.5, 100))).toBe(700);
  });
});
