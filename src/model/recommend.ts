// What a recommendation says: the configuration that meets every target (or the closest
// one), each target judged on the search's run and again on the verification run, the
// guards that were added, the warnings about the scenario, the runner-ups on the Pareto
// front, and every point the search looked at. `recommend --format json` prints it; its
// report draws it.
import type { Op, Verdict } from './bounds.js';
import type { Stop } from './precision.js';
import type { Interval } from './result.js';

export type TargetSource = 'flag' | 'expect' | 'guard';

export interface TargetSpec {
  target: string;
  metric: string;
  op: Op;
  limit: number;
  source: TargetSource;
}

/** One target judged on one run. */
export interface TargetRow extends TargetSpec {
  value: number;
  interval: Interval | null;
  verdict: Verdict;
  /** Relative distance to the bound: positive slack, negative violation (see bounds.ts scaleOf). */
  margin: number;
  /** Undecided only: about how many actions in all would decide it. */
  needed: number | null;
  /** The target with the least slack at this configuration: the one that limits the answer. */
  binds: boolean;
  /** Why the run gives no value to judge it on ("n/a"; the target fails), when it gives none. */
  unmeasured?: string;
}

/** One run of a configuration: its seed and size, why it stopped, and every target judged on it. */
export interface JudgedRun {
  seed: number | string;
  actions: number;
  stoppedBy: Stop;
  /** When the cap stopped it: about how many actions would have decided every target. */
  needed: number | null;
  targets: TargetRow[];
  /** Every target passes. */
  passed: boolean;
}

export interface Configuration {
  /**
   * Each searched field's value, as written in a scenario; a field that changes nothing at
   * this configuration (a backoff without retries, a retention without a key) is left out.
   */
  settings: Record<string, string>;
  /** Only the fields that differ from the scenario, as nested YAML. */
  patch: string;
  /** The same as `--set` arguments. */
  sets: string[];
  /** Every target passed in the search (on the confirming run when the first left one undecided). */
  feasible: boolean;
  /** The run that decided feasibility: the search's own, or its rerun until decided. */
  search: JudgedRun;
  /** The rerun on the verification seed; null when it was not verified. */
  verification: JudgedRun | null;
  /** The ranking metrics' values on the search's run (common random numbers), in ranking order. */
  ranking: Record<string, number>;
  /** Closest configuration only: its distance (sum of normalised violations). */
  distance: number | null;
}

/** A guard: a bound recommend adds so that the answer does no harm the user did not ask about. */
export interface GuardRow extends TargetSpec {
  /** applied, replaced by a target on the same metric, or dropped with --skip-guard. */
  status: 'applied' | 'replaced' | 'skipped';
  /** What it is derived from, in words. */
  why: string;
  /** The scenario's own value and interval of the metric, from its run as given. */
  base: { value: number; interval: Interval | null } | null;
}

/** A sentence on why the answer is what it is (src/recommend/explain.ts). */
export interface Note {
  kind: 'conflict' | 'blocker' | 'smallest' | 'edge' | 'scope' | 'not-searched' | 'record-size';
  message: string;
}

export interface Warning {
  code: 'resumeDelayWithoutCrashes' | 'timeoutBelowP99' | 'retentionNearResume';
  /** Whether it is about the scenario as given or about the recommended configuration. */
  about: 'scenario' | 'recommended';
  message: string;
}

export interface PointRow {
  settings: Record<string, string>;
  /**
   * pruned: a closed form ruled it out (and it was never simulated); else its verdict:
   * every target passed, one failed, or one is still undecided; rejected: feasible in the
   * search but not on verification.
   */
  status: 'pruned' | 'feasible' | 'infeasible' | 'undecided' | 'rejected';
  round: number;
  /** Actions of the run that judged it (after any rerun until decided). */
  actions: number | null;
  /** When the cap stopped that run undecided: about how many actions would decide it. */
  needed: number | null;
  /** The ranking and target metrics on the search's run (simulated points). */
  metrics?: Record<string, number>;
  pruned?: { target: string; closedForm: number; why: string };
  onFront: boolean;
}

export interface PruneReason {
  target: string;
  why: string;
  points: number;
}

export interface RankingRule {
  metrics: { metric: string; better: 'lower' | 'higher' }[];
  /** `default`: the targets' metrics, then load, key store and latency; `prefer`: --prefer. */
  source: 'default' | 'prefer';
  rule: string;
}

export interface Recommendation {
  scenario: string;
  file: string | null;
  seed: number | string;
  /** recommended; infeasible (no configuration passed every target); unverified (those that did failed verification). */
  status: 'recommended' | 'infeasible' | 'unverified';
  feasible: boolean;
  judgedOn: '95% interval';
  search: {
    /** Actions each point is first simulated with (common random numbers: one seed). */
    actionsPerPoint: number;
    /** Cap of any rerun of a point until decided (and of --precision). */
    maxActions: number;
    precision: string[];
    untilDecided: boolean;
  };
  verification: { seed: number | string; maxActions: number; rule: string };
  ranking: RankingRule;
  targets: TargetSpec[];
  guards: GuardRow[];
  warnings: Warning[];
  /** Why the answer is what it is: blockers, how few fields it changes, edges, what was not searched. */
  notes: Note[];
  dimensions: { path: string; candidates: string[]; source: 'default' | 'vary' }[];
  /** The recommended configuration, or the closest one when nothing is feasible. */
  recommended: Configuration;
  /** When nothing is feasible: how the closest one was chosen. */
  distance: { rule: string; value: number } | null;
  /** When nothing is feasible: the target that cannot be met. */
  unmet: { target: string; everyPoint: boolean } | null;
  /** The next non-dominated feasible configurations, best first, each verified. */
  runnersUp: Configuration[];
  /** Configurations that passed the search but failed verification: never recommended. */
  rejected: Configuration[];
  counts: {
    simulated: number;
    /** Pruned by a closed form and never simulated. */
    pruned: number;
    /** Pruned, then simulated anyway because nothing was feasible. */
    prunedThenSimulated: number;
    /** Simulated again until decided. */
    confirmed: number;
    verified: number;
  };
  pruning: PruneReason[];
  rounds: number;
  binds: string;
  points: PointRow[];
}
