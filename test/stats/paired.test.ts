// The paired design of `idemsim diff` (src/stats/paired.ts): when it applies and what it
// gives on hand-built batches with a known answer, then through simulate(): two runs on one
// seed pair and narrow the interval, runs on two seeds do not, and every run's batches add
// up to its own totals whichever path (re-plans, crash replays, keys, the plain fast path)
// its actions took.
import { describe, expect, it } from 'vitest';
import { BATCHED_COUNTS, PAIRED_METRICS, type BatchedCount, type Batches } from '../../src/model/batches.js';
import type { RunResult } from '../../src/model/result.js';
import type { Scenario } from '../../src/model/scenario.js';
import { defaultsWithSets } from '../../src/scenario/index.js';
import { simulate } from '../../src/sim/simulate.js';
import { diffMetric, moverInterval } from '../../src/stats/diff.js';
import { MIN_DIFFERING_EVENTS, pairedChange } from '../../src/stats/paired.js';

/** Tabulated two-sided 95% critical values of Student's t. */
const T975 = { 3: 3.182446305284263, 49: 2.009575237129243 } as const;

/** Batches of a run of `actions` actions (at most 50 batches), the counts not given all zero. */
function batches(seed: number | string, actions: number, given: Partial<Record<BatchedCount, number[]>>): Batches {
  const count = Math.min(50, actions);
  const sums = Object.fromEntries(
    BATCHED_COUNTS.map((name) => [name, given[name] ?? new Array<number>(count).fill(0)]),
  ) as Batches['sums'];
  return { seed, actions, sums };
}

/** Four actions, one a batch: base one duplicate each, fresh 24 more in all. */
const BASE = batches(1, 4, { duplicates: [1, 1, 1, 1] });
const FRESH = batches(1, 4, { duplicates: [6, 8, 4, 10] });

describe('pairedChange: when the design applies', () => {
  it('is null for a metric that is not a per-action mean of batched counts', () => {
    expect(PAIRED_METRICS['dedupHitRate']).toBeUndefined();
    expect(pairedChange('dedupHitRate', 6000, BASE, FRESH)).toBeNull();
    expect(pairedChange('latency.call.p95', 6000, BASE, FRESH)).toBeNull();
    expect(pairedChange('duplicatesPerThousand', 6000, BASE, FRESH)).not.toBeNull();
  });

  it('is null when either side has no batches (an older saved run, pooled replicas)', () => {
    expect(pairedChange('duplicatesPerThousand', 6000, undefined, FRESH)).toBeNull();
    expect(pairedChange('duplicatesPerThousand', 6000, BASE, undefined)).toBeNull();
  });

  it('is null for runs on different seeds', () => {
    expect(pairedChange('duplicatesPerThousand', 6000, BASE, { ...FRESH, seed: 2 })).toBeNull();
    expect(pairedChange('duplicatesPerThousand', 6000, { ...BASE, seed: 'a' }, { ...FRESH, seed: 'b' })).toBeNull();
  });

  it('pairs seed 1 with seed "1": the streams are keyed by the seed as text, so both draw the same', () => {
    const asText = pairedChange('duplicatesPerThousand', 6000, BASE, { ...FRESH, seed: '1' });
    expect(asText).not.toBeNull();
    expect(asText).toEqual(pairedChange('duplicatesPerThousand', 6000, BASE, FRESH));
  });

  it('is null for runs of different numbers of actions', () => {
    const five = batches(1, 5, { duplicates: [6, 8, 4, 10, 0] });
    expect(pairedChange('duplicatesPerThousand', 6000, batches(1, 5, {}), five)).not.toBeNull();
    expect(pairedChange('duplicatesPerThousand', 6000, BASE, five)).toBeNull();
  });

  it('is null for two identical runs: no event differs', () => {
    expect(pairedChange('duplicatesPerThousand', 0, FRESH, FRESH)).toBeNull();
  });

  it(`is null below ${MIN_DIFFERING_EVENTS} differing events, and pairs from there`, () => {
    const base = batches(1, 4, {});
    // 19 and 20 events apart, both with batch differences that vary (a standard error above 0).
    expect(pairedChange('duplicatesPerThousand', 4750, base, batches(1, 4, { duplicates: [4, 5, 5, 5] }))).toBeNull();
    expect(pairedChange('duplicatesPerThousand', 5000, base, batches(1, 4, { duplicates: [4, 5, 6, 5] }))).toEqual({
      se: expect.any(Number),
      df: 3,
      interval: expect.any(Object),
    });
  });

  it('counts differing events in both directions: +10 in one batch and -10 in another pair', () => {
    const base = batches(1, 4, { lost: [10, 0, 0, 0] });
    const fresh = batches(1, 4, { lost: [0, 10, 0, 0] });
    expect(pairedChange('lostPerThousand', 0, base, fresh)?.df).toBe(3);
  });
});

