// One configuration of the search and what is known about it: pruned by a closed form, or
// simulated (the search's run, on the scenario's seed), perhaps rerun until every target
// is decided, perhaps verified on another seed. Its status follows from those runs.
import { Verdict, type Judged, type Target } from '../model/bounds.js';
import { judge, meets } from '../stats/bounds.js';
import { EVERY_GROUP, type Carried } from '../model/metric-types.js';
import type { SizedOutcome } from '../model/precision.js';
import type { RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import type { Pruned } from './prune.js';

/** A simulated run and what sizing did, as the simulation passed in returns it. */
export interface SimRun {
  result: RunResult;
  sizing: SizedOutcome;
}

/** A run with every target judged on it. */
export interface JudgedSimRun extends SimRun {
  seed: number | string;
  judged: Judged[];
}

export interface Point {
  /** Candidate index per dimension. */
  idx: number[];
  key: string;
  scenario: Scenario;
  /** The `--set` arguments of this point's candidates. */
  sets: string[];
  /** The refinement round that added it (0: the coarse grid). */
  round: number;
  pruned?: Pruned;
  /** The search's run: the scenario's seed, what is ranked. */
  search?: JudgedSimRun;
  /** The search's run left a target undecided and the point looked feasible: rerun until decided. */
  confirm?: JudgedSimRun;
  /** The rerun on the verification seed. */
  verify?: JudgedSimRun;
}

/** `carried`: the optional metric groups the point's scenario reports (a target on another group's metric fails). */
export function judgedRun(
  run: SimRun,
  seed: number | string,
  targets: readonly Target[],
  carried: Carried = EVERY_GROUP,
): JudgedSimRun {
  return { ...run, seed, judged: targets.map((t) => judge(t, run.result, carried)) };
}

export const allPass = (run: JudgedSimRun | undefined): boolean =>
  run !== undefined && run.judged.every((j) => j.verdict === Verdict.pass);

const anyFails = (run: JudgedSimRun): boolean => run.judged.some((j) => j.verdict === Verdict.fail);

/** The run feasibility is judged on: the confirming rerun if there is one, else the search's. */
export const decidingRun = (p: Point): JudgedSimRun | undefined => p.confirm ?? p.search;

/** Every target passed in the search (verification aside). */
export const searchFeasible = (p: Point): boolean => allPass(decidingRun(p));

/** Feasible, and not rejected by verification. */
export const feasible = (p: Point): boolean => searchFeasible(p) && (p.verify === undefined || allPass(p.verify));

/**
 * Worth rerunning until decided: simulated, not yet rerun, nothing failed, and every
 * undecided target's point estimate within its bound (a point whose estimate breaks a
 * bound is not made feasible by more actions, only more surely infeasible).
 */
export function promising(p: Point, targets: readonly Target[]): boolean {
  const run = p.search;
  if (run === undefined || p.confirm !== undefined || allPass(run) || anyFails(run)) return false;
  return run.judged.every((j, i) => j.verdict !== Verdict.undecided || meets(targets[i] as Target, j.value));
}

/** Passed, or may pass when rerun: what the search steers towards. */
export const hopeful = (p: Point, targets: readonly Target[]): boolean =>
  feasible(p) || (p.confirm === undefined && promising(p, targets));

export type PointStatus = 'pruned' | 'feasible' | 'infeasible' | 'undecided';

export function statusOf(p: Point): PointStatus {
  const run = decidingRun(p);
  if (run === undefined) return 'pruned';
  if (allPass(run)) return 'feasible';
  return anyFails(run) ? 'infeasible' : 'undecided';
}
