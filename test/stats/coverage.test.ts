// How often the 95% intervals of the count-based metrics hold the truth: 500 seeded
// replicate runs per cell of scenarios whose true values scope none's closed forms give
// exactly, at about 0.05, 1 and 40 per thousand, with 1,000 and 10,000 actions per run.
// The larger grid is `npm run coverage` (docs/coverage.md); both share scripts/coverage-grid.mjs.
import { beforeAll, describe, expect, it } from 'vitest';
import { engine } from './coverage-engine.js';
import { standardNormalQuantile } from '../../src/stats/normal.js';
import {
  type Cell,
  GRIDS,
  REQUIRED_COVERAGE,
  SCENARIOS,
  coverageTable,
  pooledMisses,
  prepare,
  runGrid,
  shortfalls,
} from '../../scripts/coverage-grid.mjs';

// 3 scenarios x 500 replicates x (1,000 + 10,000) actions: 16.5 million simulated actions.
const GRID = GRIDS.test;
const prepared = SCENARIOS.map((spec) => prepare(engine, spec));

describe('coverage of the reported 95% intervals', () => {
  let cells: Cell[] = [];
  beforeAll(() => {
    cells = runGrid(engine, prepared, GRID);
  });

  it.each(prepared)('the $spec.id scenario is one the scope-none closed forms are exact for', (p) => {
    expect(p.reasons).toEqual([]);
  });

  it.each(prepared)('the $spec.id scenario puts duplicates within a factor 1.5 of $spec.rate per thousand', (p) => {
    const ratio = (p.truth['duplicatesPerThousand'] ?? Number.NaN) / p.spec.rate;
    expect(ratio).toBeGreaterThan(1 / 1.5);
    expect(ratio).toBeLessThan(1.5);
  });

  it('pools every replicate of a cell to a mean within its standard error of the closed form', () => {
    // A check of the harness, not of the intervals: one family of checks over every cell,
    // at Bonferroni's z, so that all pass together with 95% probability.
    const z = standardNormalQuantile(1 - 0.025 / cells.length);
    const misses = pooledMisses(cells, z).map(
      (c) => `${c.metric} ${c.scenario} ${c.actions}: pooled ${c.pooledMean} +- ${z * c.pooledSe}, truth ${c.truth}`,
    );
    expect(misses, `pooled means off the closed form:\n${misses.join('\n')}`).toEqual([]);
  });

  it(`holds the truth in at least ${100 * REQUIRED_COVERAGE}% of replicates in every cell`, () => {
    const short = shortfalls(cells).map((c) => `${c.metric} ${c.scenario} ${c.actions}`);
    expect(short, `cells short of ${100 * REQUIRED_COVERAGE}% coverage:\n${coverageTable(cells)}\n`).toEqual([]);
  });
});
