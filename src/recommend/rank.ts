// Which configuration is better: feasible first; among infeasible ones the smaller total
// violation; then the preference metrics in order, lowest first (by default p95 call
// latency, then key-store size, then attempts per action); exact ties go to the point
// earlier in grid order (each dimension's first candidate first). And the Pareto front:
// the feasible points no other feasible point beats on every preference metric.
import { metricValue } from '../model/metrics.js';
import type { RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import type { Pruned } from './prune.js';
import type { Judged } from '../model/bounds.js';

export const DEFAULT_PREFER: readonly string[] = ['latency.call.p95', 'keyStore.steadyStateBytes', 'attemptsPerAction'];

export interface Point {
  /** Candidate index per dimension. */
  idx: number[];
  key: string;
  scenario: Scenario;
  /** The `--set` arguments of this point's candidates. */
  sets: string[];
  /** The refinement round that added it (0: the coarse grid). */
  round: number;
  result?: RunResult;
  pruned?: Pruned;
  /** Per target, in target order (simulated points only). */
  judged: Judged[];
  feasible: boolean;
  /** Sum over targets of how far outside its bound the point is (relative; 0 when feasible). */
  violation: number;
}

export function comparePoints(a: Point, b: Point, prefer: readonly string[]): number {
  if (a.feasible !== b.feasible) return a.feasible ? -1 : 1;
  if (!a.feasible && a.violation !== b.violation) return a.violation - b.violation;
  if (a.result !== undefined && b.result !== undefined) {
    for (const metric of prefer) {
      const d = metricValue(a.result.metrics, metric) - metricValue(b.result.metrics, metric);
      if (d !== 0) return d;
    }
  }
  for (let i = 0; i < a.idx.length; i++) {
    const d = (a.idx[i] as number) - (b.idx[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

function dominates(a: RunResult, b: RunResult, prefer: readonly string[]): boolean {
  let better = false;
  for (const metric of prefer) {
    const x = metricValue(a.metrics, metric);
    const y = metricValue(b.metrics, metric);
    if (x > y) return false;
    if (x < y) better = true;
  }
  return better;
}

/** Feasible simulated points that no other feasible point dominates, best first. */
export function paretoFront(points: readonly Point[], prefer: readonly string[]): Point[] {
  const feasible = points.filter((p) => p.feasible && p.result !== undefined);
  const front = feasible.filter(
    (p) => !feasible.some((q) => q !== p && dominates(q.result as RunResult, p.result as RunResult, prefer)),
  );
  return front.sort((a, b) => comparePoints(a, b, prefer));
}
