// Where an increasing function of x > 0 crosses zero, to the last bit of x: Newton's method
// on ln x, kept inside a bracket that shrinks with every evaluation (the inverses of
// src/stats/quantiles.ts, whose slopes come cheaply with their values).
import { exp } from './libm.js';

/**
 * The residual at x, increasing in x, and its slope against ln x. A tail probability's
 * logarithm is nearly straight in ln x (a power of x near 0), where Newton's method on the
 * probability itself would crawl.
 */
export type Residual = (x: number) => { residual: number; slope: number };

/** Enough for the bracket to close from 1e-308 to one unit in the last place by halving ln x. */
const MAX_STEPS = 300;
/** Where the bracket is open on one side, a step out of it goes this factor towards that side. */
const LEAP = 1e8;

/**
 * The x in (low, high) where `f` changes sign, from the guess `start`: Newton's step on
 * ln x while it stays inside the bracket (taken as x (1 - d) when small, which keeps x's last
 * bits), and the geometric middle of the bracket when it would leave it. It stops when a
 * step moves x by no more than one unit in the last place. `low` may be 0 and `high` Infinity.
 */
export function solveIncreasing(f: Residual, start: number, low: number, high: number): number {
  let x = start;
  for (let i = 0; i < MAX_STEPS; i++) {
    const { residual, slope } = f(x);
    if (residual === 0) return x;
    if (residual < 0) low = x;
    else high = x;
    const step = residual / slope;
    let next = Math.abs(step) < 0.5 ? x - x * step : x * exp(-step);
    if (!(next > low && next < high)) next = middle(low, high);
    if (Math.abs(next - x) <= Number.EPSILON * x || next === low || next === high) return next;
    x = next;
  }
  return x;
}

/** The geometric middle of (low, high), or a leap into the open side. */
function middle(low: number, high: number): number {
  if (low === 0) return high / LEAP;
  if (high === Infinity) return low * LEAP;
  return Math.sqrt(low) * Math.sqrt(high);
}
