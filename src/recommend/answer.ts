// The search's outcome as one document: what `--format json` prints, and what the table,
// the HTML page and the Pareto chart are rendered from.
import type { Scenario } from '../model/scenario.js';
import { metricValue } from '../model/metrics.js';
import type { Interval } from '../model/result.js';
import { patchFields, patchSets, patchYaml } from './patch.js';
import type { Point } from './rank.js';
import type { SearchResult } from './search.js';
import type { Dimension } from './space.js';
import type { Op, Target } from '../model/bounds.js';

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

export interface AnswerInput {
  base: Scenario;
  file: string | undefined;
  dims: readonly Dimension[];
  targets: readonly Target[];
  strict: boolean;
  prefer: readonly string[];
  outcome: SearchResult;
}

export function answer(input: AnswerInput): Recommendation {
  const { base, dims, targets, strict, prefer, outcome } = input;
  const front = new Set(outcome.front);
  return {
    scenario: base.name,
    file: input.file ?? null,
    actions: base.actions,
    seed: base.seed,
    strict,
    judgedOn: strict ? '95% interval' : 'point estimate',
    prefer: [...prefer],
    targets: targets.map(({ text, metric, op, limit, source }) => ({ target: text, metric, op, limit, source })),
    dimensions: dims.map((d) => ({ path: d.path, candidates: d.labels, source: d.source })),
    feasible: outcome.feasible,
    recommended: configuration(input, outcome.best),
    unmet:
      outcome.unmet === undefined ? null : { target: outcome.unmet.target.text, everyPoint: outcome.unmet.everyPoint },
    runnersUp: outcome.front.filter((p) => p !== outcome.best).map((p) => configuration(input, p)),
    simulated: outcome.simulated,
    pruned: outcome.pruned,
    rounds: outcome.rounds,
    points: outcome.points.map((p) => pointRow(p, dims, targets, prefer, front.has(p))),
  };
}

function settingsOf(p: Point, dims: readonly Dimension[]): Record<string, string> {
  return Object.fromEntries(dims.map((d, i) => [d.path, d.labels[p.idx[i] as number] as string]));
}

function configuration(input: AnswerInput, p: Point): Configuration {
  const fields = patchFields(input.base, p.scenario, input.dims);
  const margins = p.judged.map((j) => j.margin);
  const binding = margins.length === 0 ? -1 : margins.indexOf(Math.min(...margins));
  return {
    settings: settingsOf(p, input.dims),
    patch: fields.length === 0 ? '' : patchYaml(fields),
    sets: patchSets(fields),
    feasible: p.feasible,
    targets: input.targets.map((t, i) => {
      const j = p.judged[i] as NonNullable<(typeof p.judged)[number]>;
      return {
        target: t.text,
        metric: t.metric,
        op: t.op,
        limit: t.limit,
        source: t.source,
        value: j.value,
        interval: j.interval,
        compared: j.compared,
        pass: j.pass,
        margin: j.margin,
        binds: i === binding,
      };
    }),
    preferred: Object.fromEntries(
      input.prefer.map((m) => [m, p.result === undefined ? Number.NaN : metricValue(p.result.metrics, m)]),
    ),
  };
}

function pointRow(
  p: Point,
  dims: readonly Dimension[],
  targets: readonly Target[],
  prefer: readonly string[],
  onFront: boolean,
): PointRow {
  const row: PointRow = {
    settings: settingsOf(p, dims),
    status: p.result === undefined ? 'pruned' : 'simulated',
    feasible: p.feasible,
    round: p.round,
    onFront,
  };
  if (p.result !== undefined) {
    const result = p.result;
    const names = [...new Set([...prefer, ...targets.map((t) => t.metric)])];
    row.metrics = Object.fromEntries(names.map((m) => [m, metricValue(result.metrics, m)]));
  } else if (p.pruned !== undefined) {
    row.pruned = { target: p.pruned.target.text, closedForm: p.pruned.closedForm, why: p.pruned.why };
  }
  return row;
}
