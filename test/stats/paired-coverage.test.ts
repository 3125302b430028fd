// How often the paired interval of a change holds the true change: 300 replicate pairs of
// runs, both runs of a pair on one seed, of scope-none scenarios of scripts/coverage-grid.mjs
// and a variant of each whose closed forms are exact too, so the true change is known. Beside
// coverage: whether the paired standard error matches the spread of the changes, whether the
// changes centre on the truth, and whether pairing narrows the interval (its point).
import { beforeAll, describe, expect, it } from 'vitest';
import { engine } from './coverage-engine.js';
import type { RunResult } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { diffMetric, moverInterval } from '../../src/stats/diff.js';
import { standardNormalQuantile } from '../../src/stats/normal.js';
import { gammaQuantile } from '../../src/stats/quantiles.js';
import { METRICS, type Prepared, SCENARIOS, prepare } from '../../scripts/coverage-grid.mjs';

/** Each scenario's variant: a longer timeout (fewer duplicates) and more request loss (more lost). */
const VARIANTS: Record<string, string[]> = {
  common: ['client.timeout=1.2s', 'network.requestLoss=0.24'],
  uncommon: ['client.timeout=2.3s', 'network.requestLoss=0.06'],
};

// 2 scenarios x 2 runs x 300 replicates x 10,000 actions: 12 million simulated actions.
const REPLICATES = 300;
const ACTIONS = 10_000;
/** Every check below is one family over all the cells, with this chance of failing by chance. */
const FAMILY = 0.001;

interface Pair {
  id: string;
  base: Prepared;
  fresh: Prepared;
}

const pairs: Pair[] = Object.entries(VARIANTS).map(([id, sets]) => {
  const spec = SCENARIOS.find((s) => s.id === id);
  if (spec === undefined) throw new Error(`no coverage scenario ${id}`);
  // A later --set of a field overrides an earlier one, as on the command line.
  return {
    id,
    base: prepare(engine, spec),
    fresh: prepare(engine, { ...spec, id: `${id}+`, sets: [...spec.sets, ...sets] }),
  };
});

/** One metric of one pair of scenarios over every replicate. */
interface Cell {
  scenario: string;
  metric: string;
  truth: number;
  covered: number;
  /** Replicates whose diff was paired, and the sum of their se squared. */
  paired: number;
  seSquares: number;
  changes: number[];
  pairedWidth: number;
  moverWidth: number;
}

const CELLS = pairs.length * METRICS.length;
const value = (r: RunResult, metric: string): number =>
  (r.metrics as unknown as Record<string, number>)[metric] as number;
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

function runCells(pair: Pair): Cell[] {
  const cells: Cell[] = METRICS.map(({ name }) => ({
    scenario: pair.id,
    metric: name,
    truth: (pair.fresh.truth[name] as number) - (pair.base.truth[name] as number),
    covered: 0,
    paired: 0,
    seSquares: 0,
    changes: [],
    pairedWidth: 0,
    moverWidth: 0,
  }));
  for (let r = 0; r < REPLICATES; r++) {
    const seed = `paired:${pair.id}:${r}`;
    const base = simulate({ ...pair.base.scenario, actions: ACTIONS, seed });
    const fresh = simulate({ ...pair.fresh.scenario, actions: ACTIONS, seed });
    for (const cell of cells) {
      const diff = diffMetric(cell.metric, 'perThousand', base, fresh);
      const interval = diff.interval;
      const [bi, ni] = [base.intervals[cell.metric], fresh.intervals[cell.metric]];
      if (interval === null || bi === undefined || ni === undefined) throw new Error(`no interval for ${cell.metric}`);
      if (interval.low <= cell.truth && cell.truth <= interval.high) cell.covered++;
      cell.changes.push(diff.change);
      const mover = moverInterval(value(base, cell.metric), bi, value(fresh, cell.metric), ni);
      cell.moverWidth += (mover.high - mover.low) / REPLICATES;
      cell.pairedWidth += (interval.high - interval.low) / REPLICATES;
      if (diff.paired !== undefined) {
        cell.paired++;
        cell.seSquares += diff.paired.se ** 2;
      }
    }
  }
  return cells;
}

/**
 * The fewest covering replicates a cell may show: the largest k with P(X < k) <= FAMILY /
 * CELLS for X ~ Binomial(REPLICATES, 0.95), so that cells covering at the nominal 95% all pass
 * together with probability at least 1 - FAMILY (Bonferroni). Summed exactly, in logs.
 */
