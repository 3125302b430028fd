// The beta and gamma quantile functions behind the exact intervals, from @stdlib, loaded on
// first use. The built CLI loads them from dist/vendor/quantiles.cjs, one file that
// scripts/bundle.mjs bundles at build time, because the packages as published are ~400
// CommonJS modules whose resolution alone cost ~180 ms of start-up; run from src/ (tests),
// the packages load directly. Either way it is the same @stdlib code.
import { createRequire } from 'node:module';
import { loadOnFirstUse } from '../model/vendored.js';

export interface Quantiles {
  /** Quantile p of Beta(a, b). */
  beta(p: number, a: number, b: number): number;
  /** Quantile p of Gamma(shape k, scale theta). */
  gamma(p: number, k: number, theta: number): number;
}

const requireHere = createRequire(import.meta.url);

/** The quantile functions, loaded once. */
export const quantiles: () => Quantiles = loadOnFirstUse(requireHere, '../vendor/quantiles.cjs', () => ({
  beta: requireHere('@stdlib/stats-base-dists-beta-quantile') as Quantiles['beta'],
  gamma: requireHere('@stdlib/stats-base-dists-gamma-quantile') as Quantiles['gamma'],
}));
