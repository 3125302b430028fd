// `idemsim sweep FILE --vary PATH=SPEC`: one scenario over a grid of values. Every point
// keeps the scenario's seed, so points share their random draws (common random numbers)
// and curves are smooth; points run on threads (this one and workers) and come out in the same order and
// with the same bytes whatever --jobs is.
import { Command } from 'commander';
import { METRIC_NAMES, metricInfo } from '../model/metrics.js';
import { renderSweepCsv, renderSweepJson, renderSweepTable } from '../report/sweep/text.js';
import type { SweepSpec } from '../model/scenario.js';
import { DEFAULT_SWEEP_METRICS, type Sweep, type SweepPoint, type Vary } from '../model/sweep.js';
import { renderSweepPart } from '../report/parts/write.js';
import { inShard } from '../saved/sweep-part.js';
import { parseShard, type Share } from './shard.js';
import { scenarioToYaml } from '../scenario/index.js';
import { parseVary } from '../scenario/vary.js';
import { shownArg } from '../scenario/sets.js';
import { simulateAll, simulateAllSized } from '../pool/pool.js';
import { sweepPoints } from '../pool/sweep.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { ceilingOf, memoryLimit, scenarioOf, scenarioSource, withScenarioOptions, withinMemory } from './load.js';
import { checkOut, writeFolder } from './out.js';
import { CHARTS_ONLY, checkDrawing, checkRetained } from './memory.js';
import { VERSION } from './version.js';
import { formatHelp, formatOption, jobCount } from './options.js';
import { sizingOf, withSizingOptions, type SizingFlags } from './sizing.js';
import { formatCount } from '../format/format.js';
import type { Scenario } from '../model/scenario.js';
import type { SizedRun } from '../sim/sized.js';
import type { Sizing } from '../model/precision.js';
import { quietly, startPoints, withQuiet } from './progress.js';
import { maxOf, minOf } from '../stats/extent.js';

export interface SweepOptions extends SizingFlags {
  sets?: readonly string[];
  vary?: readonly string[];
  metric?: string;
  jobs?: string;
  format?: string;
  /** Also write the report folder here (relative to the context's cwd). */
  out?: string;
  /** No progress line and no notes on stderr. */
  quiet?: boolean;
  /** `I/N`: simulate only shard I's points and print them as a part for `idemsim merge`. */
  shard?: string;
  /** Estimate each point's count metric by importance sampling (run-rare.ts). */
  rare?: boolean;
}

const FORMATS = ['table', 'json', 'csv'] as const;

export async function sweep(file: string | undefined, options: SweepOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const format = formatOption(options.format, FORMATS);
    const io = quietly(ctx, options.quiet);
    const shard = shardOf(options, format);
    // Refused before anything is simulated, as `run --out` does.
    if (options.out !== undefined) checkOut(options.out, ctx.cwd, ctx.err);
    const load = scenarioSource(file, ctx.cwd);
    const sets = options.sets ?? [];
    // The file as given, before any point: its issues (the sweep: block's included) come first.
    const base = scenarioOf(load(sets));
    const dims = dimensions(options.vary ?? [], base.sweep);
    const vary = varies(dims);
    const metrics =
      options.metric === undefined ? [...(base.sweep?.metrics ?? DEFAULT_SWEEP_METRICS)] : metricList(options.metric);
    const jobs = jobCount(options.jobs, (line) => io.err.write(`${line}\n`));
    const sizing = sizingOf(options);
    const names = dims.map((d) => d.name);
    const planned = sweepPoints(vary, (pointSets) => load([...sets, ...pointSets]), names);
    if (!planned.ok) throw new InputError(planned.problems);
    if (options.rare === true) {
      if (shard !== null) throw new InputError('--rare runs every point here: drop --shard');
      return (await import('./run-rare.js')).rareSweep(planned.points, vary, options, io);
    }
    const ours = planned.points.map((_, i) => i).filter((i) => shard === null || inShard(i, shard.index, shard.of));
    const memory = memoryLimit(options.maxMemory, sizing?.maxActions);
    const scenarios = ours.map((i) =>
      withinMemory((planned.points[i] as SweepPoint).scenario, `sweep point ${i + 1}`, memory),
    );
    checkRetained(scenarios, 'sweep', memory.ceiling);
    if (options.out !== undefined) checkDrawing(scenarios, 'sweep', CHARTS_ONLY, memory.ceiling);
    const runs = await simulatePoints(scenarios, sizing, jobs, ceilingOf(memory), io);
    if (sizing !== null) {
      const actions = runs.map((r) => r.scenario.actions);
      const capped = runs.filter((r) => r.sizing.stoppedBy === 'cap').length;
      io.err.write(
        `${scenarios[0]?.name ?? 'sweep'}: points sized to ${formatCount(minOf(actions))} to ${formatCount(maxOf(actions))} actions` +
          (capped > 0 ? `; ${capped} stopped by --max-actions before meeting --precision\n` : '\n'),
      );
    }
    const done = ours.map((index, i) => {
      const run = runs[i] as (typeof runs)[number];
      return {
        index,
        run: { at: (planned.points[index] as SweepPoint).at, scenario: run.scenario, result: run.result },
      };
    });
    const name = planned.points[0]?.scenario.name ?? '';
    if (shard !== null) {
      const { index, of } = shard;
      const sweep = { name, vary, metrics, dims: dims.map(({ path, spec }) => ({ path, spec })), base };
      const part = { idemsim: VERSION, shard: index, of, points: planned.points.length, sweep, runs: done };
      ctx.out.write(renderSweepPart(part));
      return ExitCode.ok;
    }
    const result: Sweep = { name, vary, metrics, points: done.map(({ run }) => run) };
    const text =
      format === 'json'
        ? renderSweepJson(result, VERSION)
        : format === 'csv'
          ? renderSweepCsv(result)
          : renderSweepTable(result);
    ctx.out.write(text);
    if (options.out !== undefined) {
      // scenario.yaml carries the sweep that ran as its block, so it sweeps again the same way.
      const ran = { ...base, sweep: { vary: dims.map(({ path, spec }) => ({ path, spec })), metrics } };
      writeFolder(
        await (
          await import('../report/sweep/folder.js')
        ).sweepReportFiles(result, ran, VERSION, { png: false, scenarioYaml: scenarioToYaml }),
        options.out,
        io,
      );
    }
    return ExitCode.ok;
  });
}

