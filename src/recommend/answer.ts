// The search's outcome as one document: what `--format json` prints, and what the table,
// the HTML page and the Pareto chart are rendered from.
import type { Target } from '../model/bounds.js';
import { metricValue } from '../model/metrics.js';
import type {
  Configuration,
  GuardRow,
  JudgedRun,
  PointRow,
  PruneReason,
  RankingRule,
  Recommendation,
  TargetRow,
  TargetSpec,
  Note,
  Warning,
} from '../model/recommend.js';
import type { Scenario } from '../model/scenario.js';
import type { Choice } from './choose.js';
import { unmetTarget } from './choose.js';
import { patchFields, patchSets, patchYaml } from './patch.js';
import { decidingRun, statusOf, type JudgedSimRun, type Point } from './point.js';
import { DISTANCE_RULE, distanceOf, type RankKey } from './rank.js';
import type { Dimension } from './space.js';
import { minOf } from '../stats/extent.js';

export interface AnswerInput {
  base: Scenario;
  file: string | undefined;
  dims: readonly Dimension[];
  targets: readonly Target[];
  guards: readonly GuardRow[];
  warnings: readonly Warning[];
  notes: readonly Note[];
  keys: readonly RankKey[];
  ranking: RankingRule;
  search: Recommendation['search'];
  verification: Recommendation['verification'];
  points: readonly Point[];
  rounds: number;
  choice: Choice;
}

export const BINDS =
  'binds: the target with the least slack at this configuration (the smallest margin, relative to its limit); it is the one that limits the answer';

export function answer(input: AnswerInput): Recommendation {
  const { base, dims, targets, choice, points } = input;
  const front = new Set(choice.front);
  const infeasible = choice.status === 'infeasible';
  const unmet = infeasible ? unmetTarget(targets, points, choice.best) : undefined;
  const simulated = points.filter((p) => p.search !== undefined);
  return {
    scenario: base.name,
    file: input.file ?? null,
    seed: base.seed,
    status: choice.status,
    feasible: choice.status === 'recommended',
    judgedOn: '95% interval',
    search: input.search,
    verification: input.verification,
    ranking: input.ranking,
    targets: targets.map(spec),
    guards: [...input.guards],
    warnings: [...input.warnings],
    notes: [...input.notes],
    dimensions: dims.map((d) => ({ path: d.path, candidates: d.labels, source: d.source })),
    recommended: configuration(input, choice.best, infeasible),
    distance: infeasible ? { rule: DISTANCE_RULE, value: distanceOf(choice.best) } : null,
    unmet: unmet === undefined ? null : { target: unmet.target.text, everyPoint: unmet.everyPoint },
    runnersUp: choice.runnersUp.map((p) => configuration(input, p, false)),
    rejected: choice.rejected.map((p) => configuration(input, p, false)),
    counts: {
      simulated: simulated.length,
      pruned: points.length - simulated.length,
      prunedThenSimulated: simulated.filter((p) => p.pruned !== undefined).length,
      confirmed: choice.confirmed,
      verified: choice.verified,
    },
    pruning: pruneReasons(points),
    rounds: input.rounds,
    binds: BINDS,
    points: points.map((p) => pointRow(input, p, front.has(p))),
  };
}

function spec({ text, metric, op, limit, source }: Target): TargetSpec {
  return { target: text, metric, op, limit, source };
}

/** Each searched field's label; a field that changes nothing here (a backoff without retries, a retention without a key) is left out. */
function settingsOf(p: Point, dims: readonly Dimension[]): Record<string, string> {
  const unused = (path: string): boolean =>
    (path.startsWith('client.backoff.') && p.scenario.client.retries === 0) ||
    (path === 'keys.retention' && p.scenario.keys.scope === 'none');
  return Object.fromEntries(
    dims.flatMap((d, i) => (unused(d.path) ? [] : [[d.path, d.labels[p.idx[i] as number] as string]])),
  );
}

function configuration(input: AnswerInput, p: Point, closest: boolean): Configuration {
  const fields = patchFields(input.base, p.scenario, input.dims);
  const deciding = decidingRun(p) as JudgedSimRun;
  const search = judgedRunRow(input.targets, deciding);
  const verification = p.verify === undefined ? null : judgedRunRow(input.targets, p.verify);
  // The binding target is read on the last word on the configuration: its verification.
  markBinding(verification ?? search);
  const result = (p.search as JudgedSimRun).result;
  return {
    settings: settingsOf(p, input.dims),
    patch: fields.length === 0 ? '' : patchYaml(fields),
    sets: patchSets(fields),
    feasible: search.passed,
    search,
    verification,
    ranking: Object.fromEntries(input.keys.map((k) => [k.metric, metricValue(result.metrics, k.metric)])),
    distance: closest ? distanceOf(p) : null,
  };
}

function judgedRunRow(targets: readonly Target[], run: JudgedSimRun): JudgedRun {
  const rows: TargetRow[] = targets.map((t, i) => {
    const j = run.judged[i] as NonNullable<(typeof run.judged)[number]>;
    return {
      ...spec(t),
      value: j.value,
      interval: j.interval,
      verdict: j.verdict,
      margin: j.margin,
      needed: j.needed === undefined || !Number.isFinite(j.needed) ? null : j.needed,
      binds: false,
      ...(j.unmeasured === undefined ? {} : { unmeasured: j.unmeasured }),
    };
  });
  return {
    seed: run.seed,
    actions: run.sizing.actions,
    stoppedBy: run.sizing.stoppedBy,
    needed: run.sizing.needed,
    targets: rows,
    passed: rows.every((r) => r.verdict === 'pass'),
  };
}

/** Only a configuration that meets every target has a target that binds. */
function markBinding(run: JudgedRun): void {
  if (!run.passed || run.targets.length === 0) return;
  const margins = run.targets.map((t) => t.margin);
  const least = margins.indexOf(minOf(margins));
  (run.targets[least] as TargetRow).binds = true;
}

function pruneReasons(points: readonly Point[]): PruneReason[] {
  const byReason = new Map<string, PruneReason>();
  for (const p of points) {
    if (p.pruned === undefined) continue;
    const key = `${p.pruned.target.text}\n${p.pruned.why}`;
    const reason = byReason.get(key) ?? { target: p.pruned.target.text, why: p.pruned.why, points: 0 };
    reason.points++;
    byReason.set(key, reason);
  }
  return [...byReason.values()];
}

function pointRow(input: AnswerInput, p: Point, onFront: boolean): PointRow {
  const deciding = decidingRun(p);
  const row: PointRow = {
    settings: settingsOf(p, input.dims),
    status:
      p.verify !== undefined && statusOf(p) === 'feasible' && !p.verify.judged.every((j) => j.verdict === 'pass')
        ? 'rejected'
        : statusOf(p),
    round: p.round,
    actions: deciding === undefined ? null : deciding.sizing.actions,
    needed: deciding === undefined ? null : deciding.sizing.needed,
    onFront,
  };
  const result = p.search?.result;
  if (result !== undefined) {
    const names = [...new Set([...input.keys.map((k) => k.metric), ...input.targets.map((t) => t.metric)])];
    row.metrics = Object.fromEntries(names.map((m) => [m, metricValue(result.metrics, m)]));
  }
  if (p.pruned !== undefined) {
    row.pruned = { target: p.pruned.target.text, closedForm: p.pruned.closedForm, why: p.pruned.why };
  }
  return row;
}
