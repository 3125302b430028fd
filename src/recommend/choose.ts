// From the searched points to the answer. Feasible means every target passes on the 95%
// interval; a point whose search run left a target undecided, with every estimate inside
// its bound, is rerun from its seed with more actions until each target is decided (or a
// cap), in rank order and only while it could still be the answer or a listed runner-up.
// The best feasible points of the Pareto front are then verified: rerun on another seed
// until every target is decided. One that fails verification is not recommended and
// leaves the front, and the next one is tried. Pure: simulation is passed in.
import { Verdict, type Target } from '../model/bounds.js';
import { carriedBy } from '../model/features.js';
import type { Sizing } from '../model/precision.js';
import { nextActions } from '../stats/precision.js';
import {
  allPass,
  decidingRun,
  feasible,
  judgedRun,
  promising,
  searchFeasible,
  type JudgedSimRun,
  type Point,
  type SimRun,
} from './point.js';
import { compareByDistance, compareByRank, dominates, paretoFront, type RankKey } from './rank.js';
import type { Simulate } from './search.js';
import { maxOf } from '../stats/extent.js';

export interface ChooseInput {
  targets: readonly Target[];
  keys: readonly RankKey[];
  simulate: Simulate;
  /** Cap of a rerun until decided. */
  maxActions: number;
  verifySeed: number | string;
  verifyMaxActions: number;
  /** The answer and its runner-ups: how many front points are confirmed and verified. */
  want: number;
  /** Points rerun at once (the worker threads). */
  batch: number;
  /**
   * Reruns so far, shared by every choice of one recommendation (the pipeline chooses once
   * per stage): the counts reported are the whole's; the caps bound each choice.
   */
  spent?: { confirmed: number; verified: number };
}

export interface Choice {
  status: 'recommended' | 'infeasible' | 'unverified';
  /** The recommendation; the closest point when infeasible; the best rejected one when unverified. */
  best: Point;
  runnersUp: Point[];
  /** Feasible in the search, failed on verification. */
  rejected: Point[];
  /** The feasible, verified-or-unverified Pareto front at the end. */
  front: Point[];
  confirmed: number;
  verified: number;
}

/** At most this many points rerun until decided, and verified: a bound on the time a search takes. */
export const MAX_CONFIRMED = 40;
export const MAX_VERIFIED = 12;

export async function choose(input: ChooseInput, points: readonly Point[]): Promise<Choice> {
  const { targets, keys, want } = input;
  const ranked = points.filter((p) => p.search !== undefined).sort((a, b) => compareByRank(a, b, keys));
  const spent = input.spent ?? { confirmed: 0, verified: 0 };
  let confirmed = 0;
  let verified = 0;
  for (;;) {
    const feas = ranked.filter(feasible);
    const window = paretoFront(feas, keys).slice(0, want);
    const last = window.length >= want ? ranked.indexOf(window[want - 1] as Point) : ranked.length;
    const pending = ranked
      .slice(0, last)
      .filter((p) => promising(p, targets) && !feas.some((f) => dominates(f, p, keys)));
    if (pending.length > 0 && confirmed < MAX_CONFIRMED) {
      const batch = pending.slice(0, Math.min(input.batch, MAX_CONFIRMED - confirmed));
      await confirm(input, batch);
      confirmed += batch.length;
      spent.confirmed += batch.length;
      continue;
    }
    const unverified = window.filter((p) => p.verify === undefined);
    if (unverified.length > 0 && verified < MAX_VERIFIED) {
      const batch = unverified.slice(0, MAX_VERIFIED - verified);
      await verify(input, batch);
      verified += batch.length;
      spent.verified += batch.length;
      continue;
    }
    return conclude(input, ranked, window, spent.confirmed, spent.verified);
  }
}

function conclude(
  input: ChooseInput,
  ranked: readonly Point[],
  window: readonly Point[],
  confirmed: number,
  verified: number,
): Choice {
  const rejected = ranked.filter((p) => searchFeasible(p) && p.verify !== undefined && !allPass(p.verify));
  const passed = window.filter((p) => allPass(p.verify));
  const counts = { rejected, front: [...window], confirmed, verified };
  if (passed.length > 0) {
    return { status: 'recommended', best: passed[0] as Point, runnersUp: passed.slice(1), ...counts };
  }
  if (rejected.length > 0) return { status: 'unverified', best: rejected[0] as Point, runnersUp: [], ...counts };
  const closest = [...ranked].sort((a, b) => compareByDistance(a, b, input.keys))[0] as Point;
  return { status: 'infeasible', best: closest, runnersUp: [], ...counts };
}

/** Reruns from the point's seed with more actions, starting where the estimate says it would be decided. */
async function confirm(input: ChooseInput, batch: readonly Point[]): Promise<void> {
  const sizing: Sizing = { goals: [], decide: input.targets, maxActions: input.maxActions };
  const runnable = batch.filter((p) => (p.search as JudgedSimRun).sizing.actions < input.maxActions);
  for (const p of batch) if (!runnable.includes(p)) p.confirm = p.search as JudgedSimRun;
  const scenarios = runnable.map((p) => {
    const run = p.search as JudgedSimRun;
    const needed = maxOf(run.judged.map((j) => (j.verdict === Verdict.undecided ? (j.needed ?? Infinity) : 0)));
    return { ...p.scenario, actions: nextActions(run.sizing.actions, needed, input.maxActions) };
  });
  const runs = await input.simulate(scenarios, sizing);
  runnable.forEach((p, i) => {
    p.confirm = judgedRun(runs[i] as SimRun, p.scenario.seed, input.targets, carriedBy(p.scenario));
  });
}

/** Reruns on the verification seed until every target is decided, from the actions that decided it in the search. */
async function verify(input: ChooseInput, batch: readonly Point[]): Promise<void> {
  const sizing: Sizing = { goals: [], decide: input.targets, maxActions: input.verifyMaxActions };
  const scenarios = batch.map((p) => ({
    ...p.scenario,
    seed: input.verifySeed,
    actions: Math.min(input.verifyMaxActions, (decidingRun(p) as JudgedSimRun).sizing.actions),
  }));
  const runs = await input.simulate(scenarios, sizing);
  batch.forEach((p, i) => {
    p.verify = judgedRun(runs[i] as SimRun, input.verifySeed, input.targets, carriedBy(p.scenario));
  });
}

/**
 * When nothing is feasible: the first target no simulated point passed, or else the one
 * the closest configuration breaks furthest.
 */
export function unmetTarget(
  targets: readonly Target[],
  points: readonly Point[],
  closest: Point,
): { target: Target; everyPoint: boolean } {
  const runs = points.map(decidingRun).filter((r): r is JudgedSimRun => r !== undefined);
  const always = targets.findIndex((_, i) => runs.every((r) => r.judged[i]?.verdict !== Verdict.pass));
  if (always >= 0) return { target: targets[always] as Target, everyPoint: true };
  const judged = decidingRun(closest)?.judged ?? [];
  let worst = 0;
  judged.forEach((j, i) => {
    if (j.margin < (judged[worst]?.margin ?? Infinity)) worst = i;
  });
  return { target: targets[worst] as Target, everyPoint: false };
}
