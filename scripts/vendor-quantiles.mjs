// The entry scripts/bundle.mjs bundles into dist/vendor/quantiles.cjs (see there).
export { default as beta } from '@stdlib/stats-base-dists-beta-quantile';
export { default as gamma } from '@stdlib/stats-base-dists-gamma-quantile';
