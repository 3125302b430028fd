// Student's t tail and its inverse at any probability (src/stats/student.ts), on which a
// paired change's gates are read: against tabulated values and the closed forms of one and
// two degrees of freedom, its symmetry, its normal limit, and the quantile inverting it.
import { describe, expect, it } from 'vitest';
import { standardNormalQuantile, standardNormalUpperTail } from '../../src/stats/normal.js';
import { studentQuantileAt, studentUpperTail } from '../../src/stats/student.js';

/** t(1) is Cauchy: P(T > t) = 1/2 - atan(t) / pi. */
const cauchyTail = (t: number): number => 0.5 - Math.atan(t) / Math.PI;
/** t(1)'s quantile, tan(pi (p - 1/2)), as -cot(pi p): the form that keeps its precision near 0 and 1. */
const cauchyQuantile = (p: number): number => (p < 0.5 ? -1 / Math.tan(Math.PI * p) : 1 / Math.tan(Math.PI * (1 - p)));
/** t(2): P(T > t) = 1/2 - t / (2 sqrt(2 + t^2)). */
const twoTail = (t: number): number => 0.5 - t / (2 * Math.sqrt(2 + t * t));
/** t(2)'s quantile: (2p - 1) / sqrt(2 p (1 - p)). */
const twoQuantile = (p: number): number => (2 * p - 1) / Math.sqrt(2 * p * (1 - p));

const DFS = [1, 2, 3, 10, 49, 1000];
const TS = [0.1, 0.5, 1, 2, 3.5, 10, 40];

describe('studentUpperTail', () => {
  it('gives the tabulated 2.5% point of t(10) and 0.25 for t(1) at 1', () => {
    // 2.228139 is t(10)'s 97.5% quantile to six decimals.
    expect(studentUpperTail(2.228139, 10)).toBeCloseTo(0.025, 7);
    expect(studentUpperTail(1, 1)).toBeCloseTo(0.25, 14);
  });

  it('matches the closed forms of one and two degrees of freedom', () => {
    for (const t of [...TS, -0.7, -3]) {
      expect(studentUpperTail(t, 1)).toBeCloseTo(cauchyTail(t), 13);
      expect(studentUpperTail(t, 2)).toBeCloseTo(twoTail(t), 13);
    }
  });

  it('is one half at 0 and symmetric: tail(-t) = 1 - tail(t)', () => {
    for (const df of DFS) {
      expect(studentUpperTail(0, df)).toBe(0.5);
      for (const t of TS) expect(studentUpperTail(-t, df)).toBeCloseTo(1 - studentUpperTail(t, df), 14);
    }
  });

  it('falls as t grows, and lies above the normal tail (heavier tails) for t > 0', () => {
    for (const df of DFS) {
      const tails = TS.map((t) => studentUpperTail(t, df));
      for (let i = 1; i < tails.length; i++) expect(tails[i]).toBeLessThan(tails[i - 1] as number);
      for (const [i, t] of TS.entries()) expect(tails[i]).toBeGreaterThan(standardNormalUpperTail(t));
    }
  });

  it("is the normal's tail at df Infinity, and tends to it as df grows", () => {
    for (const t of [...TS, -1.3]) {
      expect(studentUpperTail(t, Number.POSITIVE_INFINITY)).toBe(standardNormalUpperTail(t));
      // t(df) departs from the normal by O(1 / df): at 1e6, well inside the normal's own 1e-7 accuracy.
      expect(Math.abs(studentUpperTail(t, 1e6) - standardNormalUpperTail(t))).toBeLessThan(2e-7);
    }
  });

  it('gives 0 and 1 at the infinities and NaN for NaN', () => {
    expect(studentUpperTail(Number.POSITIVE_INFINITY, 3)).toBe(0);
    expect(studentUpperTail(Number.NEGATIVE_INFINITY, 3)).toBe(1);
    expect(studentUpperTail(Number.NaN, 3)).toBeNaN();
  });

  it('keeps its relative precision far in the tail', () => {
    // Cauchy at 1e4: 1/2 - atan(1e4)/pi = atan(1e-4)/pi, which the subtraction above would lose.
    expect(studentUpperTail(1e4, 1) / (Math.atan(1e-4) / Math.PI)).toBeCloseTo(1, 9);
  });
});

describe('studentQuantileAt', () => {
  const PS = [1e-6, 0.001, 0.025, 0.1, 0.3, 0.7, 0.9, 0.975, 0.999, 1 - 1e-6];

  it('inverts the tail: tail(quantileAt(p)) = 1 - p', () => {
    for (const df of DFS) {
      for (const p of PS) {
        const q = studentQuantileAt(p, df);
        // Relative to the smaller tail, which is the one solved for.
        const tail = studentUpperTail(q, df);
        expect(Math.abs(tail - (1 - p)) / Math.min(p, 1 - p)).toBeLessThan(1e-9);
      }
    }
  });

  it('matches the closed forms of one and two degrees of freedom', () => {
    for (const p of PS) {
      expect(studentQuantileAt(p, 1) / cauchyQuantile(p)).toBeCloseTo(1, 9);
      expect(studentQuantileAt(p, 2) / twoQuantile(p)).toBeCloseTo(1, 9);
    }
  });

  it('is 0 at one half and odd about it: quantileAt(1 - p) = -quantileAt(p)', () => {
    for (const df of DFS) {
      expect(studentQuantileAt(0.5, df)).toBe(0);
      for (const p of PS) expect(studentQuantileAt(1 - p, df)).toBeCloseTo(-studentQuantileAt(p, df), 9);
    }
  });

  it("is the normal's quantile at df Infinity", () => {
    for (const p of PS) {
      expect(studentQuantileAt(p, Number.POSITIVE_INFINITY)).toBe(standardNormalQuantile(p));
    }
    // The normal's quantile carries its cdf's 1e-7 accuracy (src/stats/normal.ts), at one half too.
    expect(Math.abs(studentQuantileAt(0.5, Number.POSITIVE_INFINITY))).toBeLessThan(1e-7);
  });
});
