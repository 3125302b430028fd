// `idemsim figures [--out DIR]`: regenerates every number and chart the article relies on
// from the committed scenarios, into one folder written all at once. The pipeline: load
// the committed scenarios, build the article (simulate, closed forms), render the files
// (numbers, chart specs, SVG and PNG, page), write the folder. Same bytes on every run and machine.
import { join } from 'node:path';
import { Command } from 'commander';
import { buildArticle } from '../figures/index.js';
import type { Article, ScenarioLoader, ScenarioRef } from '../model/article.js';
import type { Scenario } from '../model/scenario.js';
import { articleFiles } from '../report/figures/folder.js';
import { renderNumbersTable } from '../report/figures/numbers.js';
import { INDEX_FILE } from '../report/folder.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { scenarioOf, scenarioSource } from './load.js';
import { QUIET_HELP, clockOf, quietly, startCount, startPoints } from './progress.js';
import { checkOut, replaceOut } from './out.js';
import { terminalText } from '../report/text.js';
import { PACKAGE_ROOT } from './package-root.js';

export const DEFAULT_OUT = 'reports/article';

export interface FiguresOptions {
  /** The folder to write, relative to the context's cwd (default: reports/article). */
  out?: string;
  /** Where scenario paths such as `scenarios/article-defaults.yaml` are read from (default: the package root). */
  root?: string;
  /** No progress line and no notes on stderr. */
  quiet?: boolean;
}

export async function figures(options: FiguresOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const io = quietly(ctx, options.quiet);
    const since = clockOf(io)();
    const out = options.out ?? DEFAULT_OUT;
    // Refused before anything is simulated: an unusable --out costs no wait.
    checkOut(out, ctx.cwd, io.err);
    const root = options.root ?? PACKAGE_ROOT;
    const load: ScenarioLoader = (r) => scenarioOf(scenarioSource(r.file, root)(r.sets));
    const article = io.errIsTTY === true ? buildWithProgress(load, io, since) : buildArticle(load);
    const files = await articleFiles(article);
    replaceOut(files, out, ctx);
    ctx.out.write(renderNumbersTable(article.numbers));
    io.err.write(`${terminalText(`figures written to ${join(out, INDEX_FILE)}`)} (${files.length} files)\n`);
    return ExitCode.ok;
  });
}

/** Actions a run is cut to in the pass that lists the article's runs: enough for every figure to compute. */
const PLAN_ACTIONS = 100;

const refKey = (r: ScenarioRef): string => JSON.stringify([r.file, ...r.sets]);

/**
 * The article with a progress line. The article loads each scenario just before it
 * simulates it, but does not say how many there are: so a first pass, every run cut to
 * PLAN_ACTIONS actions, lists them (a second or two), and the second pass reads each load
 * as the runs before it done, weighted by their actions. The second pass is the one
 * written, with the scenarios the first loaded: the same article as without the line.
 */
export function buildWithProgress(load: ScenarioLoader, ctx: CommandContext, since: number): Article {
  const listing = startCount(ctx, "listing the article's runs", since);
  let planned: Map<string, Scenario> | undefined;
  try {
    planned = planRuns(load, (found) => listing.update(found));
  } finally {
    listing.finish();
  }
  if (planned === undefined) return buildArticle(load);
  const runs = [...planned.values()];
  const total = runs.reduce((sum, s) => sum + s.actions, 0);
  const progress = startPoints(ctx, { total: runs.length, noun: 'runs', since });
  let done = 0;
  let work = 0;
  try {
    return buildArticle((r) => {
      const scenario = planned.get(refKey(r)) ?? load(r);
      progress.update(done, work / total);
      done += 1;
      work += scenario.actions;
      return scenario;
    });
  } finally {
    progress.finish();
  }
}

/** Each scenario the article loads, by reference, in load order; undefined if the short pass fails. */
function planRuns(load: ScenarioLoader, onFound: (count: number) => void): Map<string, Scenario> | undefined {
  const planned = new Map<string, Scenario>();
  try {
    buildArticle((r) => {
      const scenario = load(r);
      planned.set(refKey(r), scenario);
      onFound(planned.size);
      return { ...structuredClone(scenario), actions: Math.min(scenario.actions, PLAN_ACTIONS) };
    });
  } catch (error) {
    // A scenario that does not load fails the command as it would without the line;
    // anything else the short runs trip on just costs the line.
    if (error instanceof InputError) throw error;
    return undefined;
  }
  return planned;
}

const EXAMPLES = `
Examples:
  $ npx idemsim figures
      regenerate reports/article/ (commit it: a test compares it byte for byte)
  $ npx idemsim figures --out /tmp/article
      the same files elsewhere

The folder holds numbers.md and numbers.json (each article number: closed form,
simulated value with its 95% interval, the scenario that produced it, and beside a
number that differs from another of the same quantity, why), each chart as NAME.svg,
NAME.png (twice the size) and NAME.vl.json, and index.html showing them all. Scenarios
are read from the package's scenarios/ folder, whatever the working directory.
On a terminal, a progress line on stderr counts the runs done, after a short
first pass that lists them; --quiet drops it.
Exit codes: 0 ok, 2 unusable --out, 70 internal error.`;

export function figuresCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('figures')
    .summary("regenerate the article's numbers and charts from the committed scenarios")
    .description(
      'Simulate the committed scenarios behind every number and chart of the article and write them, with their closed forms and 95% intervals, to one folder. Deterministic: the same bytes on every run.',
    )
    .option('--out <DIR>', `the folder to write; an earlier one there is replaced whole (default: ${DEFAULT_OUT})`)
    .option('--quiet', QUIET_HELP)
    .addHelpText('after', EXAMPLES)
    .action(async (options: { out?: string; quiet?: boolean }) => {
      done(await figures({ out: options.out, quiet: options.quiet }, ctx));
    });
}
