// `idemsim run --rare`: the count metrics estimated by importance sampling (src/sim/rare.ts)
// instead of plain Monte Carlo, for rates too small to see by counting: one duplicate in a
// million or a billion actions. Refused, in one line naming the field, where one action's
// draws change another's (the likelihood ratio of an action would then depend on the others).
import { type Target, Verdict } from '../model/bounds.js';
import type { RareCount, RareResult } from '../model/rare.js';
import type { RunResult } from '../model/result.js';
import { judge } from '../stats/bounds.js';
import type { Scenario } from '../model/scenario.js';
import type { Vary } from '../model/sweep.js';
import type { Simulate } from '../recommend/search.js';
import { RARE_METRICS, RARE_RATES, renderRareJson, renderRareTable } from '../report/rare/text.js';
import { parseActionCap, parsePrecisions } from '../scenario/precision.js';
import { simulateRare } from '../sim/rare-run.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError } from './errors.js';
import { loadScenarios, memoryLimit } from './load.js';
import { quietly } from './progress.js';
import { VERSION } from './version.js';
import { DEFAULT_MAX_ACTIONS, type SizingFlags } from './sizing.js';

/** The options of run and sweep that `--rare` reads (their other options it refuses or ignores). */
export interface RareFlags extends SizingFlags {
  sets?: readonly string[];
  format?: string;
  out?: string;
  replicas?: string;
  quiet?: boolean;
}

/** The fields that make actions interact, with what each value shares between them. */
function interaction(s: Scenario): string | null {
  if (s.service.concurrency !== 'unlimited')
    return 'service.concurrency: actions share the service slots and its queue';
  if (s.client.throttle !== 'none') return 'client.throttle: the retry quota is shared by every call of the run';
  if (s.client.budget !== 'none') return 'client.budget: the retry budget counts every call of the run';
  if (s.keys.scope === 'business' || s.keys.scope === 'payload')
    return `keys.scope ${s.keys.scope}: one key can be shared by several actions`;
  if (s.agent.identicalRepeats > 0)
    return 'agent.identicalRepeats: a repeat shares its business identity with an earlier action';
  return null;
}

/** One line, exit 2, where the scenario's actions interact. */
function refuseInteracting(scenario: Scenario, file: string): void {
  const why = interaction(scenario);
  if (why !== null)
    throw new InputError(`${file}: --rare needs actions that do not interact, and ${why}; run it without --rare`);
}

export function runRare(files: readonly string[], options: RareFlags, ctx: CommandContext): number {
  const format = options.format ?? 'table';
  if (format !== 'table' && format !== 'json')
    throw new InputError(`--rare prints a table or JSON: use --format table or --format json`);
  for (const [flag, given] of [
    ['--out', options.out],
    ['--replicas', options.replicas],
  ] as const) {
    if (given !== undefined)
      throw new InputError(`--rare writes no ${flag === '--out' ? 'report folder' : 'replicas'}: drop ${flag}`);
  }
  const precision = rarePrecision(options.precision ?? []);
  const maxActions = rareCap(options);
  const io = quietly(ctx, options.quiet);
  const loaded = loadScenarios(files, options.sets ?? [], ctx.cwd, (line) => io.err.write(`${line}\n`), {
    ...memoryLimit(options.maxMemory),
    copies: 1,
  });
  loaded.forEach((l, i) => refuseInteracting(l.scenario, files[i] ?? l.scenario.name));
  const runs = loaded.map(({ scenario }) => ({
    name: scenario.name,
    seed: scenario.seed,
    result: simulateRare(scenario, {
      target: precision?.count ?? 'duplicates',
      ...(precision === null ? {} : { precision }),
      maxActions,
    }),
  }));
  ctx.out.write(
    format === 'json' ? renderRareJson(runs, VERSION) : runs.map((r) => renderRareTable(r.name, r.result)).join('\n'),
  );
  return ExitCode.ok;
}

