// The logarithm of the gamma function and the two pieces that keep the incomplete gamma and
// beta functions' leading terms accurate at shapes in the millions: Stirling's error term
// and the Poisson deviance (Loader, "Fast and accurate computation of binomial
// probabilities", 2000), which replace differences of huge logarithms by small numbers.
import { log } from './libm.js';

/** Lanczos's coefficients for g = 607/128 (Numerical Recipes, 3rd ed., 6.1: ln Gamma within 1e-15). */
const LANCZOS = [
  57.15623566586292, -59.59796035547549, 14.136097974741746, -0.4919138160976202, 0.00003399464998481189,
  0.00004652362892704858, -0.00009837447530487956, 0.0001580887032249125, -0.00021026444172410488,
  0.00021743961811521265, -0.0001643181065367639, 0.00008441822398385275, -0.000026190838401581408,
  0.0000036899182659531625,
];

const HALF_LN_TWO_PI = 0.9189385332046728;

/** ln Gamma(z) for z > 0. */
export function lnGamma(z: number): number {
  const t = z + 5.2421875;
  let series = 0.9999999999999971;
  for (let i = 0; i < LANCZOS.length; i++) series += (LANCZOS[i] ?? 0) / (z + 1 + i);
  return (z + 0.5) * log(t) - t + log((2.5066282746310007 * series) / z);
}

/**
 * Stirling's error term ln Gamma(z) - ((z - 1/2) ln z - z + ln sqrt(2 pi)), z > 0. From 15 on
 * its asymptotic series, whose first omitted term is below 3e-16 there; below, from ln Gamma,
 * whose values are still small enough there to leave 1e-14 at most.
 */
export function stirlingError(z: number): number {
  if (z <= 15) return lnGamma(z) - (z - 0.5) * log(z) + z - HALF_LN_TWO_PI;
  const z2 = z * z;
  return (1 / 12 - (1 / 360 - (1 / 1260 - (1 / 1680 - 1 / 1188 / z2) / z2) / z2) / z2) / z;
}

/**
 * The deviance x ln(x / m) + m - x (x >= 0, m > 0), without the cancellation of its terms
 * when x is near m: there as (x - m)^2 / (x + m) times a quickly converging series in
 * v = (x - m) / (x + m).
 */
export function deviance(x: number, m: number): number {
  if (Math.abs(x - m) >= 0.1 * (x + m)) return x === 0 ? m : x * log(x / m) + m - x;
  const v = (x - m) / (x + m);
  const v2 = v * v;
  let sum = (x - m) * v;
  let term = 2 * x * v;
  for (let j = 1; j < 1000; j++) {
    term *= v2;
    const next = sum + term / (2 * j + 1);
    if (next === sum) return sum;
    sum = next;
  }
  return sum;
}
