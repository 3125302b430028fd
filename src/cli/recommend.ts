// `idemsim recommend FILE --target EXPR ...`: searches timeouts, retries, backoff,
// retention (and the key scope when the file has none) for the configuration that meets
// every target and is best by the preference metrics; prints it as a patch to paste.
// Exit 0 with a recommendation, 1 when nothing searched is feasible, 2 on bad input.
import { Command } from 'commander';
import { answer } from '../recommend/answer.js';
import { DEFAULT_PREFER } from '../recommend/rank.js';
import { search } from '../recommend/search.js';
import { searchSpace, varyDimension, type Dimension } from '../recommend/space.js';
import { mergeTargets, type Target } from '../model/bounds.js';
import { parseTarget } from '../scenario/bounds.js';
import { recommendReportFiles } from '../report/recommend/folder.js';
import { renderRecommendJson, renderRecommendText } from '../report/recommend/text.js';
import { closest } from '../scenario/suggest.js';
import { METRIC_NAMES, metricInfo } from '../model/metrics.js';
import { scenarioToYaml } from '../scenario/index.js';
import { parseVary } from '../scenario/vary.js';
import { simulateAll } from '../sweep/pool.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { scenarioOf, scenarioSource, withScenarioOptions } from './load.js';
import { checkOut, writeFolder } from './report.js';
import { VERSION } from './version.js';
import { formatHelp, formatOption, jobCount } from './options.js';

export interface RecommendOptions {
  sets?: readonly string[];
  targets?: readonly string[];
  vary?: readonly string[];
  fix?: readonly string[];
  prefer?: string;
  strict?: boolean;
  jobs?: string;
  format?: string;
  out?: string;
}

const FORMATS = ['table', 'json'] as const;
/** Actions per point unless --actions says otherwise: enough for per-thousand rates. */
export const DEFAULT_RECOMMEND_ACTIONS = 20_000;

export async function recommend(
  file: string | undefined,
  options: RecommendOptions,
  ctx: CommandContext,
): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const format = formatOption(options.format, FORMATS);
    if (options.out !== undefined) checkOut(options.out, ctx.cwd);
    const flags = targetFlags(options.targets ?? []);
    const prefer = preferList(options.prefer);
    const load = scenarioSource(file, ctx.cwd);
    // --actions (in sets) overrides the default per-point count, which overrides the file's.
    const sets = [`actions=${DEFAULT_RECOMMEND_ACTIONS}`, ...(options.sets ?? [])];
    const base = scenarioOf(load(sets));
    const targets = mergeTargets(base.expect, flags);
    if (targets.length === 0) {
      throw new InputError(
        'recommend: name at least one --target, e.g. --target duplicatesPerThousand<=0.1, or give the file an expect: block',
      );
    }
    const dims = space(base, options.vary ?? [], options.fix ?? []);
    const jobs = jobCount(options.jobs);
    const outcome = await search({
      dims,
      targets,
      strict: options.strict === true,
      prefer,
      load: (pointSets) => scenarioOf(load([...sets, ...pointSets])),
      simulate: (scenarios) => simulateAll(scenarios, jobs),
    });
    const doc = answer({ base, file, dims, targets, strict: options.strict === true, prefer, outcome });
    ctx.out.write(format === 'json' ? renderRecommendJson(doc, VERSION) : renderRecommendText(doc));
    if (options.out !== undefined) {
      writeFolder(
        await recommendReportFiles(doc, base, outcome.best.scenario, VERSION, scenarioToYaml),
        options.out,
        ctx,
      );
    }
    return doc.feasible ? ExitCode.ok : ExitCode.checkFailed;
  });
}

function targetFlags(args: readonly string[]): Target[] {
  const problems: string[] = [];
  const targets: Target[] = [];
  for (const arg of args) {
    const outcome = parseTarget(arg);
    if (outcome.ok) targets.push(outcome.target);
    else problems.push(outcome.message);
  }
  if (problems.length > 0) throw new InputError(problems);
  return targets;
}

function preferList(arg: string | undefined): string[] {
  if (arg === undefined) return [...DEFAULT_PREFER];
  const names = arg.split(',').map((s) => s.trim());
  const problems = names
    .filter((n) => metricInfo(n) === undefined)
    .map((n) => {
      const near = closest(n, METRIC_NAMES);
      return `--prefer: unknown metric '${n}'; ${near !== undefined ? `did you mean '${near}'?` : `the metrics are ${METRIC_NAMES.join(', ')}`}`;
    });
  if (new Set(names).size !== names.length) problems.push('--prefer: each metric may be named once');
  if (problems.length > 0) throw new InputError(problems);
  return names;
}