/** `--max-actions N`, or the default cap (--precision is read by rarePrecision, not by the plain sizing). */
function rareCap(options: RareFlags): number {
  if (options.maxActions === undefined) return DEFAULT_MAX_ACTIONS;
  const cap = parseActionCap(options.maxActions, 1_000_000_000, 2_000_000);
  if (typeof cap === 'string') throw new InputError(cap);
  return cap;
}

/** `--precision METRIC=W%` for one count metric, relative; anything else is one line, exit 2. */
function rarePrecision(args: readonly string[]): { count: RareCount; relative: number } | null {
  // retentionMisses is a run's count in plain output, which --precision refuses; --rare estimates its rate.
  const misses = args.length === 1 ? /^\s*retentionMisses\s*=\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(args[0] as string) : null;
  if (misses !== null) {
    const relative = Number(misses[1]) / 100;
    if (relative > 0 && relative < 1) return { count: 'retentionMisses', relative };
  }
  const { goals, problems } = parsePrecisions(args);
  if (problems.length > 0) throw new InputError(problems);
  if (goals.length === 0) return null;
  if (goals.length > 1) throw new InputError('--rare sizes a run by one --precision goal: give one');
  const goal = goals[0] as (typeof goals)[number];
  const count = (Object.keys(RARE_METRICS) as RareCount[]).find((c) => RARE_METRICS[c] === goal.metric);
  if (count === undefined) {
    throw new InputError(
      `--precision ${goal.text}: --rare estimates ${Object.values(RARE_METRICS).join(', ')}; size it by one of them`,
    );
  }
  if (!goal.relative)
    throw new InputError(
      `--precision ${goal.text}: with --rare give the width relative to the value, e.g. ${goal.metric}=10%`,
    );
  return { count, relative: goal.halfWidth };
}

/**
 * `check --rare`: the scenario's bounds judged on the weighted intervals. Every bound must
 * be on a count metric; with `untilDecided`, batches are added until each bound is decided
 * (or `maxActions`). The result carries those metrics alone, as a run's would.
 */
export function rareCheckResult(
  scenario: Scenario,
  file: string,
  targets: readonly Target[],
  untilDecided: boolean,
  maxActions: number,
): RunResult {
  refuseInteracting(scenario, file);
  const counted = new Set(RARE_RATES.map((count) => RARE_METRICS[count]));
  const other = targets.find((t) => !counted.has(t.metric));
  if (other !== undefined) {
    throw new InputError(
      `${file}: expect.${other.metric}: --rare judges only ${[...counted].join(', ')}; check this bound without --rare`,
    );
  }
  // One importance-sampled run per count bounded, each tuned for its own count.
  const runs = [...new Set(targets.map((t) => t.metric))].map((metric) => {
    const count = (Object.keys(RARE_METRICS) as RareCount[]).find((c) => RARE_METRICS[c] === metric) as RareCount;
    const bounds = targets.filter((t) => t.metric === metric);
    const decided = (so: RareResult): boolean => {
      const result = asRunResult(so, count);
      return bounds.every((t) => judge(t, result).verdict !== Verdict.undecided);
    };
    return asRunResult(
      simulateRare(scenario, { target: count, maxActions, ...(untilDecided ? { enough: decided } : {}) }),
      count,
    );
  });
  // duplicatesBySource's members come from separate runs: merged member by member.
  const metrics: Record<string, unknown> = {};
  for (const run of runs) {
    for (const [name, value] of Object.entries(run.metrics)) {
      const before = metrics[name];
      metrics[name] = typeof value === 'object' && typeof before === 'object' ? { ...before, ...value } : value;
    }
  }
  return {
    metrics: metrics as unknown as RunResult['metrics'],
    intervals: Object.assign({}, ...runs.map((r) => r.intervals)) as RunResult['intervals'],
  };
}

/** The estimate of `count`, the run's target, as a run's metric and interval, per thousand actions; no upper end where nothing was seen. */
function asRunResult(rare: RareResult, count: RareCount): RunResult {
  const e = rare.estimates[count];
  const metric = RARE_METRICS[count];
  const value = e.mean * 1000;
  const [head, tail] = metric.split('.') as [string, string | undefined];
  const metrics = { actions: rare.actions, [head]: tail === undefined ? value : { [tail]: value } };
  const intervals = { [metric]: { low: e.low * 1000, high: e.high === null ? Infinity : e.high * 1000 } };
  return { metrics: metrics as unknown as RunResult['metrics'], intervals };
}

