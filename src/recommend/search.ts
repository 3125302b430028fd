// The search: a coarse grid (both ends and the middle of each ordered dimension, every
// value of an unordered one), closed-form pruning, simulation of the survivors with
// common random numbers (every point keeps the scenario's seed), then a pattern search
// that halves its steps around the best points, the Pareto front and the nearest
// infeasible point until steps of one candidate add nothing new. Pure: simulation is
// passed in.
import type { Scenario } from '../model/scenario.js';
import type { RunResult } from '../model/result.js';
import { prune } from './prune.js';
import { comparePoints, paretoFront, type Point } from './rank.js';
import type { Dimension } from './space.js';
import { judge, type Target } from '../model/bounds.js';

export interface SearchInput {
  dims: readonly Dimension[];
  targets: readonly Target[];
  strict: boolean;
  prefer: readonly string[];
  /** The scenario with these extra `--set` arguments (throws on a bad one). */
  load: (sets: readonly string[]) => Scenario;
  /** Simulates scenarios, results in order. */
  simulate: (scenarios: readonly Scenario[]) => Promise<RunResult[]>;
  /** Refinement rounds at most (default 12). */
  maxRounds?: number;
}

export interface SearchResult {
  /** Every point considered, in the order it was added. */
  points: Point[];
  /** The recommendation, or the closest configuration when none is feasible. */
  best: Point;
  feasible: boolean;
  front: Point[];
  rounds: number;
  simulated: number;
  pruned: number;
  /** When nothing is feasible: the target that cannot be met, and whether every simulated point broke it. */
  unmet?: { target: Target; everyPoint: boolean };
}

/** Anchors per round: the best points, the front's best and the nearest infeasible one. */
const BEST_ANCHORS = 3;
const FRONT_ANCHORS = 3;

export async function search(input: SearchInput): Promise<SearchResult> {
  const { dims, prefer } = input;
  const points = new Map<string, Point>();
  const firstStep = dims.map((d) => (d.ordered ? firstStepOf(d.values.length) : 0));
  await evaluate(input, points, coarseGrid(dims, firstStep), 0);
  const maxRounds = input.maxRounds ?? 12;
  let round = 0;
  for (let r = 1; r <= maxRounds; r++) {
    const steps = firstStep.map((s) => Math.max(1, s >> r));
    const ranked = simulatedPoints(points).sort((a, b) => comparePoints(a, b, prefer));
    const anchors = new Set<Point>(ranked.slice(0, BEST_ANCHORS));
    for (const p of paretoFront(ranked, prefer).slice(0, FRONT_ANCHORS)) anchors.add(p);
    const nearestInfeasible = ranked.find((p) => !p.feasible);
    if (nearestInfeasible !== undefined) anchors.add(nearestInfeasible);
    const next: number[][] = [];
    for (const anchor of anchors) {
      dims.forEach((d, i) => {
        if (!d.ordered) return;
        for (const sign of [-1, 1]) {
          const j = (anchor.idx[i] as number) + sign * (steps[i] as number);
          if (j < 0 || j >= d.values.length) continue;
          const idx = [...anchor.idx];
          idx[i] = j;
          next.push(idx);
        }
      });
    }
    const added = await evaluate(input, points, next, r);
    if (added > 0) round = r;
    if (added === 0 && steps.every((s) => s === 1)) break;
  }
  return conclude(input, [...points.values()], round);
}

/** The coarse step of an ordered dimension: a power of two covering half its length. */
function firstStepOf(n: number): number {
  if (n <= 1) return 0;
  let s = 1;
  while (s * 2 < n - 1) s *= 2;
  return s;
}

function coarseGrid(dims: readonly Dimension[], steps: readonly number[]): number[][] {
  const axes = dims.map((d, i) => {
    const n = d.values.length;
    const step = steps[i] as number;
    if (!d.ordered || step === 0) return d.values.map((_, j) => j);
    const picks: number[] = [];
    for (let j = 0; j < n; j += step) picks.push(j);
    if (picks[picks.length - 1] !== n - 1) picks.push(n - 1);
    return picks;
  });
  let grid: number[][] = [[]];
  for (const axis of axes) grid = grid.flatMap((idx) => axis.map((j) => [...idx, j]));
  return grid;
}

