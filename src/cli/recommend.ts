// `idemsim recommend FILE --target EXPR ...`: searches timeouts, retries, backoff,
// retention (and the key scope when the file has none) for the configuration that meets
// every target and every guard on the 95% interval, ranks it by the targets' metrics,
// verifies it on another seed, and prints it as a patch to paste. The pipeline: load,
// run the scenario as given (its guards), search, confirm and verify, answer, render.
// Exit 0 with a recommendation, 1 when nothing is feasible or verified, 2 on bad input.
import { Command, Option } from 'commander';
import { mergeTargets, type Target } from '../model/bounds.js';
import { formatCount } from '../model/format.js';
import type { Sizing } from '../model/precision.js';
import type { Scenario } from '../model/scenario.js';
import { answer } from '../recommend/answer.js';
import {
  parseGoals,
  parseMaxActions,
  parsePrefer,
  parseSkipGuards,
  parseSpace,
  type Parsed,
} from '../recommend/options.js';
import type { SimRun } from '../recommend/point.js';
import { recommendPipeline, VERIFY_RULE } from '../recommend/pipeline.js';
import { rankingRule } from '../recommend/rank.js';
import type { Simulate } from '../recommend/search.js';
import { recommendedWarnings, scenarioWarnings, writtenIn } from '../recommend/warnings.js';
import { recommendReportFiles } from '../report/recommend/folder.js';
import { renderRecommendJson, renderRecommendText } from '../report/recommend/text.js';
import { parseTarget } from '../scenario/bounds.js';
import { scenarioToYaml } from '../scenario/index.js';
import { simulateAll, simulateAllSized } from '../sweep/pool.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { scenarioOf, scenarioSource, withScenarioOptions } from './load.js';
import { formatHelp, formatOption, jobCount } from './options.js';
import { startProgress } from './progress.js';
import { checkOut, writeFolder } from './report.js';
import { readScenarioFile } from './validate.js';
import { VERSION } from './version.js';

export interface RecommendOptions {
  sets?: readonly string[];
  targets?: readonly string[];
  vary?: readonly string[];
  fix?: readonly string[];
  skipGuard?: readonly string[];
  precision?: readonly string[];
  untilDecided?: boolean;
  maxActions?: string;
  prefer?: string;
  strict?: boolean;
  jobs?: string;
  format?: string;
  out?: string;
}

const FORMATS = ['table', 'json'] as const;
/** Actions each point is first simulated with, unless --actions says otherwise. */
export const DEFAULT_RECOMMEND_ACTIONS = 20_000;
/** Cap of a point's rerun until decided (and of --precision), unless --max-actions says otherwise. */
export const DEFAULT_RECOMMEND_MAX_ACTIONS = 200_000;
/** Verification runs up to this many times the search's cap. */
export const VERIFY_CAP_FACTOR = 10;
/** The recommendation and its runner-ups: confirmed and verified together. */
const ANSWERS = 4;

