// The search's outcome as one document: what `--format json` prints, and what the table,
// the HTML page and the Pareto chart are rendered from.
import type { Scenario } from '../model/scenario.js';
import { metricValue } from '../model/metrics.js';
import { patchFields, patchSets, patchYaml } from './patch.js';
import type { Point } from './rank.js';
import type { SearchResult } from './search.js';
import type { Dimension } from './space.js';
import type { Target } from '../model/bounds.js';
import type { Configuration, PointRow, Recommendation } from '../model/recommend.js';

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
