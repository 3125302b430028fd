// The coverage grid: how often a run's reported 95% interval holds the true value, for
// scenarios whose true value is known exactly (scope none's closed forms). One module for
// test/stats/coverage.test.ts (idemsim from src/) and scripts/coverage.mjs (from dist/):
// each hands in the idemsim functions it loaded, so both measure the same grid the same way.

/**
 * Three scope-none scenarios, from the defaults with one retry (re-plans stay on, so an
 * action can still commit several times). Request loss a makes lost actions about
 * 0.4 a^2 and unknown outcomes about a^2; the timeout and reply loss set q, which makes
 * duplicates about q. So each scenario puts all three counts near its rate per thousand.
 */
export const SCENARIOS = [
  {
    id: 'rare',
    rate: 0.05,
    sets: ['client.retries=1', 'client.timeout=3.1s', 'network.requestLoss=0.01', 'network.replyLoss=0'],
  },
  {
    id: 'uncommon',
    rate: 1,
    sets: ['client.retries=1', 'client.timeout=2s', 'network.requestLoss=0.05', 'network.replyLoss=0.0002'],
  },
  {
    id: 'common',
    rate: 40,
    sets: ['client.retries=1', 'network.requestLoss=0.2', 'network.replyLoss=0.025'],
  },
];

/**
 * The count-based metrics with an exact closed form, that form's value, and the significant
 * digits that show it (a mean per action sits near 1: its departure from 1 needs six).
 */
export const METRICS = [
  { name: 'duplicatesPerThousand', truth: (e) => 1000 * e.duplicates, digits: 3 },
  { name: 'lostPerThousand', truth: (e) => 1000 * e.lost, digits: 3 },
  { name: 'unknownPerThousand', truth: (e) => 1000 * e.unknown, digits: 3 },
  { name: 'attemptsPerAction', truth: (e) => e.attempts, digits: 6 },
  { name: 'executionsPerAction', truth: (e) => e.executions, digits: 6 },
];

/** `npm test` runs the small grid; `npm run coverage` the full one. */
export const GRIDS = {
  test: { sizes: [1_000, 10_000], replicates: 500 },
  full: { sizes: [1_000, 10_000, 100_000], replicates: 1_000 },
};

/** A cell passes when its interval held the truth in at least this share of replicates. */
export const REQUIRED_COVERAGE = 0.93;

/** Replicate r of a cell has its own fixed seed: cells are independent, reruns identical. */
export function seedOf(id, actions, r) {
  return `coverage:${id}:${actions}:${r}`;
}

/**
 * A scenario of SCENARIOS, loaded, with its true values and the reasons (none expected)
 * why the closed forms might not be exact for it.
 */
export function prepare(engine, spec) {
  const outcome = engine.defaultsWithSets(spec.sets);
  if (!outcome.ok) throw new Error(`coverage scenario ${spec.id} does not load: ${JSON.stringify(outcome.issues)}`);
  const scenario = outcome.scenario;
  const inputs = engine.closedFormInputs(scenario);
  const e = { ...engine.scopeNoneExpectations(inputs), unknown: engine.scopeNoneUnknownPerAction(inputs) };
  const truth = Object.fromEntries(METRICS.map((m) => [m.name, m.truth(e)]));
  const reasons = engine.scopeNoneReasons(scenario).filter((reason) => reason !== false);
  return { spec, scenario, truth, reasons };
}

/** Replicates from .. to - 1 of a cell: each metric's value and reported interval. */
export function runReplicates(engine, prepared, actions, from, to) {
  const samples = [];
  for (let r = from; r < to; r++) {
    const scenario = { ...prepared.scenario, actions, seed: seedOf(prepared.spec.id, actions, r) };
    const result = engine.simulate(scenario);
    const sample = {};
    for (const { name } of METRICS) {
      const interval = result.intervals[name];
      if (interval === undefined) throw new Error(`the run reported no interval for ${name}`);
      sample[name] = { value: result.metrics[name], low: interval.low, high: interval.high };
    }
    samples.push(sample);
  }
  return samples;
}