export async function recommend(
  file: string | undefined,
  options: RecommendOptions,
  ctx: CommandContext,
): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const format = formatOption(options.format, FORMATS);
    if (options.strict === true) {
      throw new InputError('recommend: --strict is gone: targets are always judged on the whole 95% interval');
    }
    if (options.out !== undefined) checkOut(options.out, ctx.cwd);
    const flags = targetFlags(options.targets ?? []);
    const prefer = ok(parsePrefer(options.prefer));
    const skipped = ok(parseSkipGuards(options.skipGuard ?? []));
    const goals = ok(parseGoals(options.precision ?? []));
    const maxActions = ok(parseMaxActions(options.maxActions, DEFAULT_RECOMMEND_MAX_ACTIONS));
    const load = scenarioSource(file, ctx.cwd);
    // --actions (in sets) overrides the default per-point count, which overrides the file's.
    const sets = [`actions=${DEFAULT_RECOMMEND_ACTIONS}`, ...(options.sets ?? [])];
    const base = scenarioOf(load(sets));
    const userTargets = mergeTargets(base.expect, flags);
    if (userTargets.length === 0) {
      throw new InputError(
        'recommend: name at least one --target, e.g. --target duplicatesPerThousand<=0.1, or give the file an expect: block',
      );
    }
    const dims = ok(parseSpace(base, options.vary ?? [], options.fix ?? []));
    const jobs = jobCount(options.jobs);
    const { guards, targets, keys, search, choice, verifySeed } = await recommendPipeline({
      base,
      userTargets,
      skipped,
      prefer,
      dims,
      load: (pointSets) => scenarioOf(load([...sets, ...pointSets])),
      simulate: simulator(jobs, ctx),
      goals,
      untilDecided: options.untilDecided === true,
      maxActions,
      verifyMaxActions: VERIFY_CAP_FACTOR * maxActions,
      want: ANSWERS,
      batch: Math.max(ANSWERS, jobs),
    });

    const text = file === undefined ? undefined : readText(file, ctx.cwd);
    const warnings = [
      ...scenarioWarnings(base, writtenIn(text, options.sets ?? [])),
      ...recommendedWarnings(base, choice.best.scenario),
    ];
    const doc = answer({
      base,
      file,
      dims,
      targets,
      guards: guards.rows,
      warnings,
      keys,
      ranking: rankingRule(keys, prefer !== undefined),
      search: {
        actionsPerPoint: base.actions,
        maxActions,
        precision: goals.map((g) => g.text),
        untilDecided: options.untilDecided === true,
      },
      verification: { seed: verifySeed, maxActions: VERIFY_CAP_FACTOR * maxActions, rule: VERIFY_RULE },
      points: search.points,
      rounds: search.rounds,
      choice,
    });
    ctx.out.write(format === 'json' ? renderRecommendJson(doc, VERSION) : renderRecommendText(doc));
    if (options.out !== undefined) {
      const files = await recommendReportFiles(doc, base, choice.best.scenario, VERSION, scenarioToYaml);
      writeFolder(files, options.out, ctx);
    }
    return doc.status === 'recommended' ? ExitCode.ok : ExitCode.checkFailed;
  });
}

function ok<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new InputError(parsed.problems);
  return parsed.value;
}

function readText(file: string, cwd: string): string | undefined {
  const read = readScenarioFile(cwd, file);
  return 'text' in read ? read.text : undefined;
}