/** `--shard I/N`, or null; a shard prints its part (JSON) and writes no report folder. */
function shardOf(options: SweepOptions, format: string): Share | null {
  if (options.shard === undefined) return null;
  if (format !== 'json' && options.format !== undefined) {
    throw new InputError(
      `--shard prints the shard's part as JSON for \`idemsim merge\`; drop --format ${format} (merge prints the table)`,
    );
  }
  if (options.out !== undefined) {
    throw new InputError('--shard writes no report folder; merge the parts with `idemsim merge PARTS... --out DIR`');
  }
  return parseShard(options.shard);
}

/**
 * Every point on worker threads, with a progress line on a terminal. Sized: each point runs
 * to its own precision, and its scenario says the actions it reached.
 */
async function simulatePoints(
  scenarios: readonly Scenario[],
  sizing: Sizing | null,
  jobs: number,
  ceiling: number,
  ctx: CommandContext,
): Promise<SizedRun[]> {
  const progress = startPoints(ctx, { total: scenarios.length });
  const onPointDone = (done: number): void => progress.update(done);
  try {
    if (sizing !== null) return await simulateAllSized(scenarios, sizing, jobs, ceiling, onPointDone);
    const results = await simulateAll(scenarios, jobs, ceiling, onPointDone);
    return results.map((result, i) => ({
      scenario: scenarios[i] as Scenario,
      result,
      sizing: { actions: (scenarios[i] as Scenario).actions, rounds: 1, stoppedBy: 'precision', needed: null },
    }));
  } finally {
    progress.finish();
  }
}

interface Dimension {
  path: string;
  spec: string;
  /** `--vary PATH=SPEC` as typed, or PATH=SPEC from the file's block. */
  arg: string;
  /** How a problem of its points names it: `--vary PATH=SPEC`, or its place in the file's block. */
  name: string;
}

/**
 * The dimensions: the --vary flags when there are any (they replace the file's `sweep:`
 * block whole), else the block's (already checked by the loader, at their lines).
 */
function dimensions(args: readonly string[], block: SweepSpec | undefined): Dimension[] {
  if (args.length > 0) {
    return args.map((arg) => {
      const eq = arg.indexOf('=');
      return {
        path: arg.slice(0, Math.max(0, eq)),
        spec: eq < 0 ? '' : arg.slice(eq + 1),
        arg,
        name: `--vary ${shownArg(arg)}`,
      };
    });
  }
  if (block !== undefined) {
    return block.vary.map(({ path, spec }) => ({ path, spec, arg: `${path}=${spec}`, name: `sweep.vary.${path}` }));
  }
  throw new InputError(
    'sweep: name at least one --vary PATH=SPEC, e.g. --vary client.timeout=400ms..3s:200ms, or give the file a sweep: block',
  );
}

