// The search: a coarse grid (both ends and the middle of each ordered dimension, every
// value of an unordered one), closed-form pruning, simulation of the survivors with
// common random numbers (every point keeps the scenario's seed), then a pattern search
// that halves its steps around the best points, the Pareto front and the nearest
// infeasible points until steps of one candidate add nothing new. When no point looks
// feasible, the search widens (see `widen`). Pure: simulation is passed in.
import type { Target } from '../model/bounds.js';
import { carriedBy } from '../model/features.js';
import type { Sizing } from '../model/precision.js';
import type { Scenario } from '../model/scenario.js';
import { hopeful, judgedRun, type Point, type SimRun } from './point.js';
import { prune } from './prune.js';
import { compareByDistance, compareByRank, paretoFront, type RankKey } from './rank.js';
import type { Dimension } from './space.js';

/** Simulates scenarios (sized when `sizing` is given), runs in order. */
export type Simulate = (scenarios: readonly Scenario[], sizing: Sizing | null) => Promise<SimRun[]>;

export interface SearchInput {
  dims: readonly Dimension[];
  targets: readonly Target[];
  keys: readonly RankKey[];
  /** The scenario with these extra `--set` arguments (throws on a bad one). */
  load: (sets: readonly string[]) => Scenario;
  simulate: Simulate;
  /** How each point's search run is sized (--precision, --until-decided); null: its actions. */
  sizing: Sizing | null;
  /** Refinement rounds at most (default 12). */
  maxRounds?: number;
}

export interface SearchOutcome {
  /** Every point considered, in the order it was added. */
  points: Point[];
  /** The last refinement round that added a point. */
  rounds: number;
}

/** Anchors per round: the best hopeful points, the front's best and the nearest infeasible ones. */
const BEST_ANCHORS = 3;
const FRONT_ANCHORS = 3;
const NEAREST_ANCHORS = 2;

/**
 * The smallest changes first: the scenario as given, every change of one field to any of
 * its candidates, and every change of two fields on the coarse grid's candidates. A field
 * whose dimension lacks the scenario's own value (a --vary list without it) changes in
 * every point.
 */
export async function searchSmallChanges(input: SearchInput): Promise<SearchOutcome> {
  let outcome: SearchOutcome = { points: [], rounds: 0 };
  for (const stage of smallChangeStages(input.dims)) outcome = await addPoints(input, outcome, stage);
  return outcome;
}

/** `candidates` added to `outcome`'s points, pruned or simulated; a point already there is kept. */
export async function addPoints(
  input: SearchInput,
  outcome: SearchOutcome,
  candidates: number[][],
): Promise<SearchOutcome> {
  const points = new Map(outcome.points.map((p) => [p.key, p]));
  await evaluate(input, points, candidates, 0, true);
  return { points: [...points.values()], rounds: outcome.rounds };
}

/** The smallest changes in three stages: the scenario as given, one field, two fields. */
export function smallChangeStages(dims: readonly Dimension[]): [number[][], number[][], number[][]] {
  const given = dims.map((d) => d.given ?? 0);
  const axes = coarseAxes(dims, firstSteps(dims));
  const changed = (changes: [number, number][]): number[] => {
    const idx = [...given];
    for (const [i, j] of changes) idx[i] = j;
    return idx;
  };
  const singles: number[][] = [];
  dims.forEach((d, i) => d.values.forEach((_, j) => j !== given[i] && singles.push(changed([[i, j]]))));
  const pairs: number[][] = [];
  const every = dims.map((d) => d.values.map((_, j) => j));
  for (let i = 0; i < dims.length; i++) {
    for (let k = i + 1; k < dims.length; k++) {
      // Every pair of candidates when that is few (a scope with a retention), else the coarse grid's.
      const few = ((every[i] as number[]).length - 1) * ((every[k] as number[]).length - 1) <= EVERY_PAIR;
      for (const a of (few ? every : axes)[i] as number[]) {
        if (a === given[i]) continue;
        for (const b of (few ? every : axes)[k] as number[]) {
          if (b === given[k]) continue;
          pairs.push(
            changed([
              [i, a],
              [k, b],
            ]),
          );
        }
      }
    }
  }
  return [[given], singles, pairs];
}

/** Two fields are changed over every pair of their candidates when there are at most this many pairs. */
const EVERY_PAIR = 40;

/** The grid search; `initial` points (the smallest changes) are kept and not simulated again. */
export async function search(input: SearchInput, initial: readonly Point[] = []): Promise<SearchOutcome> {
  const points = new Map<string, Point>(initial.map((p) => [p.key, p]));
  await evaluate(input, points, coarseGrid(input.dims, firstSteps(input.dims)), 0, true);
  const rounds = await refine(input, points, true);
  const outcome = { points: [...points.values()], rounds };
  return outcome.points.some((p) => hopeful(p, input.targets)) ? outcome : widen(input, outcome);
}

