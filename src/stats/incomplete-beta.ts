// The regularized incomplete beta function I_x(a, b) and its complement 1 - I_x(a, b), each
// computed directly on its own side of the mean (Numerical Recipes, 3rd ed., 6.4: Lentz's
// continued fraction, which converges quickly for x below (a + 1) / (a + b + 2)).
import { TINY, type Tails } from './incomplete-gamma.js';
import { deviance, stirlingError } from './log-gamma.js';

const EPSILON = Number.EPSILON;
/** Enough for shapes of 1e12: the fraction takes a few times sqrt(max(a, b)) terms. */
const MAX_TERMS = 1e8;

/**
 * x^a (1 - x)^b / B(a, b), a, b > 0, 0 <= x <= 1: the beta density at x times x (1 - x),
 * written with Stirling's error terms and the deviance (Loader's binomial density, for real
 * shapes) so that it keeps its precision when a and b are in the millions.
 */
export function betaLeadingTerm(a: number, b: number, x: number): number {
  if (x === 0 || x === 1) return 0;
  const n = a + b;
  const exponent =
    stirlingError(n) - stirlingError(a) - stirlingError(b) - deviance(a, n * x) - deviance(b, n * (1 - x));
  return Math.sqrt((a * b) / (2 * Math.PI * n)) * Math.exp(exponent);
}

/** I_x(a, b) and 1 - I_x(a, b) for a, b > 0, 0 <= x <= 1. */
export function incompleteBeta(a: number, b: number, x: number): Tails {
  if (x === 0) return { lower: 0, upper: 1 };
  if (x === 1) return { lower: 1, upper: 0 };
  const lead = betaLeadingTerm(a, b, x);
  if (x < (a + 1) / (a + b + 2)) {
    const lower = (lead * fraction(a, b, x)) / a;
    return { lower, upper: 1 - lower };
  }
  const upper = (lead * fraction(b, a, 1 - x)) / b;
  return { lower: 1 - upper, upper };
}

/** The continued fraction of I_x(a, b) / (x^a (1 - x)^b / (a B(a, b))), by Lentz's method. */
function fraction(a: number, b: number, x: number): number {
  const clamp = (v: number): number => (Math.abs(v) < TINY ? TINY : v);
  let c = 1;
  let d = 1 / clamp(1 - ((a + b) * x) / (a + 1));
  let h = d;
  for (let m = 1; m < MAX_TERMS; m++) {
    const even = (m * (b - m) * x) / ((a - 1 + 2 * m) * (a + 2 * m));
    d = 1 / clamp(1 + even * d);
    c = clamp(1 + even / c);
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 1 + 2 * m));
    d = 1 / clamp(1 + odd * d);
    c = clamp(1 + odd / c);
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return h;
}