/**
 * One cell per metric from a scenario's replicates at one run size: the share of intervals
 * that held the truth (ends included), the misses on each side, the mean width, and the
 * mean of the values pooled over every replicate with its standard error (the harness's
 * own check: it says nothing about the intervals).
 */
export function summarize(prepared, actions, samples) {
  const n = samples.length;
  return METRICS.map(({ name }) => {
    const truth = prepared.truth[name];
    let covered = 0;
    let below = 0;
    let width = 0;
    let sum = 0;
    for (const sample of samples) {
      const { value, low, high } = sample[name];
      if (high < truth) below++;
      else if (low <= truth) covered++;
      width += high - low;
      sum += value;
    }
    const mean = sum / n;
    let squares = 0;
    for (const sample of samples) squares += (sample[name].value - mean) ** 2;
    // The spread of a count grows with its mean: replicates that saw fewer events than the
    // truth implies would judge themselves with too small a margin, so theirs is scaled up
    // to the truth's (the margin of a score test; the larger of the two is taken).
    const observedSe = n > 1 ? Math.sqrt(squares / (n - 1) / n) : 0;
    return {
      metric: name,
      scenario: prepared.spec.id,
      rate: prepared.spec.rate,
      actions,
      replicates: n,
      truth,
      coverage: covered / n,
      below,
      above: n - covered - below,
      meanWidth: width / n,
      pooledMean: mean,
      pooledSe: mean > 0 ? observedSe * Math.sqrt(Math.max(1, truth / mean)) : observedSe,
    };
  });
}

/** Every cell of a grid, run in this process, in table order. */
export function runGrid(engine, prepared, grid) {
  const cells = [];
  for (const p of prepared) {
    for (const actions of grid.sizes) {
      cells.push(...summarize(p, actions, runReplicates(engine, p, actions, 0, grid.replicates)));
    }
  }
  return sortCells(cells);
}

/** Metric, then rate, then run size: the order of METRICS, SCENARIOS and the sizes. */
export function sortCells(cells) {
  const metric = (c) => METRICS.findIndex((m) => m.name === c.metric);
  return [...cells].sort((a, b) => metric(a) - metric(b) || a.rate - b.rate || a.actions - b.actions);
}

/** Cells whose interval held the truth in fewer than `required` of their replicates. */
export function shortfalls(cells, required = REQUIRED_COVERAGE) {
  return cells.filter((c) => c.coverage < required);
}

/** How many standard errors the pooled mean lies from the truth (with no spread: 0 or infinitely many). */
export function pooledZ(c) {
  if (c.pooledSe > 0) return (c.pooledMean - c.truth) / c.pooledSe;
  return c.pooledMean === c.truth ? 0 : Infinity;
}

/**
 * Cells whose pooled mean is more than z standard errors from the truth: the closed form,
 * the scenario or the harness is wrong (this says nothing about the intervals).
 */
export function pooledMisses(cells, z) {
  return cells.filter((c) => Math.abs(pooledZ(c)) > z);
}

const significant = (x, digits = 3) => (x === 0 ? '0' : Number(x.toPrecision(digits)).toString());
const percent = (x) => `${(100 * x).toFixed(1)}%`;
const signed = (x) => {
  const size = Math.abs(x).toFixed(1);
  if (size === '0.0') return size;
  return `${x > 0 ? '+' : '-'}${size}`;
};
const thousands = (n) => n.toLocaleString('en-US');

/** The cells as one markdown table; a cell short of `required` is marked. */
export function coverageTable(cells, required = REQUIRED_COVERAGE) {
  const rows = [
    '| metric | scenario | true value | actions | replicates | coverage | misses below / above | mean width | pooled mean (z) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const c of cells) {
    const digits = METRICS.find((m) => m.name === c.metric)?.digits;
    const coverage = c.coverage < required ? `**${percent(c.coverage)}** (short)` : percent(c.coverage);
    rows.push(
      `| ${c.metric} | ${c.scenario} | ${significant(c.truth, digits)} | ${thousands(c.actions)} | ${thousands(c.replicates)} | ` +
        `${coverage} | ${c.below} / ${c.above} | ${significant(c.meanWidth)} | ${significant(c.pooledMean, digits)} (${signed(pooledZ(c))}) |`,
    );
  }
  return rows.join('\n');
}
