// The beta and gamma quantile functions behind the exact intervals: the x where the
// regularized incomplete function reaches p, found by Newton's method on the logarithm of
// the tail from the classical starting points. Each is solved on the tail that p lies in
// (p itself below 1/2, 1 - p, exact there, above), so both tails keep their relative precision.
import { betaLeadingTerm, incompleteBeta } from './incomplete-beta.js';
import { gammaLeadingTerm, incompleteGamma } from './incomplete-gamma.js';
import { solveIncreasing } from './root.js';
import { exp, log } from './libm.js';

/** Quantile p of Beta(a, b); NaN outside p in [0, 1], a > 0, b > 0. */
export function betaQuantile(p: number, a: number, b: number): number {
  if (!(p >= 0 && p <= 1 && a > 0 && b > 0)) return NaN;
  if (p === 0 || p === 1) return p;
  const lowerTail = p <= 0.5;
  const x = solveIncreasing(
    (x) => {
      const tails = incompleteBeta(a, b, x);
      const slope = betaLeadingTerm(a, b, x) / (1 - x);
      return lowerTail
        ? { residual: log(tails.lower / p), slope: slope / tails.lower }
        : { residual: log((1 - p) / tails.upper), slope: slope / tails.upper };
    },
    betaStart(p, a, b),
    0,
    1,
  );
  return x;
}

/** Quantile p of Gamma(shape k, scale theta); 0 for k = 0 (all mass at 0); NaN outside p in [0, 1], k >= 0, theta > 0. */
export function gammaQuantile(p: number, k: number, theta: number): number {
  if (!(p >= 0 && p <= 1 && k >= 0 && theta > 0)) return NaN;
  if (k === 0 || p === 0) return 0;
  if (p === 1) return Infinity;
  const lowerTail = p <= 0.5;
  const x = solveIncreasing(
    (x) => {
      const tails = incompleteGamma(k, x);
      const slope = gammaLeadingTerm(k, x);
      return lowerTail
        ? { residual: log(tails.lower / p), slope: slope / tails.lower }
        : { residual: log((1 - p) / tails.upper), slope: slope / tails.upper };
    },
    gammaStart(p, k),
    0,
    Infinity,
  );
  return theta * x;
}

/** The standard normal quantile at p, to about 3e-3 (Abramowitz and Stegun 26.2.22): a starting point only. */
function roughNormal(p: number): number {
  const t = Math.sqrt(-2 * log(Math.min(p, 1 - p)));
  const z = t - (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481));
  return p < 0.5 ? -z : z;
}

/** Numerical Recipes' start (3rd ed., 6.4): a normal approximation for a, b >= 1, else each tail's leading power. */
function betaStart(p: number, a: number, b: number): number {
  let x: number;
  if (a >= 1 && b >= 1) {
    // Numerical Recipes' variable is minus the normal quantile.
    const y = -roughNormal(p);
    const al = (y * y - 3) / 6;
    const h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const w = (y * Math.sqrt(al + h)) / h - (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (al + 5 / 6 - 2 / (3 * h));
    x = a / (a + b * exp(2 * w));
  } else {
    const t = exp(a * log(a / (a + b))) / a;
    const u = exp(b * log(b / (a + b))) / b;
    const w = t + u;
    x = p < t / w ? exp(log(a * w * p) / a) : 1 - exp(log(b * w * (1 - p)) / b);
  }
  return Math.min(Math.max(x, Number.MIN_VALUE), 1 - Number.EPSILON / 2);
}

/** Numerical Recipes' start (3rd ed., 6.2): Wilson and Hilferty's cube for k > 1, else the leading power. */
function gammaStart(p: number, k: number): number {
  let x: number;
  if (k > 1) {
    const c = 1 - 1 / (9 * k) + roughNormal(p) / (3 * Math.sqrt(k));
    x = Math.max(1e-3, k * (c * c * c));
  } else {
    const t = 1 - k * (0.253 + k * 0.12);
    x = p < t ? exp(log(p / t) / k) : 1 - log(1 - (p - t) / (1 - t));
  }
  return Math.max(x, Number.MIN_VALUE);
}
