// `idemsim report summary.json --out DIR`: redraws a report folder from a saved summary,
// without simulating; and the write step it shares with `run --out` (publish), so both
// commands write the same folder from the same summary.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import type { FolderOptions } from '../report/folder.js';
import { reportFiles } from '../report/run/folder.js';
import { embeddedScenario, scenarioToYaml } from '../scenario/index.js';
import { scenarioSettings } from '../scenario/settings.js';
import { parseSummary, type Summary } from '../report/run/summary.js';
import { ReportTargetError, checkTarget, writeReport, type ReportFile, type WriteIo } from '../report/write.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { cannotRead, cannotWriteOut, outProblem, readFailure, reportWritten } from './messages.js';

export interface ReportOptions {
  /** The report folder to write (required; relative to the context's cwd). */
  out?: string;
  png?: boolean;
}

export async function report(file: string, options: ReportOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const out = options.out;
    if (out === undefined) throw new InputError("error: required option '--out <DIR>' not specified");
    checkOut(out, ctx.cwd);
    const summary = readSummaryFile(file, ctx.cwd);
    await publish(summary, out, { png: options.png === true }, ctx);
    return ExitCode.ok;
  });
}

/** Refuses an --out that a report may not replace, before any work is done for it. */
export function checkOut(out: string, cwd: string): void {
  atOut(out, () => checkTarget(resolve(cwd, out)));
}

/** Draws the folder for `summary`, writes it atomically to `out`, and says where on stderr. */
export async function publish(
  summary: Summary,
  out: string,
  options: Pick<FolderOptions, 'png'>,
  ctx: CommandContext,
  io?: WriteIo,
): Promise<void> {
  const files = await reportFiles(summary, { ...options, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
  writeFolder(files, out, ctx, io);
}

/** Writes a report folder's files atomically to `out` and says where on stderr; `sweep --out` shares it. */
export function writeFolder(files: readonly ReportFile[], out: string, ctx: CommandContext, io?: WriteIo): void {
  atOut(out, () => writeReport(resolve(ctx.cwd, out), files, io));
  ctx.err.write(`${reportWritten(join(out, 'index.html'))}\n`);
}

function readSummaryFile(file: string, cwd: string): Summary {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new InputError(cannotRead(file, readFailure(error)));
  }
  const outcome = parseSummary(text, file, embeddedScenario);
  if (!outcome.ok) throw new InputError(outcome.problem);
  return outcome.summary;
}

/** File-system trouble with the report folder is the user's to fix: one line, exit 2. */
export function atOut(out: string, body: () => void): void {
  try {
    body();
  } catch (error) {
    if (error instanceof ReportTargetError) throw new InputError(outProblem(out, error.reason));
    if (isSystemError(error)) throw new InputError(cannotWriteOut(out, readFailure(error)));
    throw error;
  }
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && 'syscall' in error;
}

const EXAMPLES = `
Examples:
  $ npx idemsim run scenarios/refunds-1-no-key.yaml --out reports/refunds
  $ npx idemsim report reports/refunds/summary.json --out reports/refunds-again --png
      the same folder, redrawn without simulating, with PNG charts

Exit codes: 0 ok, 2 bad input (unreadable or invalid summary, unusable --out), 70 internal error.`;

export function reportCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('report')
    .summary('redraw a report folder from a saved summary.json, without simulating')
    .description(
      'Redraw the report folder (index.html, charts, tables, scenario) from the summary.json that `idemsim run --out DIR` wrote, without simulating again.',
    )
    .argument('<SUMMARY>', 'a summary.json written by `idemsim run --out DIR`')
    .requiredOption('--out <DIR>', 'the report folder to write; an earlier report there is replaced whole')
    .option('--png', 'also write each chart as NAME.png')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, options: { out: string; png?: boolean }) => {
      done(await report(file, { out: options.out, png: options.png }, ctx));
    });
}