describe('pairedChange: the interval', () => {
  it('is centred on the change given, with df = batches - 1 and the se of the batch differences', () => {
    // Differences 5, 7, 3, 9 per one-action batch: mean 6, squares about it 1 + 1 + 9 + 9 = 20,
    // sample SD sqrt(20 / 3), and the mean's se that over sqrt(4); per thousand: times 1000.
    const se = (1000 * Math.sqrt(20 / 3)) / 2;
    const paired = pairedChange('duplicatesPerThousand', 6000, BASE, FRESH);
    expect(paired?.df).toBe(3);
    expect(paired?.se).toBeCloseTo(se, 9);
    expect(paired?.interval.low).toBeCloseTo(6000 - T975[3] * se, 6);
    expect(paired?.interval.high).toBeCloseTo(6000 + T975[3] * se, 6);
    // The centre is the change handed in, not recomputed from the batches.
    const shifted = pairedChange('duplicatesPerThousand', 100, BASE, FRESH);
    expect(((shifted?.interval.low ?? 0) + (shifted?.interval.high ?? 0)) / 2).toBeCloseTo(100, 9);
  });

  it('weighs each batch by its size when the actions do not divide evenly', () => {
    // 75 actions in 50 batches of 2, 1, 2, 1, ... actions. One event per action in every
    // batch, and 25 more in batch 0: 100 events over 75 actions, 4/3 each. Batch 0 lies
    // 27 - 2 (4/3) = 73/3 from its share; the other 24 two-action batches -2/3 and the 25
    // one-action batches -1/3: squares (73^2 + 24 * 4 + 25) / 9 = 5450 / 9.
    const sizes = Array.from({ length: 50 }, (_, b) => (b % 2 === 0 ? 2 : 1));
    const fresh = batches('s', 75, { duplicates: sizes.map((n, b) => n + (b === 0 ? 25 : 0)) });
    const se = (1000 * Math.sqrt((50 / 49) * (5450 / 9))) / 75;
    const paired = pairedChange('duplicatesPerThousand', 1000 * (100 / 75), batches('s', 75, {}), fresh);
    expect(paired?.df).toBe(49);
    expect(paired?.se).toBeCloseTo(se, 9);
  });

  it('reads attemptsPerAction in attempts (scale 1) from the extra attempts', () => {
    const paired = pairedChange(
      'attemptsPerAction',
      6,
      batches(1, 4, {}),
      batches(1, 4, { extraAttempts: [5, 7, 3, 9] }),
    );
    expect(paired?.se).toBeCloseTo(Math.sqrt(20 / 3) / 2, 12);
  });

  it('takes executionsPerAction as extra executions less missing ones', () => {
    const base = batches(1, 4, {});
    const extra = [5, 7, 3, 9];
    // The same changes in both counts cancel: no change in executions, nothing to pair on.
    expect(
      pairedChange('executionsPerAction', 0, base, batches(1, 4, { extraExecutions: extra, missingExecutions: extra })),
    ).toBeNull();
    // Differences 5-1, 7-2, 3-3, 9-4 = 4, 5, 0, 5: mean 3.5, squares 0.25 + 2.25 + 12.25 + 2.25 = 17.
    const fresh = batches(1, 4, { extraExecutions: extra, missingExecutions: [1, 2, 3, 4] });
    expect(pairedChange('executionsPerAction', 3.5, base, fresh)?.se).toBeCloseTo(Math.sqrt(17 / 3) / 2, 12);
  });
});

/** The defaults with `sets`, at `actions` actions on `seed`. */
function scenario(sets: readonly string[], actions: number, seed: number | string): Scenario {
  const outcome = defaultsWithSets(sets);
  if (!outcome.ok) throw new Error(`does not load: ${JSON.stringify(outcome.issues)}`);
  return { ...outcome.scenario, actions, seed };
}

const mover = (metric: string, base: RunResult, fresh: RunResult) => {
  const value = (r: RunResult) => (r.metrics as unknown as Record<string, number>)[metric] as number;
  const interval = (r: RunResult) => r.intervals[metric] ?? { low: Number.NaN, high: Number.NaN };
  return moverInterval(value(base), interval(base), value(fresh), interval(fresh));
};