function varies(dims: readonly Dimension[]): Vary[] {
  const problems: string[] = [];
  const vary: Vary[] = [];
  for (const { arg } of dims) {
    const outcome = parseVary(arg);
    if (outcome.ok) vary.push(outcome.vary);
    else problems.push(`--vary ${outcome.message}`);
  }
  const paths = vary.map((v) => v.path);
  if (new Set(paths).size !== paths.length) problems.push('--vary: each path may be varied once');
  if (problems.length > 0) throw new InputError(problems);
  return vary;
}

function metricList(arg: string | undefined): string[] {
  if (arg === undefined) return [...DEFAULT_SWEEP_METRICS];
  const names = arg.split(',').map((s) => s.trim());
  const unknown = names.filter((n) => metricInfo(n) === undefined);
  if (unknown.length > 0) {
    throw new InputError(
      unknown.map((n) => `--metric: unknown metric '${n}'; the metrics are ${METRIC_NAMES.join(', ')}`),
    );
  }
  return names;
}

const EXAMPLES = `
Examples:
  $ npx idemsim sweep scenarios/refunds-2-call-key.yaml --vary client.timeout=400ms..3s:200ms
      one row per timeout: duplicates, lost, 409 rate, p95 latency, key-store size
  $ npx idemsim sweep scenarios/refunds-3-intent-key.yaml --vary keys.retention=5m,15m,30m,1h --metric duplicatesPerThousand,keyStore.steadyStateBytes
      retention against replay duplicates and the key store's size
  $ npx idemsim sweep --vary network.replyLoss=0..0.1:0.02 --vary client.retries=0,1,3 --format csv
      two dimensions (every combination) as tidy CSV
  $ npx idemsim sweep --set 'client.layers=[{preset: langgraph}]' \
      --vary 'client.layers[0].retries=0,1,2' --metric attemptsPerCall.max,duplicatesPerThousand
      a member of a retry layer, by index from 0 (the innermost): LangGraph's loop
      around the client, retrying each whole client call 0, 1 or 2 times

  $ npx idemsim sweep scenarios/refunds-2-call-key.yaml --out reports/timeouts \\
      --vary client.timeout=1s..3s:500ms
      the table, and a report folder with a line chart per metric (two dimensions
      draw a heatmap each) and a scenario.yaml whose sweep: block repeats the sweep
  $ npx idemsim sweep reports/timeouts/scenario.yaml
      no --vary: the file's sweep: block says what to vary and which metrics
  $ npx idemsim sweep reports/timeouts/scenario.yaml --shard 2/3 > part-2.json
      the second of three shares of the points, as a part; once all three ran
      (on any machines), \`idemsim merge part-*.json\` prints the whole sweep

PATH is a field holding one value (client.timeout, agent.crash.resumeDelay.max) or a
member of one retry layer by index (client.layers[0].timeout), a layer the scenario has or
the next one. SPEC is a list (5m,15m,1h) or a range with a step (400ms..3s:200ms,
0..0.1:0.01) in the field's unit. Without --vary, the file's sweep: block says what to
vary; --vary flags replace the block's dimensions and --metric its metrics. Output is
identical whatever --jobs is. On a terminal, a progress line on stderr counts the points
done; --quiet drops it.`;

export function sweepCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const vary: string[] = [];
  const precision: string[] = [];
  const command = withScenarioOptions(
    new Command('sweep')
      .summary('run one scenario over a grid of parameter values (common random numbers)')
      .description(
        'Simulate a scenario at every combination of the --vary values and report the chosen metrics\nwith their 95% intervals. Points share the seed, so differences between neighbours are real.',
      )
      .argument('[FILE]', 'scenario file (default: the built-in defaults)'),
    sets,
  )
    .option('--vary <PATH=SPEC>', 'a dimension: a list or a range with a step; repeatable', (v: string) => {
      vary.push(v);
      return vary;
    })
    .option('--metric <names>', `comma-separated metrics (default: ${DEFAULT_SWEEP_METRICS.join(',')})`)
    .option('--jobs <n>', 'threads that simulate points, this one included (default: the number of cores)')
    .option(
      '--shard <I/N>',
      'simulate only shard I of N (points I, I+N, I+2N, ... counting from 1) and print them as a part for `idemsim merge`',
    )
    .option('--format <format>', formatHelp(FORMATS))
    .option(
      '--out <DIR>',
      'also write a report folder: index.html, charts, summary.json/csv, scenario.yaml (default: output only)',
    )
    .option(
      '--rare',
      "estimate each point's duplicates (or the --precision count) by importance sampling: for rates of one in a million or a billion",
    );
  return withQuiet(withSizingOptions(command, precision, false))
    .addHelpText('after', EXAMPLES)
    .action(async (file: string | undefined, options: Omit<SweepOptions, 'sets' | 'vary' | 'precision'>) => {
      done(await sweep(file, { ...options, sets, vary, precision }, ctx));
    });
}