/** Points on worker threads, with a progress line per batch on a terminal. */
function simulator(jobs: number, ctx: CommandContext): Simulate {
  return async (scenarios: readonly Scenario[], sizing: Sizing | null): Promise<SimRun[]> => {
    const progress = startProgress(ctx, scenarios.length);
    const onDone = (done: number): void => progress.reporter(0)(done, scenarios.length);
    try {
      if (sizing !== null) return await simulateAllSized(scenarios, sizing, jobs, onDone);
      const results = await simulateAll(scenarios, jobs, onDone);
      return results.map((result, i) => ({
        result,
        sizing: { actions: (scenarios[i] as Scenario).actions, rounds: 1, stoppedBy: 'precision', needed: null },
      }));
    } finally {
      progress.finish();
    }
  };
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

/** Paragraphs of one line each: commander wraps every line to the terminal. */
const DESCRIPTION = [
  'Search the client and key settings for the configuration that does what the targets ask and no harm.',
  [
    'Guards: besides your targets, recommend adds bounds of its own and prints each one: unknown outcomes, lost',
    'actions and false failures no worse than the scenario as given (the upper end of its 95% interval, from a run',
    "of the file like every point's), and latency.step.p95 within client.deadline when one is set. A --target (or",
    'expect: bound) on the same metric replaces a guard; --skip-guard METRIC drops one.',
  ],
  [
    'Feasible: every target and guard passes on its 95% interval (the whole interval within the bound). Each point',
    `is simulated with --actions actions (default ${formatCount(DEFAULT_RECOMMEND_ACTIONS)}) on the scenario's seed (common random numbers);`,
    'a point that leaves a bound undecided while every estimate is within its bound is rerun with more actions until',
    `each bound is decided or --max-actions (default ${formatCount(DEFAULT_RECOMMEND_MAX_ACTIONS)}), in rank order and only while it could be the`,
    'answer or a listed runner-up. A point whose estimate breaks a bound is not rerun (--until-decided reruns every',
    'point).',
  ],
  [
    "Ranking among feasible points: the targets' metrics in target order (lower first for an upper bound, higher",
    'first for a lower one), then attempts per action (load on the service), then the key store, then p95 call',
    'latency as a tie-break; values compared at 3 significant digits on the search runs. --prefer replaces it.',
  ],
  [
    `Verification: the best feasible point and up to ${ANSWERS - 1} runner-ups of the Pareto front are rerun on another seed (the`,
    `scenario's followed by "-verify", e.g. 1-verify) until every bound is decided, up to ${VERIFY_CAP_FACTOR} x --max-actions; one`,
    'that fails is not recommended and the next is tried. Both runs are printed.',
  ],
  [
    'Nothing feasible: the closest configuration is printed, by the sum over targets of the normalised violation',
    'max(0, (value - limit) / scale), among simulated points only (pruned ones are simulated first).',
  ],
  '--strict is gone: judging is always on the interval.',
]
  .map((p) => (typeof p === 'string' ? p : p.join(' ')))
  .join('\n\n');

const EXAMPLES = `
Examples:
  $ npx idemsim recommend scenarios/refunds-slow-tail.yaml --target 'duplicatesPerThousand<=0.1' \\
      --target 'keyStore.steadyStateBytes<100MB'
      fewest duplicates and the smallest key store that do no harm, verified on seed 1-verify
  $ npx idemsim recommend refunds.yaml --target 'latency.call.p95<=2s' --prefer attemptsPerAction --fix keys.retention
  $ npx idemsim recommend refunds.yaml --target 'duplicatesPerThousand<=0.1' --skip-guard falseFailuresPerThousand
  $ npx idemsim recommend refunds.yaml --target 'duplicatesPerThousand<=0.1' --until-decided --max-actions 500000

EXPR is METRIC<=VALUE (or >=, <, >), the value in the metric's unit as in an expect: block (5s, 64MB,
1%); the file's expect: bounds are targets too, and a flag on a metric replaces them.
Exit codes: 0 a verified recommendation, 1 nothing searched is feasible (the closest configuration is
printed) or nothing feasible passed verification, 2 bad input, 70 internal error.`;

export function recommendCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const collect = (list: string[]) => (value: string) => {
    list.push(value);
    return list;
  };
  const lists = { targets: [] as string[], vary: [] as string[], fix: [] as string[] };
  const more = { skipGuard: [] as string[], precision: [] as string[] };
  return withScenarioOptions(
    new Command('recommend')
      .summary(
        'search timeout, retries, backoff and retention for the best configuration that meets targets, and verify it',
      )
      .description(DESCRIPTION)
      .argument('[FILE]', 'scenario file (default: the built-in defaults)'),
    sets,
  )
    .option('--target <EXPR>', 'a bound to meet, e.g. duplicatesPerThousand<=0.1; repeatable', collect(lists.targets))
    .option(
      '--skip-guard <METRIC>',
      'drop a guard: unknownPerThousand, lostPerThousand, falseFailuresPerThousand, latency.step.p95, or all; repeatable',
      collect(more.skipGuard),
    )
    .option(
      '--vary <PATH=SPEC>',
      'search these values of a field (replaces its default range or adds it); repeatable',
      collect(lists.vary),
    )
    .option(
      '--fix <PATH>',
      "keep a field at the scenario's value (remove a default dimension); repeatable",
      collect(lists.fix),
    )
    .option(
      '--prefer <metrics>',
      "comma-separated ranking after feasibility, lowest first (default: the targets' metrics, attemptsPerAction, keyStore.steadyStateBytes, latency.call.p95)",
    )
    .option(
      '--precision <METRIC=WIDTH>',
      'size every point (and the scenario as given) until the 95% interval of METRIC is this narrow: 10% of the value, or an absolute width; repeatable',
      collect(more.precision),
    )
    .option(
      '--until-decided',
      'rerun every point, not only the promising ones, until each bound is decided (or --max-actions)',
    )
    .option(
      '--max-actions <n>',
      `cap of a point's sized run (default: ${formatCount(DEFAULT_RECOMMEND_MAX_ACTIONS)}); verification goes to ${VERIFY_CAP_FACTOR}x`,
    )
    .addOption(new Option('--strict').hideHelp())
    .option('--jobs <n>', 'worker threads (default: the number of cores)')
    .option('--format <format>', formatHelp(FORMATS))
    .option('--out <DIR>', 'also write a report folder: index.html, summary.json, the Pareto chart, scenario.yaml')
    .addHelpText('after', EXAMPLES)
    .action(
      async (
        file: string | undefined,
        options: Omit<RecommendOptions, 'sets' | 'targets' | 'vary' | 'fix' | 'skipGuard' | 'precision'>,
      ) => {
        done(await recommend(file, { ...options, sets, ...lists, ...more }, ctx));
      },
    );
}
