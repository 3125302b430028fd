// `idemsim run`: simulate scenarios and print what reached the world. The pipeline reads
// top to bottom: read files, load and validate, simulate, render, write the report folder.
import { Command } from 'commander';
import type { Scenario } from '../model/scenario.js';
import type { DetailedRunResult, RunResult } from '../model/result.js';
import { simulate } from '../sim/simulate.js';
import { TraceMode, type TraceOptions } from '../sim/trace.js';
import { OUTPUT_FORMATS, render } from '../report/run/render.js';
import { renderSummary } from '../report/run/summary.js';
import { parseSummary, type Summary } from '../saved/summary.js';
import { colorEnabled, type CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { loadScenarios, memoryLimit, withCeiling, withScenarioOptions } from './load.js';
import { needsOut, timelineActionsRange, unknownTimeline } from './messages.js';
import { formatHelp, formatOption } from './options.js';
import { quietly, startProgress, withQuiet } from './progress.js';
import { VERSION } from './version.js';
import { embeddedScenario } from '../scenario/index.js';
import { defaultFields } from '../scenario/settings.js';
import type { Sizing } from '../model/precision.js';
import { runSized, sizingNote, sizingOf, withSizingOptions, type SizingFlags } from './sizing.js';
import { replicationOf } from './shard.js';

export interface RunOptions extends SizingFlags {
  /** `path=value` overrides in command-line order (later wins), applied to every scenario. */
  sets?: readonly string[];
  /** table (default), json or csv; anything else is an input error. */
  format?: string;
  /** Also write the report folder here (relative to the context's cwd). */
  out?: string;
  /** With `out`: every chart as NAME.png too. */
  png?: boolean;
  /** With `out`: which actions the timeline draws, `first` (default) or `eventful`. */
  timeline?: string;
  /** With `out`: how many actions the timeline draws (TIMELINE_ACTIONS). */
  timelineActions?: string;
  /** No progress line and no notes on stderr. */
  quiet?: boolean;
  /** Independent replications on derived seeds: how many, pooled (replicas.ts). */
  replicas?: string;
  /** With `replicas`: run only this one (1 to N) and print its part for `idemsim merge`. */
  replica?: string;
  /** Estimate the count metrics by importance sampling (run-rare.ts). */
  rare?: boolean;
}

/** How many actions the timeline chart may draw: one row each, so a thousand is a tall picture. */
export const TIMELINE_ACTIONS = { default: 40, min: 1, max: 1000 } as const;

/** What `--out` asks for beyond the table: where, with PNGs or not, and which actions to trace. */
interface ReportRequest {
  out: string;
  png: boolean;
  trace: TraceOptions;
}

export async function run(files: readonly string[], options: RunOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    if (options.rare === true) return (await import('./run-rare.js')).runRare(files, options, ctx);
    const format = formatOption(options.format, OUTPUT_FORMATS);
    const replication = replicationOf(options);
    const request = reportRequest(options);
    // Refused before anything is simulated; the write code loads only when a folder is asked for.
    if (request !== undefined) (await import('./out.js')).checkOut(request.out, ctx.cwd, ctx.err);
    const sizing = sizingOf(options);
    const memory = {
      ...memoryLimit(options.maxMemory, sizing?.maxActions),
      copies: replication !== null && replication.replica === null ? replication.of : 1,
      ...(request === undefined ? {} : { drawing: { png: request.png, series: true } }),
    };
    const io = withCeiling(quietly(ctx, options.quiet), memory);
    const loaded = loadScenarios(files, options.sets ?? [], ctx.cwd, (line) => ctx.err.write(`${line}\n`), memory);
    const scenarios = loaded.map((l) => l.scenario);
    if (replication !== null) {
      const { of, replica } = replication;
      const { runAllReplicas, runReplica } = await import('./replicas.js');
      ctx.out.write(
        replica === null
          ? await render(format, runAllReplicas(scenarios, of, io), { color: colorEnabled(ctx), version: VERSION })
          : runReplica(scenarios, { index: replica, of }, VERSION, io),
      );
      return ExitCode.ok;
    }
    const runs =
      sizing === null ? simulateAll(scenarios, request?.trace, io) : sizeAll(scenarios, sizing, request?.trace, io);
    ctx.out.write(await render(format, runs, { color: colorEnabled(ctx), version: VERSION }));
    if (request !== undefined) {
      // Which fields were defaults, for the report: judged on the scenario that ran (sized, its actions are not).
      const given = loaded.map((l) => l.given);
      const defaults = runs.map((r, i) => defaultFields(r.scenario, given[i] ?? []));
      const { publish } = await import('./publish.js');
      await publish(readBack(runs, defaults), request.out, { png: request.png }, io);
    }
    return ExitCode.ok;
  });
}

