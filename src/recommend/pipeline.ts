// The recommend pipeline after the input is read: run the scenario as given (its guards),
// try the smallest changes, else search, confirm and verify, and widen the search when
// nothing is feasible. Pure:
// simulation is passed in; the command line reads the flags and prints the answer.
import type { Target } from '../model/bounds.js';
import type { PrecisionGoal, Sizing } from '../model/precision.js';
import type { Scenario } from '../model/scenario.js';
import { choose, type ChooseInput, type Choice } from './choose.js';
import { guardsFor, type Guards } from './guards.js';
import type { SimRun } from './point.js';
import { rankingKeys, type RankKey } from './rank.js';
import { addPoints, search, smallChangeStages, widen, type SearchOutcome, type Simulate } from './search.js';
import { patchFields } from './patch.js';
import { hopeful, judgedRun, type Point } from './point.js';
import { carriedBy } from '../model/features.js';
import type { Dimension } from './space.js';

export interface PipelineInput {
  /** The scenario as given, at the search's actions per point. */
  base: Scenario;
  /** The file's expect: bounds and the --target flags. */
  userTargets: readonly Target[];
  /** --skip-guard metrics (or `all`). */
  skipped: readonly string[];
  prefer: readonly string[] | undefined;
  dims: readonly Dimension[];
  /** The scenario with these extra `--set` arguments. */
  load: (sets: readonly string[]) => Scenario;
  simulate: Simulate;
  goals: readonly PrecisionGoal[];
  untilDecided: boolean;
  maxActions: number;
  verifyMaxActions: number;
  /** The answer and its runner-ups. */
  want: number;
  /** Points rerun at once. */
  batch: number;
}

export interface PipelineOutcome {
  guards: Guards;
  /** The user's targets, then the guards in force. */
  targets: Target[];
  keys: RankKey[];
  search: SearchOutcome;
  choice: Choice;
  verifySeed: string;
  /**
   * When the answer came from the smallest changes (the scenario as given, one field, two
   * fields): how many fields it changes, no fewer meeting every target; null otherwise.
   */
  smallest: number | null;
}

/** The verification seed: the scenario's followed by `-verify`, a stream no search run draws from. */
export const verificationSeed = (seed: number | string): string => `${String(seed)}-verify`;

export const VERIFY_RULE =
  'the answer and its runner-ups are rerun on the verification seed until every target is decided (or the cap); one that does not pass every target is not recommended and the next is tried';

export async function recommendPipeline(input: PipelineInput): Promise<PipelineOutcome> {
  const { base, goals, maxActions, simulate } = input;
  // The scenario as given, at the most actions a search point may reach: what the guards
  // are made of. At the search's own size its interval would be as loose as a short run's,
  // and a point rerun until decided could then be worse than the scenario and still pass.
  const precision: Sizing | null = goals.length === 0 ? null : { goals, decide: [], maxActions };
  const [baseRun] = await simulate([{ ...base, actions: Math.max(base.actions, maxActions) }], precision);
  const guards = guardsFor(base, (baseRun as SimRun).result, input.userTargets, input.skipped);
  const targets = [...input.userTargets, ...guards.targets];
  const keys = rankingKeys(input.userTargets, input.prefer);
  const decide = input.untilDecided ? targets : [];
  const sizing: Sizing | null = goals.length === 0 && decide.length === 0 ? null : { goals, decide, maxActions };
  const searchInput = { dims: input.dims, targets, keys, load: input.load, simulate, sizing };
  const verifySeed = verificationSeed(base.seed);
  const chooseInput = {
    targets,
    keys,
    simulate,
    maxActions,
    verifySeed,
    verifyMaxActions: input.verifyMaxActions,
    want: input.want,
    batch: input.batch,
    // The reruns of every stage's choice, counted together for the output (choose.ts).
    spent: { confirmed: 0, verified: 0 },
  };
  // The smallest changes first, unless a --prefer asks for the best of a metric: the
  // scenario as given, then one field, then two; the first of those that passes is the answer.
  // Each stage is simulated only when the one before found nothing.
  const counted = new Map<Point, number>();
  const changes = (p: Point): number => {
    let n = counted.get(p);
    if (n === undefined) counted.set(p, (n = patchFields(base, p.scenario, input.dims).length));
    return n;
  };
  let small: SearchOutcome | undefined;
  const stages = input.prefer === undefined ? smallChangeStages(input.dims) : [];
  for (const [most, stage] of stages.entries()) {
    small = await addPoints(searchInput, small ?? { points: [], rounds: 0 }, stage);
    if (most === 0) {
      // The guards are the scenario as given, which is no worse than itself: only the
      // user's targets decide it (judged against itself it would stay undecided forever).
      const given = small.points.find((p) => p.search !== undefined && changes(p) === 0);
      const found = given === undefined ? undefined : await asGiven(input, chooseInput, given);
      if (found !== undefined) {
        // Judged on the user's targets alone: the guards are not in force against the scenario itself.
        const userTargets = [...input.userTargets];
        return { guards, targets: userTargets, keys, search: small, choice: found, verifySeed, smallest: 0 };
      }
      continue;
    }
    const within = small.points.filter((p) => p.search !== undefined && changes(p) >= 1 && changes(p) <= most);
    // Confirmed and verified only when one of them may pass: each choice reruns its best.
    if (!within.some((p) => hopeful(p, targets))) continue;
    const found = await choose(chooseInput, within);
    if (found.status === 'recommended') {
      return { guards, targets, keys, search: small, choice: found, verifySeed, smallest: most };
    }
  }
  // The scenario as given is not a candidate of the search: see above.
  const candidates = (points: readonly Point[]): Point[] => points.filter((p) => changes(p) > 0);
  let outcome = await search(searchInput, small?.points);
  let choice = await choose(chooseInput, candidates(outcome.points));
  if (choice.status === 'infeasible' && outcome.points.some((p) => p.search === undefined)) {
    // Confirmation found nothing feasible after all: the closest must come from simulated points.
    outcome = await widen(searchInput, outcome);
    choice = await choose(chooseInput, candidates(outcome.points));
  }
  return { guards, targets, keys, search: outcome, choice, verifySeed, smallest: null };
}

/**
 * The scenario as given, judged on the user's targets alone (confirmed and verified as any
 * point is): the answer when it meets them, undefined otherwise. Judged on a copy, so that
 * the search's own point keeps its runs against every target.
 */
async function asGiven(input: PipelineInput, chooseInput: ChooseInput, given: Point): Promise<Choice | undefined> {
  const targets = input.userTargets;
  if (targets.length === 0 || given.search === undefined) return undefined;
  const carried = carriedBy(given.scenario);
  const copy: Point = { ...given, search: judgedRun(given.search, given.search.seed, targets, carried) };
  delete copy.confirm;
  delete copy.verify;
  if (!hopeful(copy, targets)) return undefined;
  const found = await choose({ ...chooseInput, targets }, [copy]);
  return found.status === 'recommended' ? found : undefined;
}
