// The regularized incomplete beta function I_x(a, b) and its complement 1 - I_x(a, b), each
// computed directly on its own side of the mean (Numerical Recipes, 3rd ed., 6.4: Lentz's
// continued fraction, which converges quickly for x below (a + 1) / (a + b + 2)).
import { TINY, type Tails } from './incomplete-gamma.js';
import { deviance, stirlingError } from './log-gamma.js';
import { exp } from './libm.js';

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
  return Math.sqrt((a * b) / (2 * Math.PI * n)) * exp(exponent);
}

/** I_x(a, b) and 1 - I_x(a, b) for a, b > 0, 0 <= x <= 1. */
export function incompleteBeta(a: number, b: number, x: number): Tails {
  if (x === 0) return { lower: 0, upper: 1 };
  if (x === 1) return { lower: 1, upper: 0 };
  const lead = betaLeadingTerm(a, b, x);
  if (x < (a + 1) / (a + b + 2)) {
    const lower = lead / fraction(a, b, x, 1 - x);
    return { lower, upper: 1 - lower };
  }
  const upper = lead / fraction(b, a, 1 - x, x);
  return { lower: 1 - upper, upper };
}

/**
 * x^a (1 - x)^b / B(a, b) over I_x(a, b): the even part of the continued fraction, as
 * DiDonato and Morris (ACM TOMS 708) and Boost write it, by Lentz's method; `y` is 1 - x,
 * exact where x came as 1 - y. Its terms take a y - b x + 1 from both: the plain fraction
 * subtracts numbers near 1 at every other term when x is near 1 (a count's upper bound,
 * x = 1 - 4e-9 at n = 1e9), which lost 1e-8 of the quantile there.
 */
function fraction(a: number, b: number, x: number, y: number): number {
  const gap = a * y - b * x + 1;
  let f = (a * gap) / (a + 1);
  if (Math.abs(f) < TINY) f = TINY;
  let c = f;
  let d = 0;
  for (let m = 1; m < MAX_TERMS; m++) {
    const odd = a + 2 * m - 1;
    const an = ((a + m - 1) * (a + b + m - 1) * m * (b - m) * x * x) / (odd * odd);
    const bn = m + (m * (b - m) * x) / odd + ((a + m) * (gap + m * (2 - x))) / (a + 2 * m + 1);
    d = bn + an * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = bn + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = c * d;
    f *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return f;
}