function space(
  base: Parameters<typeof searchSpace>[0],
  varyArgs: readonly string[],
  fix: readonly string[],
): Dimension[] {
  const problems: string[] = [];
  const varies: Dimension[] = [];
  for (const arg of varyArgs) {
    const outcome = parseVary(arg);
    if (outcome.ok) varies.push(varyDimension(outcome.vary));
    else problems.push(`--vary ${outcome.message}`);
  }
  const paths = varies.map((v) => v.path);
  if (new Set(paths).size !== paths.length) problems.push('--vary: each path may be varied once');
  for (const path of fix) {
    if (paths.includes(path)) problems.push(`--fix ${path}: also given to --vary; use one or the other`);
  }
  if (problems.length > 0) throw new InputError(problems);
  const dims = searchSpace(base, varies, fix);
  const known = new Set([...dims.map((d) => d.path), ...fix]);
  const searchable = searchSpace(base, varies, []).map((d) => d.path);
  for (const path of fix) {
    if (!searchable.includes(path)) {
      problems.push(`--fix ${path}: not a searched dimension; the dimensions are ${searchable.join(', ')}`);
    }
  }
  if (problems.length > 0) throw new InputError(problems);
  if (dims.length === 0 || known.size === 0)
    throw new InputError('recommend: nothing left to search; drop a --fix or add a --vary');
  return dims;
}

const EXAMPLES = `
Examples:
  $ idemsim recommend scenarios/refunds-3-intent-key.yaml --target duplicatesPerThousand<=0.1 \\
      --target lostPerThousand<=0 --target keyStore.steadyStateBytes<=64MB
      timeout, retries, backoff and retention that meet the targets with the lowest p95 latency
  $ idemsim recommend refunds.yaml --target latency.call.p95<=2s --prefer attemptsPerAction --fix keys.retention
  $ idemsim recommend refunds.yaml --vary client.timeout=500ms..3s:250ms --format json

EXPR is METRIC<=VALUE (or >=, <, >), the value in the metric's unit as in an expect: block
(5s, 64MB, 1%); the file's expect: bounds are targets too, and a flag on a metric replaces
them. Each point simulates --actions actions (default ${DEFAULT_RECOMMEND_ACTIONS}) with the scenario's seed
(common random numbers). Exit codes: 0 a recommendation, 1 nothing searched meets every
target (the closest configuration is printed), 2 bad input, 70 internal error.`;

export function recommendCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const collect = (list: string[]) => (value: string) => {
    list.push(value);
    return list;
  };
  const targets: string[] = [];
  const vary: string[] = [];
  const fix: string[] = [];
  return withScenarioOptions(
    new Command('recommend')
      .summary('search timeout, retries, backoff and retention for the best configuration that meets targets')
      .description(
        "Search the client and key settings for the configuration that meets every target, then has the lowest\np95 call latency, key store and attempts; print it as a YAML patch with each target and the Pareto front.\nEach point simulates 20,000 actions with the scenario's seed unless --actions says otherwise.",
      )
      .argument('[FILE]', 'scenario file (default: the built-in defaults)'),
    sets,
  )
    .option('--target <EXPR>', 'a bound to meet, e.g. duplicatesPerThousand<=0.1; repeatable', collect(targets))
    .option(
      '--vary <PATH=SPEC>',
      'search these values of a field (replaces its default range or adds it); repeatable',
      collect(vary),
    )
    .option(
      '--fix <PATH>',
      "keep a field at the scenario's value (remove a default dimension); repeatable",
      collect(fix),
    )
    .option(
      '--prefer <metrics>',
      `comma-separated ranking after feasibility, lowest first (default: ${DEFAULT_PREFER.join(',')})`,
    )
    .option('--strict', 'a target holds only if the whole 95% interval meets it (default: the point estimate)')
    .option('--jobs <n>', 'worker threads (default: the number of cores)')
    .option('--format <format>', formatHelp(FORMATS))
    .option('--out <DIR>', 'also write a report folder: index.html, summary.json, the Pareto chart, scenario.yaml')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string | undefined, options: Omit<RecommendOptions, 'sets' | 'targets' | 'vary' | 'fix'>) => {
      done(await recommend(file, { ...options, sets, targets, vary, fix }, ctx));
    });
}
