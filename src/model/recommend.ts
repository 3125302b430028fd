// What a recommendation says: the configuration that meets every target (or the closest
// one), each target judged on it, the runner-ups on the Pareto front, and every point the
// search looked at. `recommend --format json` prints it; its report draws it.
import type { Op } from './bounds.js';
import type { Interval } from './result.js';

export interface TargetRow {
  target: string;
  metric: string;
  op: Op;
  limit: number;
  source: 'flag' | 'expect';
  value: number;
  interval: Interval | null;
  compared: number;
  pass: boolean;
  /** Relative distance to the bound: positive slack, negative violation. */
  margin: number;
  /** The target closest to its bound (relative): the one that decides this answer. */
  binds: boolean;
}

export interface Configuration {
  /** Each searched field's value, as written in a scenario. */
  settings: Record<string, string>;
  /** Only the fields that differ from the scenario, as nested YAML. */
  patch: string;
  /** The same as `--set` arguments. */
  sets: string[];
  feasible: boolean;
  targets: TargetRow[];
  /** The preference metrics' values, in preference order. */
  preferred: Record<string, number>;
}

export interface PointRow {
  settings: Record<string, string>;
  status: 'simulated' | 'pruned';
  feasible: boolean;
  round: number;
  /** The preference and target metrics (simulated points), or the pruning reason. */
  metrics?: Record<string, number>;
  pruned?: { target: string; closedForm: number; why: string };
  onFront: boolean;
}

export interface Recommendation {
  scenario: string;
  file: string | null;
  actions: number;
  seed: number | string;
  strict: boolean;
  judgedOn: 'point estimate' | '95% interval';
  prefer: string[];
  targets: { target: string; metric: string; op: Op; limit: number; source: 'flag' | 'expect' }[];
  dimensions: { path: string; candidates: string[]; source: 'default' | 'vary' }[];
  feasible: boolean;
  /** The recommended configuration, or the closest one when nothing is feasible. */
  recommended: Configuration;
  /** When nothing is feasible: the target that cannot be met. */
  unmet: { target: string; everyPoint: boolean } | null;
  /** The other non-dominated feasible configurations, best first. */
  runnersUp: Configuration[];
  simulated: number;
  pruned: number;
  rounds: number;
  points: PointRow[];
}
