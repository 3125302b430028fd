// The entry point: builds the commander program, runs one command and exits. The only
// place that touches process.stdout, process.env or process.exit; commands receive a
// CommandContext and return an exit code.
import { Command } from 'commander';
import type { CommandContext } from './context.js';
import { checkCommand } from './check.js';
import { diffCommand } from './diff.js';
import { ExitCode, reportError } from './errors.js';
import { explainCommand } from './explain.js';
import { figuresCommand } from './figures.js';
import { fitLatencyCommand } from './fit-latency.js';
import { initCommand } from './init.js';
import { presetsCommand } from './presets.js';
import { recommendCommand } from './recommend.js';
import { reportCommand } from './report.js';
import { runCommand } from './run.js';
import { schemaCommand } from './schema.js';
import { storeCommand } from './store.js';
import { sweepCommand } from './sweep.js';
import { validateCommand } from './validate.js';
import { VERSION } from './version.js';

/** Runs `idemsim` with `argv` (without node and script) and returns the exit code. */
export async function cli(argv: readonly string[], ctx: CommandContext): Promise<number> {
  let code: number = ExitCode.ok;
  const done = (result: number): void => {
    code = result;
  };
  const program = new Command('idemsim')
    .description(
      'Monte Carlo simulator of duplicate side effects when AI-agent tool calls are retried, re-planned and replayed, and of the idempotency keys that stop them',
    )
    .version(VERSION)
    .addHelpText('after', '\nRun `npx idemsim run --help` for the options of run, with examples.')
    // Errors come back as exceptions (mapped to exit 2 below), and all output goes to the
    // context's sinks; settings set here are inherited by the commands added after.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.out.write(text),
      writeErr: (text) => ctx.err.write(text),
      // One line per error: commander puts its "(Did you mean ...?)" on a line of its own.
      outputError: (text, write) => write(`${text.trim().replace(/\s*\n\s*/g, ' ')}\n`),
    });
  const commands = [
    runCommand(ctx, done),
    validateCommand(ctx, done),
    initCommand(ctx, done),
    schemaCommand(ctx, done),
    reportCommand(ctx, done),
    checkCommand(ctx, done),
    diffCommand(ctx, done),
    explainCommand(ctx, done),
    sweepCommand(ctx, done),
    figuresCommand(ctx, done),
    recommendCommand(ctx, done),
    fitLatencyCommand(ctx, done),
    storeCommand(ctx, done),
    presetsCommand(ctx, done),
  ];
  for (const command of commands) {
    program.addCommand(command.copyInheritedSettings(program));
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    return reportError(error, ctx.err);
  }
}

export async function main(argv: readonly string[]): Promise<void> {
  // A closed pipe (`idemsim run | head`) is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    process.exit(error.code === 'EPIPE' ? ExitCode.ok : reportError(error, process.stderr));
  });
  let code: number;
  try {
    code = await cli(argv, {
      out: process.stdout,
      err: process.stderr,
      cwd: process.cwd(),
      env: process.env,
      isTTY: process.stdout.isTTY === true,
      errIsTTY: process.stderr.isTTY === true,
    });
  } catch (error) {
    code = reportError(error, process.stderr);
  }
  // Let pending writes reach a pipe or file before exiting.
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  process.exit(code);
}

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}
