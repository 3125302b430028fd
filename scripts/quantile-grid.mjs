#!/usr/bin/env node
// Wrote test/stats/quantile-grid.json, the reference values that src/stats/quantiles.ts is
// checked against: the beta and gamma quantiles of @stdlib 0.2.3 (the packages idemsim used
// before its own), on a grid over the shapes and levels the exact intervals pass, plus every
// call the goldens and the article's figures made. It needs those packages, which idemsim no
// longer installs: `npm install --no-save @stdlib/stats-base-dists-beta-quantile@0.2.3
// @stdlib/stats-base-dists-gamma-quantile@0.2.3` first. Usage: node scripts/quantile-grid.mjs [calls.jsonl]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const beta = require('@stdlib/stats-base-dists-beta-quantile');
const gamma = require('@stdlib/stats-base-dists-gamma-quantile');

// Shapes from a thousandth (a share on a heavily clustered sample) to 1e9 (a count summed
// over merged shards), with the half-integers and small whole numbers that counts give.
const SHAPES = [1e-3, 0.01, 0.1, 0.5, 1, 1.5, 2, 3, 4.7, 10, 31, 100, 957, 1e4, 64723.4, 1e6, 1e7, 1e9];
// The levels the intervals use (0.025, 0.975; 0.05 for Student's t) and both far tails.
const LEVELS = [0, 1e-12, 1e-6, 1e-3, 0.025, 0.05, 0.3, 0.5, 0.7, 0.95, 0.975, 0.999, 1 - 1e-6, 1];

const points = { beta: [], gamma: [] };
for (const p of LEVELS) {
  for (const a of SHAPES) {
    // At p = 1 the gamma quantile is Infinity, which JSON cannot hold: the test checks it apart.
    if (p < 1) points.gamma.push([p, a, gamma(p, a, 1)]);
    for (const b of SHAPES) points.beta.push([p, a, b, beta(p, a, b)]);
  }
  if (p < 1) points.gamma.push([p, 0, gamma(p, 0, 1)]);
}
// The calls of `npm run goldens` and `idemsim figures`, logged as [kind, p, a, b, value] lines.
const calls = process.argv[2] === undefined ? [] : readFileSync(process.argv[2], 'utf8').trim().split('\n');
for (const [kind, p, a, b] of calls.map((line) => JSON.parse(line))) {
  if (kind === 'beta') points.beta.push([p, a, b, beta(p, a, b)]);
  else points.gamma.push([p, a, gamma(p, a, b) / b]);
}
const json = (rows) => rows.map((row) => `    ${JSON.stringify(row)}`).join(',\n');
writeFileSync(
  fileURLToPath(import.meta.resolve('../test/stats/quantile-grid.json')),
  `{\n  "beta": [\n${json(points.beta)}\n  ],\n  "gamma": [\n${json(points.gamma)}\n  ]\n}\n`,
);
