// The built CLI loads the @stdlib quantiles from one bundled file (scripts/bundle.mjs) for a
// faster start; the bundle must be the same functions, answer for answer.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantiles } from '../../src/stats/quantiles.js';

const require = createRequire(import.meta.url);
const BUNDLE = resolve(__dirname, '..', '..', 'dist', 'vendor', 'quantiles.cjs');

describe('the bundled quantile functions', () => {
  it('are built with the CLI (npm install and npm ci run the build)', () => {
    expect(existsSync(BUNDLE)).toBe(true);
  });

  it('give exactly what the @stdlib packages give', () => {
    const bundled = require(BUNDLE) as ReturnType<typeof quantiles>;
    const direct = quantiles();
    const shape = fc.double({ min: 1e-3, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), shape, shape, (p, a, b) => {
        expect(Object.is(bundled.beta(p, a, b), direct.beta(p, a, b))).toBe(true);
        expect(Object.is(bundled.gamma(p, a, 1), direct.gamma(p, a, 1))).toBe(true);
      }),
      { seed: 15, numRuns: 2000 },
    );
  });
});
