// `idemsim figures [--out DIR]`: regenerates every number and chart the article relies on
// from the committed scenarios, into one folder written all at once. The pipeline: load
// the committed scenarios, build the article (simulate, closed forms), render the files
// (numbers, chart specs, SVG, page), write the folder. Same bytes on every run and machine.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { buildArticle } from '../article/index.js';
import type { ScenarioLoader } from '../model/article.js';
import { articleFiles } from '../report/article/folder.js';
import { renderNumbersTable } from '../report/article/numbers.js';
import { INDEX_FILE } from '../report/folder.js';
import { checkTarget, writeReport } from '../report/write.js';
import type { CommandContext } from './context.js';
import { ExitCode, guardAsync } from './errors.js';
import { scenarioOf, scenarioSource } from './load.js';
import { atOut } from './report.js';

export const DEFAULT_OUT = 'reports/article';

/**
 * Where the committed scenarios are: the package root, two levels above this file both in
 * src/cli (tests) and in dist/cli (the installed binary), whatever the working directory.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface FiguresOptions {
  /** The folder to write, relative to the context's cwd (default: reports/article). */
  out?: string;
  /** Where scenario paths such as `scenarios/article-defaults.yaml` are read from (default: the package root). */
  root?: string;
}

export async function figures(options: FiguresOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const out = options.out ?? DEFAULT_OUT;
    const dir = resolve(ctx.cwd, out);
    // Refused before anything is simulated: an unusable --out costs no wait.
    atOut(out, () => checkTarget(dir));
    const root = options.root ?? PACKAGE_ROOT;
    const load: ScenarioLoader = (r) => scenarioOf(scenarioSource(r.file, root)(r.sets));
    const article = buildArticle(load);
    const files = await articleFiles(article);
    atOut(out, () => writeReport(dir, files));
    ctx.out.write(renderNumbersTable(article.numbers));
    ctx.err.write(`figures written to ${join(out, INDEX_FILE)} (${files.length} files)\n`);
    return ExitCode.ok;
  });
}

const EXAMPLES = `
Examples:
  $ idemsim figures
      regenerate reports/article/ (commit it: a test compares it byte for byte)
  $ idemsim figures --out /tmp/article
      the same files elsewhere

The folder holds numbers.md and numbers.json (each article number: closed form,
simulated value with its 95% interval, and the scenario that produced it), each chart as
NAME.vl.json and NAME.svg, and index.html showing them all. Scenarios are read from the
package's scenarios/ folder, whatever the working directory.
Exit codes: 0 ok, 2 unusable --out, 70 internal error.`;

export function figuresCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('figures')
    .summary("regenerate the article's numbers and charts from the committed scenarios")
    .description(
      'Simulate the committed scenarios behind every number and chart of the article and write them, with their closed forms and 95% intervals, to one folder. Deterministic: the same bytes on every run.',
    )
    .option('--out <DIR>', `the folder to write; an earlier one there is replaced whole (default: ${DEFAULT_OUT})`)
    .addHelpText('after', EXAMPLES)
    .action(async (options: { out?: string }) => {
      done(await figures({ out: options.out }, ctx));
    });
}