/**
 * The report options, checked before anything is simulated: a long run should not end in
 * "--out: exists and is not a directory". Undefined without --out (tables only).
 */
function reportRequest(options: RunOptions): ReportRequest | undefined {
  const { out } = options;
  if (out === undefined) {
    if (options.png === true) throw new InputError(needsOut('--png'));
    if (options.timeline !== undefined) throw new InputError(needsOut('--timeline'));
    if (options.timelineActions !== undefined) throw new InputError(needsOut('--timeline-actions'));
    return undefined;
  }
  const mode = options.timeline ?? TraceMode.first;
  if (!Object.hasOwn(TraceMode, mode)) throw new InputError(unknownTimeline(mode, Object.keys(TraceMode)));
  const actions = timelineActions(options.timelineActions);
  return {
    out,
    png: options.png === true,
    trace: { mode: mode as TraceMode, actions },
  };
}

function timelineActions(value: string | undefined): number {
  if (value === undefined) return TIMELINE_ACTIONS.default;
  const n = /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= TIMELINE_ACTIONS.min && n <= TIMELINE_ACTIONS.max)) {
    throw new InputError(timelineActionsRange(value, TIMELINE_ACTIONS.min, TIMELINE_ACTIONS.max));
  }
  return n;
}

/** Detail (traces, key-store timeline) only when a report will draw it. */
function simulateAll(
  scenarios: readonly Scenario[],
  trace: TraceOptions | undefined,
  ctx: CommandContext,
): { scenario: Scenario; result: RunResult }[] {
  const total = scenarios.reduce((sum, scenario) => sum + scenario.actions, 0);
  const progress = startProgress(ctx, total);
  let before = 0;
  try {
    return scenarios.map((scenario) => {
      const options = progress.options(before);
      before += scenario.actions;
      const result = trace === undefined ? simulate(scenario, options) : simulate(scenario, { trace, ...options });
      return { scenario, result };
    });
  } finally {
    progress.finish();
  }
}

/**
 * Each scenario sized by --precision; its result is that of the scenario with the actions
 * it reached (which is what the report's scenario.yaml says), and stderr says how it went.
 */
function sizeAll(
  scenarios: readonly Scenario[],
  sizing: Sizing,
  trace: TraceOptions | undefined,
  ctx: CommandContext,
): { scenario: Scenario; result: RunResult }[] {
  return scenarios.map((scenario) => {
    const sized = runSized(
      scenario,
      sizing,
      ctx,
      trace === undefined ? undefined : (s, options) => simulate(s, { ...options, trace }),
    );
    ctx.err.write(`${sizingNote(scenario.name, sized.sizing)}\n`);
    return { scenario: sized.scenario, result: sized.result };
  });
}

/**
 * The summary the report is drawn from, read back from its own JSON: the folder `run`
 * writes is then by construction the one `report` redraws from summary.json.
 */
function readBack(runs: readonly { scenario: Scenario; result: RunResult }[], defaults: readonly string[][]): Summary {
  const detailed = runs.map(({ scenario, result }, i) => {
    if (!hasDetail(result)) throw new Error('run: a report needs the detail of every run');
    return { scenario, result, defaults: defaults[i] ?? [] };
  });
  const outcome = parseSummary(renderSummary({ idemsim: VERSION, runs: detailed }), 'summary.json', embeddedScenario);
  if (!outcome.ok) throw new Error(`run: the summary does not read back: ${outcome.problem}`);
  return outcome.summary;
}

function hasDetail(result: RunResult): result is DetailedRunResult {
  return 'detail' in result;
}

