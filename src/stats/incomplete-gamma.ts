// The regularized incomplete gamma function P(a, x) = gamma(a, x) / Gamma(a) and its
// complement Q = 1 - P, each computed directly where it is the smaller one (Numerical
// Recipes, 3rd ed., 6.2: the series below x = a + 1, Lentz's continued fraction above).
import { deviance, stirlingError } from './log-gamma.js';
import { exp } from './libm.js';

export interface Tails {
  lower: number;
  upper: number;
}

/** Below this, a continued fraction's denominators are taken as this instead (Lentz). */
export const TINY = 1e-300;
const EPSILON = Number.EPSILON;
/** Enough for shapes of 1e12: both expansions take a few times sqrt(a) terms. */
const MAX_TERMS = 1e8;

/**
 * x^a e^-x / Gamma(a), a > 0, x >= 0: the gamma density at x times x, written with the
 * deviance so that it keeps its precision when a and x are in the millions.
 */
export function gammaLeadingTerm(a: number, x: number): number {
  if (x === 0) return 0;
  return Math.sqrt(a / (2 * Math.PI)) * exp(-deviance(a, x) - stirlingError(a));
}

/** P(a, x) and Q(a, x) for a > 0, x >= 0. */
export function incompleteGamma(a: number, x: number): Tails {
  if (x === 0) return { lower: 0, upper: 1 };
  if (x === Infinity) return { lower: 1, upper: 0 };
  const lead = gammaLeadingTerm(a, x);
  if (x < a + 1) {
    const lower = lead * lowerSeries(a, x);
    return { lower, upper: 1 - lower };
  }
  const upper = lead * upperFraction(a, x);
  return { lower: 1 - upper, upper };
}

/** sum over n >= 0 of x^n / (a (a + 1) ... (a + n)). */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_TERMS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum;
}

/** 1 / (x + 1 - a - 1 (1 - a) / (x + 3 - a - 2 (2 - a) / (x + 5 - a - ...))), by Lentz's method. */
function upperFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return h;
}