describe('diffMetric on simulated runs', () => {
  const ACTIONS = 20_000;
  const base = simulate(scenario(['client.timeout=1s'], ACTIONS, 7));
  const fresh = simulate(scenario(['client.timeout=1.2s'], ACTIONS, 7));
  const elsewhere = simulate(scenario(['client.timeout=1.2s'], ACTIONS, 8));
  const width = (i: { low: number; high: number } | null) => (i === null ? Number.NaN : i.high - i.low);

  it('pairs two runs on one seed, centred on the change, with 49 degrees of freedom', () => {
    const diff = diffMetric('duplicatesPerThousand', 'perThousand', base, fresh);
    expect(diff.paired?.df).toBe(49);
    const se = diff.paired?.se ?? Number.NaN;
    expect(diff.interval?.low).toBeCloseTo(diff.change - T975[49] * se, 9);
    expect(diff.interval?.high).toBeCloseTo(diff.change + T975[49] * se, 9);
  });

  it('narrows the interval well below the one of two independent runs', () => {
    // A 1.2 s timeout's duplicates are nearly a subset of a 1 s timeout's (latency above
    // 1.2 s is above 1 s; reply losses are shared), so only the actions between differ:
    // the widths stand near sqrt((d1 - d2) / (d1 + d2)), about 0.4 at 41 and 29 per thousand.
    const diff = diffMetric('duplicatesPerThousand', 'perThousand', base, fresh);
    expect(width(diff.interval)).toBeLessThan(0.6 * width(mover('duplicatesPerThousand', base, fresh)));
  });

  it('compares runs on different seeds as independent: MOVER, no paired field', () => {
    const diff = diffMetric('duplicatesPerThousand', 'perThousand', base, elsewhere);
    expect(diff.paired).toBeUndefined();
    expect(diff.interval).toEqual(mover('duplicatesPerThousand', base, elsewhere));
  });

  it('falls back to MOVER for a run compared with itself', () => {
    const diff = diffMetric('duplicatesPerThousand', 'perThousand', base, base);
    expect(diff.paired).toBeUndefined();
    expect(diff.interval).toEqual(mover('duplicatesPerThousand', base, base));
  });
});

/** Scenarios whose actions take every path that counts: re-plans, crash replays, keys, the fast path. */
const PATHS: Record<string, string[]> = {
  'the plain fast path (the defaults)': [],
  're-plans after lost requests and errors': ['network.requestLoss=0.1', 'service.errorRate=0.05'],
  'crash replays': ['agent.crash.probability=0.3', 'network.requestLoss=0.05'],
  'intent keys with crash replays': ['keys.scope=intent', 'network.requestLoss=0.1', 'agent.crash.probability=0.2'],
  'call keys': ['keys.scope=call', 'network.requestLoss=0.1', 'service.errorRate=0.05'],
  'lost requests, neither retried nor re-planned': [
    'client.retries=0',
    'network.requestLoss=0.1',
    'agent.replan.probability=0',
  ],
};

const total = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

describe.each(Object.entries(PATHS))('the batches of a run: %s', (_, sets) => {
  const s = scenario(sets, 3000, 'batches');
  const result = simulate(s);
  const sums = result.batches?.sums;
  const sum = (name: BatchedCount): number => total(sums?.[name] ?? [Number.NaN]);

  it('are 50 per count, with the seed and actions of the run', () => {
    expect(result.batches?.seed).toBe('batches');
    expect(result.batches?.actions).toBe(3000);
    for (const name of BATCHED_COUNTS) expect(sums?.[name]).toHaveLength(50);
  });

  it("add up to the run's own totals", () => {
    const m = result.metrics;
    expect(sum('duplicates')).toBe(m.duplicates);
    expect(sum('lost')).toBe(m.lostActions);
    expect(sum('unknown')).toBe(m.unknownOutcomes);
    expect(sum('falseFailures')).toBe(m.falseFailures);
    expect(sum('extraAttempts')).toBe(m.attempts - m.actions);
    expect(sum('extraExecutions') - sum('missingExecutions')).toBe(m.executions - m.actions);
  });

  it('are the same with the fast path off', () => {
    expect(simulate(s, { plain: false }).batches).toEqual(result.batches);
  });
});

describe('the batches of the scenarios above, together', () => {
  it('see every count at least once, so that the sums above check each', () => {
    const seen = new Set<BatchedCount>();
    for (const sets of Object.values(PATHS)) {
      const sums = simulate(scenario(sets, 3000, 'batches')).batches?.sums;
      for (const name of BATCHED_COUNTS) if (total(sums?.[name] ?? []) > 0) seen.add(name);
    }
    expect([...seen].sort()).toEqual([...BATCHED_COUNTS].sort());
  });

  it('are one per action for a run of fewer than 50 actions', () => {
    const result = simulate(scenario(['network.requestLoss=0.2'], 30, 3));
    for (const name of BATCHED_COUNTS) expect(result.batches?.sums[name]).toHaveLength(30);
    expect(total(result.batches?.sums.extraAttempts ?? [])).toBe(result.metrics.attempts - 30);
  });
});
