// The entry point: builds the commander program, runs one command and exits. The only
// place that touches process.stdout, process.env or process.exit; commands receive a
// CommandContext and return an exit code.
import { Command } from 'commander';
import { dumbTerminal, type CommandContext } from './context.js';
import { ExitCode, reportError } from './errors.js';
import { terminalText } from '../report/text.js';
import { installSignals, settleSignals } from '../io/signals.js';
import { interrupted } from './messages.js';
import { guardStreams, terminalErr } from './streams.js';
import { VERSION } from './version.js';

type CommandFactory = (ctx: CommandContext, done: (code: number) => void) => Command;

/**
 * Every command, in the order `--help` lists them, each loaded only when asked for: a
 * command's module brings its renderers (and, for charts, vega), so `idemsim run --format
 * json` should not pay for `figures`. `--version` loads none; help and a mistyped name load them all.
 */
const COMMANDS: readonly (readonly [string, () => Promise<CommandFactory>])[] = [
  ['run', async () => (await import('./run.js')).runCommand],
  ['validate', async () => (await import('./validate.js')).validateCommand],
  ['init', async () => (await import('./init.js')).initCommand],
  ['schema', async () => (await import('./schema.js')).schemaCommand],
  ['report', async () => (await import('./report.js')).reportCommand],
  ['check', async () => (await import('./check.js')).checkCommand],
  ['diff', async () => (await import('./diff.js')).diffCommand],
  ['explain', async () => (await import('./explain.js')).explainCommand],
  ['sweep', async () => (await import('./sweep.js')).sweepCommand],
  ['merge', async () => (await import('./merge.js')).mergeCommand],
  ['figures', async () => (await import('./figures.js')).figuresCommand],
  ['lab', async () => (await import('./lab.js')).labCommand],
  ['recommend', async () => (await import('./recommend.js')).recommendCommand],
  ['fit-latency', async () => (await import('./fit-latency.js')).fitLatencyCommand],
  ['store', async () => (await import('./store.js')).storeCommand],
  ['presets', async () => (await import('./presets.js')).presetsCommand],
  ['handlers', async () => (await import('./handlers.js')).handlersCommand],
  ['glossary', async () => (await import('./glossary.js')).glossaryCommand],
];

/**
 * `idemsim help metrics` is the glossary: commander's own `help` takes its argument for a
 * command's name, so the pair is read as `glossary` before commander sees it (and `help
 * run` stays commander's).
 */
function routed(argv: readonly string[]): readonly string[] {
  return argv[0] === 'help' && argv[1] === 'metrics' ? ['glossary', ...argv.slice(2)] : argv;
}

/** The factories `argv` needs: none for the version, the named command's alone, or every one. */
async function commandsFor(argv: readonly string[]): Promise<CommandFactory[]> {
  if (argv[0] === '--version' || argv[0] === '-V') return [];
  const named = COMMANDS.find(([name]) => name === argv[0]);
  const wanted = named === undefined ? COMMANDS : [named];
  return Promise.all(wanted.map(([, load]) => load()));
}

/** Runs `idemsim` with `argv` (without node and script) and returns the exit code. */
export async function cli(given: readonly string[], ctx: CommandContext): Promise<number> {
  const argv = routed(given);
  let code: number = ExitCode.ok;
  const done = (result: number): void => {
    code = result;
  };
  const program = new Command('idemsim')
    .description(
      'Monte Carlo simulator of duplicate side effects when AI-agent tool calls are retried, re-planned and replayed, and of the idempotency keys that stop them',
    )
    .version(VERSION)
    .addHelpText(
      'after',
      '\nRun `npx idemsim run --help` for the options of run, with examples, and\n`npx idemsim help metrics` for what every row of its table counts.',
    )
    // Errors come back as exceptions (mapped to exit 2 below), and all output goes to the
    // context's sinks; settings set here are inherited by the commands added after.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.out.write(text),
      writeErr: (text) => ctx.err.write(text),
      // One line per error: commander puts its "(Did you mean ...?)" on a line of its own.
      // It quotes the argument it could not use: shown with its control characters escaped.
      outputError: (text, write) => write(`${terminalText(text.trim().replace(/\s*\n\s*/g, ' '))}\n`),
    });
  for (const factory of await commandsFor(argv)) {
    const command = factory(ctx, done).copyInheritedSettings(program);
    // A command's own subcommands (store measure, store replay) were added before it had
    // these settings: without them a usage error there would exit 1, past the context.
    for (const sub of command.commands) sub.copyInheritedSettings(command);
    program.addCommand(command);
  }
  // Set after the commands copied the program's settings: `store help` has no glossary.
  program.helpCommand(
    'help [command]',
    'display help for command; `help metrics`: what every row of the output counts',
  );
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    return reportError(error, ctx.err);
  }
}

export async function main(argv: readonly string[]): Promise<void> {
  // A closed pipe ends the run quietly; a full disk under stdout in one line, exit 2.
  const streams = guardStreams(process.stdout, process.stderr, (code) => process.exit(code));
  // Ctrl-C, kill or a closed terminal will wait for a file or folder being written.
  installSignals(process, (signal) => streams.err.write(`${interrupted(signal)}\n`));
  // The progress line redraws itself with a cursor control a dumb terminal prints raw.
  const errIsTTY = process.stderr.isTTY === true && !dumbTerminal(process.env);
  // No control character of a quoted file name or flag reaches the terminal raw.
  const err = terminalErr(streams.err, errIsTTY);
  let code: number;
  try {
    code = await cli(argv, {
      out: streams.out,
      err,
      cwd: process.cwd(),
      env: process.env,
      isTTY: process.stdout.isTTY === true,
      errIsTTY,
      errColumns: () => process.stderr.columns,
    });
  } catch (error) {
    code = reportError(error, err);
  }
  // Let pending writes reach a pipe or file before exiting.
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  await settleSignals();
  process.exit(code === ExitCode.ok && streams.errFailed() ? ExitCode.input : code);
}

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    // Nothing pending (a file's writes are done as they are made): no write to wait on,
    // and none that could fail (an empty write to a full device does). A failed write's
    // 'error' event comes on a later tick: let it come before the process exits.
    if (stream.writableLength === 0) return setImmediate(resolve);
    try {
      stream.write('', () => resolve());
    } catch {
      // Its failure was reported (or could not be): nothing is left to wait for.
      resolve();
    }
  });
}
