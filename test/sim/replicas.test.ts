// Replicas pool exactly: a run's tallies carried as data measure as the run itself did,
// pooled tallies hold the sums, pooled moments and added histograms of every replica, and
// a pooled interval is never narrower than the pooled data or the replicas' spread allow.
import { describe, expect, it } from 'vitest';
import { metricValue } from '../../src/model/metrics.js';
import { defaultScenario, type Scenario } from '../../src/model/scenario.js';
import { Histogram } from '../../src/stats/histogram.js';
import { replicationInterval } from '../../src/stats/student.js';
import { Welford } from '../../src/stats/welford.js';
import { measureFrom } from '../../src/sim/measure.js';
import { poolReplicas, replicaScenario, replicaSeed } from '../../src/sim/replicas.js';
import { simulate, simulateWithState } from '../../src/sim/simulate.js';
import { poolRuns, tallyFromState, tallyState } from '../../src/sim/tally-state.js';

function scenario(changes: Partial<Scenario> = {}): Scenario {
  return { ...defaultScenario(), actions: 3000, ...changes };
}

/** Through JSON, as a part carries it (non-finite numbers by name, as the part writes them). */
function viaJson<T>(value: T): T {
  const text = JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  return JSON.parse(text, (_, v: unknown) =>
    v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === 'NaN' ? Number.NaN : v,
  ) as T;
}

describe('a run as data', () => {
  it('gives the same result as simulate, and measures back to it exactly (all but the batches of a single run)', () => {
    for (const s of [scenario(), scenario({ keys: { ...defaultScenario().keys, scope: 'intent' } })]) {
      const { result, state } = simulateWithState(s);
      expect(result).toEqual(simulate(s));
      // A pooled result pairs with nothing: it carries no batches (src/stats/paired.ts).
      const { batches, ...pooled } = result;
      expect(batches?.actions).toBe(s.actions);
      expect(measureFrom(poolRuns([viaJson(state)]), s)).toStrictEqual(pooled);
    }
  });

  it('rebuilds every tally field: state, rebuilt tally, state again are the same data', () => {
    const { state } = simulateWithState(scenario());
    expect(Object.keys(state.tally.histograms).length).toBeGreaterThan(0);
    expect(tallyState(tallyFromState(viaJson(state.tally)))).toEqual(state.tally);
  });
});

describe('replicas', () => {
  const base = scenario();
  const replicas = [1, 2, 3].map((i) => simulateWithState(replicaScenario(base, i)));

  it('run on seeds derived from the scenario seed, each its own', () => {
    expect(replicaSeed(1, 2)).toBe('1~replica2');
    const seeds = [1, 2, 3].map((i) => replicaScenario(base, i).seed);
    expect(new Set(seeds).size).toBe(3);
    expect(seeds).not.toContain(base.seed);
    // Different seeds, different draws: the replicas' duplicate counts are not all equal.
    expect(new Set(replicas.map((r) => r.result.metrics.duplicates)).size).toBeGreaterThan(1);
  });

  it('pool counts as sums and peaks as the largest', () => {
    const pooled = poolReplicas(base, replicas).metrics;
    const sum = (name: string): number => replicas.reduce((a, r) => a + metricValue(r.result.metrics, name), 0);
    for (const name of ['actions', 'attempts', 'duplicates', 'lostActions', 'unknownOutcomes', 'responses.ok']) {
      expect(metricValue(pooled, name), name).toBe(sum(name));
    }
    expect(pooled.duplicatesPerThousand).toBeCloseTo((1000 * sum('duplicates')) / sum('actions'), 10);
    expect(pooled.service.peakConcurrency).toBe(
      Math.max(...replicas.map((r) => r.result.metrics.service.peakConcurrency)),
    );
  });

  it('pool latency histograms bucket by bucket: the pooled p95 is the p95 of all calls', () => {
    const all = new Histogram();
    for (const r of replicas) all.merge(Histogram.fromState(r.state.tally.histograms['callLatency'] as never));
    expect(all.count).toBe(replicas.reduce((a, r) => a + (r.state.tally.histograms['callLatency']?.count ?? 0), 0));
    expect(poolReplicas(base, replicas).metrics.latency.call.p95).toBe(all.quantile(0.95));
  });

  it('pool moments as if every value had been pushed into one accumulator', () => {
    const values = [[1, 2, 3], [10, 20], [5]];
    const one = new Welford();
    for (const v of values.flat()) one.push(v);
    const merged = new Welford();
    for (const part of values) {
      const w = new Welford();
      for (const v of part) w.push(v);
      merged.merge(w);
    }
    expect(merged.n).toBe(one.n);
    expect(merged.mean).toBeCloseTo(one.mean, 12);
    expect(merged.variance).toBeCloseTo(one.variance, 10);
  });

  it('report each interval wide enough for both the pooled actions and the replicas spread', () => {
    const pooledOnly = measureFrom(poolRuns(replicas.map((r) => r.state)), base).intervals;
    const merged = poolReplicas(base, replicas).intervals;
    for (const [name, interval] of Object.entries(merged)) {
      const own = pooledOnly[name] as { low: number; high: number };
      expect(interval.low, name).toBeLessThanOrEqual(own.low);
      expect(interval.high, name).toBeGreaterThanOrEqual(own.high);
      const spread = replicationInterval(replicas.map((r) => metricValue(r.result.metrics, name)));
      if (spread !== null) {
        expect(interval.low, name).toBeLessThanOrEqual(Math.max(0, spread.low));
        expect(interval.high, name).toBeGreaterThanOrEqual(spread.high);
      }
    }
  });

  it('widen an interval when replicas disagree more than their pooled actions suggest', () => {
    // Three replicas that are not replicas of one thing: retries 0, 2 and 6.
    const odd = [0, 2, 6].map((retries, i) =>
      simulateWithState(replicaScenario({ ...base, client: { ...base.client, retries } }, i + 1)),
    );
    const pooledOnly = measureFrom(poolRuns(odd.map((r) => r.state)), base).intervals['duplicatesPerThousand'];
    const merged = poolReplicas(base, odd).intervals['duplicatesPerThousand'];
    expect(merged?.high).toBeGreaterThan(pooledOnly?.high as number);
  });
});