/**
 * `sweep --rare`: each point of the sweep estimated by importance sampling, one after the
 * other, tuned for the `--precision` count (else duplicates): a row per point with the
 * values it varied, the estimate and its interval, the actions and the variance saved.
 */
export function rareSweep(
  points: readonly { at: readonly number[]; scenario: Scenario }[],
  vary: readonly Vary[],
  options: RareFlags,
  ctx: CommandContext,
): number {
  const format = options.format ?? 'table';
  if (format !== 'table' && format !== 'json')
    throw new InputError(`--rare prints a table or JSON: use --format table or --format json`);
  if (options.out !== undefined) throw new InputError('--rare writes no report folder: drop --out');
  const precision = rarePrecision(options.precision ?? []);
  const maxActions = rareCap(options);
  points.forEach((point, i) => refuseInteracting(point.scenario, `sweep point ${i + 1}`));
  const target = precision?.count ?? 'duplicates';
  const rows = points.map((point) => ({
    labels: vary.map((v, d) => `${v.path}=${v.labels[point.at[d] as number] ?? ''}`),
    result: simulateRare(point.scenario, { target, ...(precision === null ? {} : { precision }), maxActions }),
  }));
  if (format === 'json') {
    ctx.out.write(
      renderRareJson(
        rows.map((r) => ({
          name: `${points[0]?.scenario.name ?? 'sweep'} ${r.labels.join(' ')}`,
          seed: points[0]?.scenario.seed ?? 1,
          result: r.result,
        })),
        VERSION,
      ),
    );
  } else {
    ctx.out.write(
      rows
        .map((r) => renderRareTable(`${points[0]?.scenario.name ?? 'sweep'} at ${r.labels.join(', ')}`, r.result))
        .join('\n'),
    );
  }
  return ExitCode.ok;
}

/**
 * `recommend --rare`: each point the search simulates keeps its plain run for every other
 * metric, and gets, for each count metric among `metrics`, the importance-sampled
 * estimate and interval of an estimate tuned for that count.
 */
export function withRareCounts(scenario: Scenario, result: RunResult, metrics: readonly string[]): RunResult {
  refuseInteracting(scenario, scenario.name);
  const counts = RARE_RATES.filter((c) => metrics.includes(RARE_METRICS[c]));
  const merged = structuredClone(result) as RunResult & { metrics: Record<string, unknown> };
  for (const count of counts) {
    const rare = asRunResult(simulateRare(scenario, { target: count }), count);
    const metric = RARE_METRICS[count];
    const [head, tail] = metric.split('.') as [string, string | undefined];
    const value = (rare.metrics as unknown as Record<string, unknown>)[head];
    const before = merged.metrics[head];
    merged.metrics[head] =
      tail === undefined ? value : { ...(typeof before === 'object' ? before : {}), ...(value as object) };
    merged.intervals[metric] = rare.intervals[metric] as (typeof merged.intervals)[string];
  }
  return merged;
}

/**
 * `recommend --rare`: the search's simulator, its runs' count targets replaced by weighted
 * estimates. Refused at once where the base scenario's actions interact.
 */
export function rareSimulator(base: Scenario, file: string, plain: Simulate, targets: readonly Target[]): Simulate {
  refuseInteracting(base, file);
  const metrics = targets.map((t) => t.metric);
  // A point rerun until decided (--until-decided, a feasible-looking undecided point) is
  // estimated at the actions its plain run reached, so its weighted interval narrows too.
  return async (scenarios, sizing) =>
    (await plain(scenarios, sizing)).map((run, i) => ({
      ...run,
      result: withRareCounts({ ...(scenarios[i] as Scenario), actions: run.sizing.actions }, run.result, metrics),
    }));
}
