// `idemsim recommend FILE --target EXPR ...`: searches timeouts, retries, backoff,
// retention (and the key scope when the file has none) for the configuration that meets
// every target and every guard on the 95% interval, ranks it by the targets' metrics,
// verifies it on another seed, and prints it as a patch to paste. The pipeline: load,
// run the scenario as given (its guards), search, confirm and verify, answer, render.
// Exit 0 with a recommendation, 1 when nothing is feasible or verified, 2 on bad input.
import { Command, Option } from 'commander';
import type { Target } from '../model/bounds.js';
import { mergeTargets } from '../stats/bounds.js';
import { formatCount } from '../format/format.js';
import { answer } from '../recommend/answer.js';
import {
  parseGoals,
  parseMaxActions,
  parsePrefer,
  parseSkipGuards,
  parseSpace,
  type Parsed,
} from '../recommend/options.js';
import { recommendPipeline, VERIFY_RULE } from '../recommend/pipeline.js';
import { explain } from '../recommend/explain.js';
import { rankingRule } from '../recommend/rank.js';
import { firstGridSize } from '../recommend/search.js';
import { MAX_SWEEP_POINTS } from '../model/sweep.js';
import { recommendedWarnings, scenarioWarnings, writtenIn } from '../recommend/warnings.js';
import { recordBytesMeasuredIn } from '../scenario/measured.js';
import { renderRecommendJson, renderRecommendText } from '../report/recommend/text.js';
import { parseTarget } from '../scenario/bounds.js';
import { scenarioToYaml } from '../scenario/index.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { CHARTS_ONLY, checkDrawing } from './memory.js';
import { ceilingOf, memoryLimit, scenarioOf, scenarioSource, withScenarioOptions, withinMemory } from './load.js';
import { formatHelp, formatOption, jobCount } from './options.js';
import { QUIET_HELP, quietly } from './progress.js';
import { simulator } from './recommend-simulator.js';
import {
  ACTIONS_HELP,
  ANSWERS,
  DEFAULT_RECOMMEND_ACTIONS,
  DEFAULT_RECOMMEND_MAX_ACTIONS,
  DESCRIPTION,
  EXAMPLES,
  VERIFY_CAP_FACTOR,
} from './recommend-help.js';
import { checkOut, writeFolder } from './out.js';
import { readScenarioFile } from './validate.js';
import { VERSION } from './version.js';

export interface RecommendOptions {
  /** Refuse a point whose estimated peak memory is above this size (`--max-memory`). */
  maxMemory?: string;
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
  /** No progress line and no notes on stderr. */
  quiet?: boolean;
  /** Judge count targets on importance-sampled intervals (run-rare.ts). */
  rare?: boolean;
}

const FORMATS = ['table', 'json'] as const;

export async function recommend(
  file: string | undefined,
  options: RecommendOptions,
  ctx: CommandContext,
): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const format = formatOption(options.format, FORMATS);
    const io = quietly(ctx, options.quiet);
    if (options.strict === true) {
      throw new InputError('recommend: --strict is gone: targets are always judged on the whole 95% interval');
    }
    if (options.out !== undefined) checkOut(options.out, ctx.cwd, ctx.err);
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
    const first = firstGridSize(dims);
    if (first > MAX_SWEEP_POINTS) {
      throw new InputError(
        `recommend: the search would start from ${formatCount(first)} points (the ends and middle of each ordered dimension, every value of the others); it takes at most ${formatCount(MAX_SWEEP_POINTS)}: vary fewer dimensions or values, or --fix some`,
      );
    }
    const jobs = jobCount(options.jobs, (line) => io.err.write(`${line}\n`));
    // A point may be simulated up to the verification's cap: each is checked against the memory limit at that size.
    const memory = memoryLimit(options.maxMemory, VERIFY_CAP_FACTOR * maxActions);
    const plain = simulator(jobs, io, ceilingOf(memory));
    const simulate =
      options.rare === true
        ? (await import('./run-rare.js')).rareSimulator(
            base,
            file === undefined ? 'the defaults' : { file, cwd: ctx.cwd },
            plain,
            userTargets,
          )
        : plain;
    withinMemory(base, file ?? 'the defaults', memory);
    if (options.out !== undefined) checkDrawing([base], file ?? 'the defaults', CHARTS_ONLY, memory.ceiling);
    const { guards, targets, keys, search, choice, verifySeed, smallest } = await recommendPipeline({
      base,
      userTargets,
      skipped,
      prefer,
      dims,
      load: (pointSets) => withinMemory(scenarioOf(load([...sets, ...pointSets])), pointName(pointSets), memory),
      simulate,
      goals,
      untilDecided: options.untilDecided === true,
      maxActions,
      verifyMaxActions: VERIFY_CAP_FACTOR * maxActions,
      want: ANSWERS,
      batch: Math.max(ANSWERS, jobs),
    });

    const text = file === undefined ? undefined : readText(file, ctx.cwd);
    const written = writtenIn(text, options.sets ?? []);
    const notes = explain({
      base,
      dims,
      targets,
      keys,
      points: search.points,
      choice,
      smallest,
      recordBytesWritten: written('keys.recordBytes'),
      // A --set of the size overrides what the file says it measured.
      recordBytesMeasuredIn: (options.sets ?? []).some((s) => s.startsWith('keys.recordBytes='))
        ? null
        : recordBytesMeasuredIn(text),
      fixed: options.fix ?? [],
      preferred: prefer !== undefined,
    });
    const warnings = [...scenarioWarnings(base, written), ...recommendedWarnings(base, choice.best.scenario)];
    const doc = answer({
      base,
      file,
      dims,
      targets,
      guards: guards.rows,
      warnings,
      notes,
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
      const files = await (
        await import('../report/recommend/folder.js')
      ).recommendReportFiles(doc, base, choice.best.scenario, VERSION, scenarioToYaml);
      writeFolder(files, options.out, io);
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
    ACTIONS_HELP,
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
    .option('--jobs <n>', 'threads that simulate points, this one included (default: the number of cores)')
    .option(
      '--rare',
      'judge count targets on importance-sampled intervals: for limits of one in a million or a billion',
    )
    .option('--format <format>', formatHelp(FORMATS))
    .option('--out <DIR>', 'also write a report folder: index.html, summary.json, the Pareto chart, scenario.yaml')
    .option('--quiet', QUIET_HELP)
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

/** A search point as the memory check names it: its fields, as --set would write them. */
function pointName(pointSets: readonly string[]): string {
  return `recommend point ${pointSets.join(' ')}`.trimEnd();
}