function fewestCovered(n: number, p: number, alpha: number): number {
  const logFactorial = [0];
  for (let i = 1; i <= n; i++) logFactorial.push((logFactorial[i - 1] as number) + Math.log(i));
  const pmf = (k: number) =>
    Math.exp(
      (logFactorial[n] as number) -
        (logFactorial[k] as number) -
        (logFactorial[n - k] as number) +
        k * Math.log(p) +
        (n - k) * Math.log(1 - p),
    );
  let below = 0;
  let k = 0;
  while (below + pmf(k) <= alpha) below += pmf(k++);
  return k;
}

const describeCell = (c: Cell): string =>
  `${c.scenario} ${c.metric}: coverage ${c.covered}/${REPLICATES}, paired ${c.paired}, ` +
  `SD ${sd(c.changes).toPrecision(3)} vs rms se ${Math.sqrt(c.seSquares / c.paired).toPrecision(3)}, ` +
  `mean ${mean(c.changes).toPrecision(4)} vs truth ${c.truth.toPrecision(4)}, width ratio ${(c.pairedWidth / c.moverWidth).toFixed(2)}`;

describe('coverage of the paired intervals of a change', () => {
  let cells: Cell[] = [];
  beforeAll(() => {
    cells = pairs.flatMap(runCells);
  });
  const table = () => cells.map(describeCell).join('\n');

  it.each(pairs)('the $id scenario and its variant are both ones the closed forms are exact for', (pair) => {
    expect(pair.base.reasons).toEqual([]);
    expect(pair.fresh.reasons).toEqual([]);
    // The variant's sets took (the later one of a field wins) and move every metric's truth.
    expect(pair.fresh.scenario.client.timeout).toBeGreaterThan(pair.base.scenario.client.timeout);
    expect(pair.fresh.scenario.network.requestLoss).toBeGreaterThan(pair.base.scenario.network.requestLoss);
    for (const { name } of METRICS) expect(pair.fresh.truth[name], name).not.toBe(pair.base.truth[name]);
  });

  it('pairs every replicate wherever many events differ: all of common, attempts of uncommon', () => {
    const always = cells.filter((c) => c.paired === REPLICATES).map((c) => `${c.scenario} ${c.metric}`);
    for (const { name } of METRICS) expect(always).toContain(`common ${name}`);
    expect(always).toContain('uncommon attemptsPerAction');
  });

  it('holds the true change in at least the share a 95% interval would, family-wise', () => {
    const fewest = fewestCovered(REPLICATES, 0.95, FAMILY / CELLS);
    const short = cells.filter((c) => c.covered < fewest).map(describeCell);
    expect(short, `cells covering fewer than ${fewest} of ${REPLICATES}:\n${table()}`).toEqual([]);
  });

  it('has a standard error that matches the spread of the changes, where every replicate paired', () => {
    // (n - 1) SD^2 / sigma^2 ~ chi-square(n - 1) for n normal changes (each a sum over 10,000
    // actions), two-sided at FAMILY / CELLS. The rms se, over 300 replicates of 49 degrees of
    // freedom each, stands for sigma within about 1 / sqrt(2 * 300 * 49) = 0.6%, a small
    // fraction of the chi-square bound's width (about 15%), and is taken as sigma.
    const df = REPLICATES - 1;
    const tail = FAMILY / CELLS / 2;
    const low = Math.sqrt(gammaQuantile(tail, df / 2, 2) / df);
    const high = Math.sqrt(gammaQuantile(1 - tail, df / 2, 2) / df);
    const checked = cells.filter((c) => c.paired === REPLICATES);
    const off = checked.filter((c) => {
      const ratio = sd(c.changes) / Math.sqrt(c.seSquares / c.paired);
      return !(ratio >= low && ratio <= high);
    });
    expect(off.map(describeCell), `SD / rms se outside [${low}, ${high}]:\n${table()}`).toEqual([]);
  });

  it('centres the changes on the true change, within a family-wise z of their standard error', () => {
    // A check of the closed forms and the harness as much as of the design.
    const z = standardNormalQuantile(1 - FAMILY / CELLS / 2);
    const off = cells.filter((c) => Math.abs(mean(c.changes) - c.truth) > (z * sd(c.changes)) / Math.sqrt(REPLICATES));
    expect(off.map(describeCell), `means off the truth beyond ${z} se:\n${table()}`).toEqual([]);
  });

  it('narrows the interval of common changes below 0.6 of the MOVER interval of independent runs', () => {
    const wide = cells.filter((c) => c.scenario === 'common' && !(c.pairedWidth < 0.6 * c.moverWidth));
    expect(wide.map(describeCell), table()).toEqual([]);
  });
});
