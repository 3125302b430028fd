// `idemsim report summary.json --out DIR`: redraws a report folder from a saved summary,
// without simulating, through the write step it shares with `run --out` (publish), so
// both commands write the same folder from the same summary.
import { resolve } from 'node:path';
import { Command } from 'commander';
import { embeddedScenario } from '../scenario/index.js';
import { parseSummary, type Summary } from '../saved/summary.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, KnownError, guardAsync } from './errors.js';
import { terminalText } from '../report/text.js';
import { checkOut } from './out.js';
import { shortened } from './short-errors.js';
import { MAX_JSON_BYTES, readBoundedOrFail } from './read-bounded.js';
import { publish } from './publish.js';

export interface ReportOptions {
  /** The report folder to write (required; relative to the context's cwd). */
  out?: string;
  png?: boolean;
}

export async function report(file: string, options: ReportOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    try {
      return await redraw(file, options, ctx);
    } catch (error) {
      throw shortened(error);
    }
  });
}

async function redraw(file: string, options: ReportOptions, ctx: CommandContext): Promise<number> {
  const out = options.out;
  if (out === undefined) throw new InputError("error: required option '--out <DIR>' not specified");
  checkOut(out, ctx.cwd, ctx.err);
  const summary = readSummaryFile(file, ctx.cwd);
  try {
    await publish(summary, out, { png: options.png === true }, ctx);
  } catch (error) {
    // The summary is this command's input: one idemsim wrote always draws, so a chart
    // that cannot be drawn from it (a time of 1e308 ms edited in) is bad input, not a bug.
    if (error instanceof KnownError || !(error instanceof Error)) throw error;
    throw new InputError(
      `${file}: cannot draw a report from it (${terminalText(error.message.split('\n')[0] ?? '').slice(0, 120)}); a summary idemsim wrote always draws: was it edited? Run the scenario again with idemsim run --out`,
    );
  }
  return ExitCode.ok;
}

function readSummaryFile(file: string, cwd: string): Summary {
  const text = readBoundedOrFail(resolve(cwd, file), file, MAX_JSON_BYTES, 'a summary');
  const outcome = parseSummary(text, file, embeddedScenario);
  if (!outcome.ok) throw new InputError(outcome.problem);
  return outcome.summary;
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