/**
 * Nothing looks feasible: the answer is the closest configuration, which must be chosen
 * among simulated points, so the pruned points are simulated after all and the search
 * runs again with no closed form ruling any point out.
 */
export async function widen(input: SearchInput, outcome: SearchOutcome): Promise<SearchOutcome> {
  const points = new Map(outcome.points.map((p) => [p.key, p]));
  await simulatePoints(
    input,
    outcome.points.filter((p) => p.search === undefined),
  );
  const rounds = await refine(input, points, false);
  return { points: [...points.values()], rounds: Math.max(outcome.rounds, rounds) };
}

function firstSteps(dims: readonly Dimension[]): number[] {
  return dims.map((d) => (d.ordered ? firstStepOf(d.values.length) : 0));
}

async function refine(input: SearchInput, points: Map<string, Point>, pruning: boolean): Promise<number> {
  const { dims } = input;
  const firstStep = firstSteps(dims);
  const maxRounds = input.maxRounds ?? 12;
  let last = 0;
  for (let r = 1; r <= maxRounds; r++) {
    const steps = firstStep.map((s) => Math.max(1, s >> r));
    const next: number[][] = [];
    for (const anchor of anchors(input, [...points.values()])) {
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
    const added = await evaluate(input, points, next, r, pruning);
    if (added > 0) last = r;
    if (added === 0 && steps.every((s) => s === 1)) break;
  }
  return last;
}

/** The best hopeful points, the Pareto front's best, and the infeasible points nearest to feasible. */
function anchors(input: SearchInput, all: readonly Point[]): Set<Point> {
  const simulated = all.filter((p) => p.search !== undefined);
  const good = simulated.filter((p) => hopeful(p, input.targets)).sort((a, b) => compareByRank(a, b, input.keys));
  const rest = simulated.filter((p) => !hopeful(p, input.targets)).sort((a, b) => compareByDistance(a, b, input.keys));
  const picked = new Set<Point>(good.slice(0, BEST_ANCHORS));
  for (const p of paretoFront(good, input.keys).slice(0, FRONT_ANCHORS)) picked.add(p);
  for (const p of rest.slice(0, NEAREST_ANCHORS)) picked.add(p);
  return picked;
}

/** The coarse step of an ordered dimension: a power of two covering half its length. */
function firstStepOf(n: number): number {
  if (n <= 1) return 0;
  let s = 1;
  while (s * 2 < n - 1) s *= 2;
  return s;
}

/** How many points the search's first grid holds, counted without building it. */
export function firstGridSize(dims: readonly Dimension[]): number {
  const steps = firstSteps(dims);
  return coarseAxes(dims, steps).reduce((n, axis) => n * axis.length, 1);
}

function coarseGrid(dims: readonly Dimension[], steps: readonly number[]): number[][] {
  let grid: number[][] = [[]];
  for (const axis of coarseAxes(dims, steps)) grid = grid.flatMap((idx) => axis.map((j) => [...idx, j]));
  return grid;
}

/** Each dimension's candidates in the first grid: both ends and the steps between, or all. */
function coarseAxes(dims: readonly Dimension[], steps: readonly number[]): number[][] {
  return dims.map((d, i) => {
    const n = d.values.length;
    const step = steps[i] as number;
    if (!d.ordered || step === 0) return d.values.map((_, j) => j);
    const picks: number[] = [];
    for (let j = 0; j < n; j += step) picks.push(j);
    if (picks[picks.length - 1] !== n - 1) picks.push(n - 1);
    return picks;
  });
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
  pruning: boolean,
): Promise<number> {
  const fresh: Point[] = [];
  for (const raw of candidates) {
    const idx = canonical(input.dims, raw);
    const key = idx.join(',');
    if (points.has(key)) continue;
    const sets = idx.map((j, i) => (input.dims[i] as Dimension).sets[j] as string);
    const scenario = input.load(sets);
    const point: Point = { idx, key, scenario, sets, round };
    const pruned = pruning ? prune(scenario, input.targets) : undefined;
    if (pruned !== undefined) point.pruned = pruned;
    points.set(key, point);
    fresh.push(point);
  }
  await simulatePoints(
    input,
    fresh.filter((p) => p.pruned === undefined),
  );
  return fresh.length;
}

async function simulatePoints(input: SearchInput, run: readonly Point[]): Promise<void> {
  if (run.length === 0) return;
  const results = await input.simulate(
    run.map((p) => p.scenario),
    input.sizing,
  );
  run.forEach((p, i) => {
    p.search = judgedRun(results[i] as SimRun, p.scenario.seed, input.targets, carriedBy(p.scenario));
  });
}