/**
 * The same configuration under one key: with no retries the backoff is never used, and
 * with scope none the retention is never used, so those take their first candidate.
 */
function canonical(dims: readonly Dimension[], idx: readonly number[]): number[] {
  const out = [...idx];
  const at = (path: string): number => dims.findIndex((d) => d.path === path);
  const value = (i: number): unknown => (dims[i] as Dimension).values[out[i] as number];
  const retries = at('client.retries');
  const backoff = at('client.backoff.base');
  if (retries >= 0 && backoff >= 0 && value(retries) === 0) out[backoff] = 0;
  const scope = at('keys.scope');
  const retention = at('keys.retention');
  if (scope >= 0 && retention >= 0 && value(scope) === 'none') out[retention] = 0;
  return out;
}

/** Adds the new points among `candidates`, prunes or simulates them; returns how many were new. */
async function evaluate(
  input: SearchInput,
  points: Map<string, Point>,
  candidates: number[][],
  round: number,
): Promise<number> {
  const fresh: Point[] = [];
  for (const raw of candidates) {
    const idx = canonical(input.dims, raw);
    const key = idx.join(',');
    if (points.has(key)) continue;
    const sets = idx.map((j, i) => (input.dims[i] as Dimension).sets[j] as string);
    const scenario = input.load(sets);
    const point: Point = { idx, key, scenario, sets, round, judged: [], feasible: false, violation: Infinity };
    const pruned = prune(scenario, input.targets);
    if (pruned !== undefined) point.pruned = pruned;
    points.set(key, point);
    fresh.push(point);
  }
  let run = fresh.filter((p) => p.pruned === undefined);
  // Never prune everything: the closest configuration must have simulated numbers.
  if (run.length === 0 && simulatedPoints(points).length === 0 && fresh.length > 0) {
    const first = fresh[0] as Point;
    delete first.pruned;
    run = [first];
  }
  const results = await input.simulate(run.map((p) => p.scenario));
  run.forEach((p, i) => {
    const result = results[i] as RunResult;
    p.result = result;
    p.judged = input.targets.map((t) => judge(t, result, input.strict));
    p.feasible = p.judged.every((j) => j.pass);
    p.violation = p.judged.reduce((sum, j) => sum + Math.max(0, -j.margin), 0);
  });
  return fresh.length;
}

function simulatedPoints(points: Map<string, Point>): Point[] {
  return [...points.values()].filter((p) => p.result !== undefined);
}

function conclude(input: SearchInput, points: Point[], rounds: number): SearchResult {
  const simulated = points.filter((p) => p.result !== undefined);
  const ranked = [...simulated].sort((a, b) => comparePoints(a, b, input.prefer));
  const best = ranked[0] as Point;
  const front = paretoFront(simulated, input.prefer);
  const outcome: SearchResult = {
    points,
    best,
    feasible: best.feasible,
    front,
    rounds,
    simulated: simulated.length,
    pruned: points.length - simulated.length,
  };
  if (!best.feasible) outcome.unmet = unmetTarget(input.targets, simulated, best);
  return outcome;
}

/**
 * The target broken by every simulated point, if one is (the first in target order);
 * else the one the closest configuration breaks by the most.
 */
function unmetTarget(
  targets: readonly Target[],
  simulated: readonly Point[],
  best: Point,
): { target: Target; everyPoint: boolean } {
  const always = targets.findIndex((_, i) => simulated.every((p) => !(p.judged[i]?.pass ?? false)));
  if (always >= 0) return { target: targets[always] as Target, everyPoint: true };
  let worst = 0;
  best.judged.forEach((j, i) => {
    if (j.margin < (best.judged[worst]?.margin ?? Infinity)) worst = i;
  });
  return { target: targets[worst] as Target, everyPoint: false };
}
