// Hand-built points for the recommend unit tests: a scenario named after the point, and a
// run whose metrics and intervals the test chooses, judged on the test's targets.
import type { Target } from '../../src/model/bounds.js';
import type { Interval, Metrics, RunResult } from '../../src/model/result.js';
import { defaultScenario } from '../../src/model/scenario.js';
import { judgedRun, type Point, type SimRun } from '../../src/recommend/point.js';
import { parseTarget } from '../../src/scenario/bounds.js';
import { fixtureMetrics } from '../report/fixture.js';

export function target(text: string): Target {
  const outcome = parseTarget(text);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.target;
}

export interface Numbers {
  duplicatesPerThousand?: number;
  unknownPerThousand?: number;
  attemptsPerAction?: number;
  callP95?: number;
  keyStoreBytes?: number;
  /** Intervals by metric name; a metric without one gets value +- 1% (0 gives [0, 0]). */
  intervals?: Record<string, Interval>;
  actions?: number;
}

export function result(n: Numbers): RunResult {
  const m: Metrics = fixtureMetrics();
  m.actions = n.actions ?? 20_000;
  m.duplicatesPerThousand = n.duplicatesPerThousand ?? 0;
  m.unknownPerThousand = n.unknownPerThousand ?? 0;
  m.attemptsPerAction = n.attemptsPerAction ?? 1;
  m.latency.call.p95 = n.callP95 ?? 1000;
  m.keyStore.steadyStateBytes = n.keyStoreBytes ?? 0;
  const around = (x: number): Interval => ({ low: 0.99 * x, high: 1.01 * x });
  const intervals: Record<string, Interval> = {
    duplicatesPerThousand: around(m.duplicatesPerThousand),
    unknownPerThousand: around(m.unknownPerThousand),
    attemptsPerAction: around(m.attemptsPerAction),
    'latency.call.p95': around(m.latency.call.p95),
    'keyStore.steadyStateBytes': around(m.keyStore.steadyStateBytes),
    ...n.intervals,
  };
  return { metrics: m, intervals };
}

export function simRun(n: Numbers): SimRun {
  const r = result(n);
  return { result: r, sizing: { actions: r.metrics.actions, rounds: 1, stoppedBy: 'precision', needed: null } };
}

/** A simulated point at grid index `idx`, its scenario named `name`. */
export function point(name: string, idx: number[], targets: readonly Target[], n?: Numbers): Point {
  const scenario = { ...defaultScenario(), name };
  const p: Point = { idx, key: idx.join(','), scenario, sets: [], round: 0 };
  if (n !== undefined) p.search = judgedRun(simRun(n), scenario.seed, targets);
  return p;
}
