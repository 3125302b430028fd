// Independent replications of one scenario: replica I of N runs the scenario on a seed
// derived from the scenario's own and I, so replicas share no random draw; their tallies
// pool into one result (tally-state.ts). A pooled interval treats every action of every
// replica as one sample. Where the replicas' own values disagree more than that allows
// (actions that are not independent: a throttle, incidents, a load profile), the
// replication interval (Student's t over the replicas' values) is wider, and the reported
// interval covers both.
import { metricUnit, metricValue } from '../model/metrics.js';
import type { Interval, Intervals, RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { replicationInterval } from '../stats/student.js';
import { measureFrom } from './measure.js';
import type { RunState } from '../model/tally-state.js';
import { poolRuns } from './tally-state.js';

/** The seed of replica `replica` (1 to N): the scenario's seed, then `~replica` and I. */
export function replicaSeed(seed: number | string, replica: number): string {
  return `${String(seed)}~replica${replica}`;
}

/** The scenario replica `replica` runs: the same, on its own seed. */
export function replicaScenario(scenario: Scenario, replica: number): Scenario {
  return { ...scenario, seed: replicaSeed(scenario.seed, replica) };
}

export interface Replica {
  result: RunResult;
  state: RunState;
}

/**
 * The replicas of `scenario` pooled: every metric from the pooled tallies, each interval
 * the hull of the pooled one and the replication interval (with two replicas or more).
 */
export function poolReplicas(scenario: Scenario, replicas: readonly Replica[]): RunResult {
  const pooled = measureFrom(poolRuns(replicas.map((r) => r.state)), scenario);
  const intervals: Intervals = {};
  for (const [name, interval] of Object.entries(pooled.intervals)) {
    const between = replicationInterval(replicas.map((r) => metricValue(r.result.metrics, name)));
    intervals[name] = between === null ? interval : hull(interval, clamp(between, name));
  }
  return { ...pooled, intervals };
}

/** Every metric is a count, a size, a time or a share: never below 0, a share never above 1. */
function clamp(interval: Interval, name: string): Interval {
  const top = metricUnit(name) === 'ratio' ? 1 : Infinity;
  return { low: Math.max(0, interval.low), high: Math.min(top, interval.high) };
}

function hull(a: Interval, b: Interval): Interval {
  return { low: Math.min(a.low, b.low), high: Math.max(a.high, b.high) };
}