const DESCRIPTION = `Simulate an AI agent's side-effecting tool calls as they are retried by the
transport, re-planned by the model and replayed after worker crashes, and report
what reached the world: how many actions ran twice (duplicates), never (lost) or
left the agent unsure (unknown); what the idempotency-key store deduplicated,
refused (409, 422) and how big it grows; and what it all cost in latency.
With no FILES, runs the built-in defaults, article-defaults (blind retries, no key).`;

const EXAMPLES = `
Examples:
  $ npx idemsim run
      the built-in defaults: blind retries, no idempotency key, 4,000 actions
  $ npx idemsim run scenarios/refunds-2-call-key.yaml --set keys.retention=5m
      a scenario with one field overridden
  $ npx idemsim run scenarios/refunds-1-no-key.yaml \\
      scenarios/refunds-3-intent-key.yaml --format csv
      two scenarios, one CSV row per scenario and metric
  $ npx idemsim run scenarios/refunds-1-no-key.yaml --out refunds --timeline eventful
      the table, and a report folder (open refunds/index.html) whose timeline
      draws the 40 most eventful actions
  $ npx idemsim run scenarios/refunds-3-intent-key.yaml --actions 1000000 --replicas 4 --replica 2 > replica-2.json
      replica 2 of 4 (its own derived seed), as a part: run the four anywhere,
      then \`idemsim merge replica-*.json\` pools them exactly
  $ npx idemsim run scenarios/refunds-3-intent-key.yaml --precision duplicatesPerThousand=5%
      as many actions as it takes (up to --max-actions) for the duplicate rate's
      95% interval to be within 5% of its value; the actions used go to stderr
      and the report's scenario.yaml, so --actions N repeats the run exactly

A value followed by [low, high] carries its 95% interval: the true value of this
configuration lies in it with 95% confidence. Nothing counted is not zero: no duplicate
in 4,000 actions reads 0 [0, 0.922] per thousand. Methods: docs/reference/intervals.md.
Durations take a unit (250ms, 1.5s, 2m, 1h, 1d); a bare number is milliseconds.
Exit codes: 0 ok, 2 bad input (usage, unreadable file, invalid scenario, unusable --out), 70 internal error.`;

export function runCommand(ctx: CommandContext, done: (code: number) => void): Command {
  // One list for --set and its shorthands, so command-line order decides which wins.
  const sets: string[] = [];
  const precision: string[] = [];
  const command = withScenarioOptions(
    new Command('run')
      .summary('simulate scenarios: duplicates, losses, key-store size and latency')
      .description(DESCRIPTION)
      .argument('[FILES...]', 'scenario files (YAML); several are compared side by side'),
    sets,
  )
    .option('--format <format>', formatHelp(OUTPUT_FORMATS))
    .option('--out <DIR>', 'also write a report folder: index.html, charts, summary.json (default: tables only)')
    .option('--png', 'with --out: also write each chart as NAME.png')
    .option(
      '--timeline <mode>',
      `with --out: the timeline draws the ${Object.keys(TraceMode).join(' or the most ')} actions (default: first)`,
    )
    .option(
      '--replicas <N>',
      "run N independent replications (seeds derived from the scenario's) and print them pooled",
    )
    .option('--replica <I>', 'with --replicas: run replica I alone and print its part for `idemsim merge`')
    .option(
      '--rare',
      'estimate the count metrics (duplicates, lost, unknown, false failures) by importance sampling: for rates of one in a million or a billion',
    )
    .option(
      '--timeline-actions <n>',
      `with --out: how many actions the timeline draws, ${TIMELINE_ACTIONS.min} to ${TIMELINE_ACTIONS.max} (default: ${TIMELINE_ACTIONS.default})`,
    );
  return withQuiet(withSizingOptions(command, precision, false))
    .addHelpText('after', EXAMPLES)
    .action(async (files: string[], options: Omit<RunOptions, 'sets' | 'precision'>) => {
      const { format, out, png, timeline, timelineActions, maxActions, maxMemory, quiet, replicas, replica, rare } =
        options;
      const all = {
        sets,
        format,
        out,
        png,
        timeline,
        timelineActions,
        precision,
        maxActions,
        maxMemory,
        quiet,
        replicas,
        replica,
        rare,
      };
      done(await run(files, all, ctx));
    });
}
