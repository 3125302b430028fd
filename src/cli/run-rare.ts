// `idemsim run --rare`: the count metrics estimated by importance sampling (src/sim/rare.ts)
// instead of plain Monte Carlo, for rates too small to see by counting: one duplicate in a
// million or a billion actions. Refused, in one line naming the field, where one action's
// draws change another's (the likelihood ratio of an action would then depend on the others).
import { type Target, Verdict } from '../model/bounds.js';
import type { RareCount, RareResult } from '../model/rare.js';
import type { RunResult } from '../model/result.js';
import { judge } from '../stats/bounds.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Scenario } from '../model/scenario.js';
import { fieldPosition } from '../scenario/index.js';
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

/** The field that makes actions interact, with what its value shares between them, or null. */
function interaction(s: Scenario): { path: string; why: string } | null {
  if (s.service.concurrency !== 'unlimited')
    return { path: 'service.concurrency', why: 'actions share the service slots and its queue' };
  if (s.client.throttle !== 'none')
    return { path: 'client.throttle', why: 'the retry quota is shared by every call of the run' };
  if (s.client.budget !== 'none')
    return { path: 'client.budget', why: 'the retry budget counts every call of the run' };
  if (s.keys.scope === 'business' || s.keys.scope === 'payload')
    return { path: 'keys.scope', why: `${s.keys.scope} keys can be shared by several actions` };
  if (s.agent.identicalRepeats > 0)
    return { path: 'agent.identicalRepeats', why: 'a repeat shares its business identity with an earlier action' };
  return null;
}

/** Where a scenario came from, to name the field that stops --rare: the file and its folder, or a name. */
export interface RareSource {
  file: string;
  cwd?: string;
  /** The --set arguments: a field set there is named as set there, not where the file wrote it. */
  sets?: readonly string[];
}

/** One line, exit 2, where the scenario's actions interact: FILE:LINE:COL when the file writes the field. */
function refuseInteracting(scenario: Scenario, source: RareSource | string): void {
  const found = interaction(scenario);
  if (found === null) return;
  const { file, cwd, sets = [] } = typeof source === 'string' ? { file: source } : source;
  let at = file;
  const set = sets.find((s) => s.startsWith(`${found.path}=`));
  if (set !== undefined) at = `${file} (--set ${set})`;
  else if (cwd !== undefined) {
    try {
      const pos = fieldPosition(readFileSync(resolve(cwd, file), 'utf8'), file, found.path);
      if (pos !== undefined) at = `${file}:${pos.line}:${pos.col}`;
    } catch {
      // Not a file (the defaults, a sweep point): the name alone.
    }
  }
  throw new InputError(
    `${at}: --rare needs actions that do not interact, and ${found.path}: ${found.why}; run it without --rare, or set ${found.path} to its default`,
  );
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
  loaded.forEach((l, i) =>
    refuseInteracting(
      l.scenario,
      files[i] === undefined ? l.scenario.name : { file: files[i] as string, cwd: ctx.cwd, sets: options.sets ?? [] },
    ),
  );
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
  source: RareSource | string,
  targets: readonly Target[],
  untilDecided: boolean,
  maxActions: number,
): RunResult {
  refuseInteracting(scenario, source);
  const file = typeof source === 'string' ? source : source.file;
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
export function rareSimulator(
  base: Scenario,
  source: RareSource | string,
  plain: Simulate,
  targets: readonly Target[],
): Simulate {
  refuseInteracting(base, source);
  const metrics = targets.map((t) => t.metric);
  // A point rerun until decided (--until-decided, a feasible-looking undecided point) is
  // estimated at the actions its plain run reached, so its weighted interval narrows too.
  return async (scenarios, sizing) =>
    (await plain(scenarios, sizing)).map((run, i) => ({
      ...run,
      result: withRareCounts({ ...(scenarios[i] as Scenario), actions: run.sizing.actions }, run.result, metrics),
    }));
}
