// `idemsim handlers`: the idempotency libraries whose behaviour `keys.handler` fills in,
// each with the keys fields it sets, its source and how it was checked; and `--compare
// [FILE]` (handlers-compare.ts): the scenario run under each of them.
import { Command } from 'commander';
import { renderHandlerList, renderHandlerListJson } from '../report/handlers/list.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { COMPARE_FORMATS, compareHandlers } from './handlers-compare.js';
import { withScenarioOptions } from './load.js';
import { needsCompare } from './messages.js';
import { formatHelp, formatOption } from './options.js';
import { withQuiet } from './progress.js';
import { VERSION } from './version.js';

export interface HandlersOptions {
  /** `true` (the built-in defaults) or a scenario file: run it under every profile. */
  compare?: string | boolean;
  /** With `compare`: --set, --seed and --actions in command-line order. */
  sets?: readonly string[];
  format?: string;
  out?: string;
  quiet?: boolean;
  /** With `compare`: refuse a run whose estimated peak memory is above this size. */
  maxMemory?: string;
}

const LIST_FORMATS = ['table', 'json'] as const;

export async function handlers(options: HandlersOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const sets = options.sets ?? [];
    if (options.compare !== undefined && options.compare !== false) {
      const file = typeof options.compare === 'string' ? options.compare : undefined;
      const { format, out, quiet, maxMemory } = options;
      return compareHandlers(file, { sets, format, out, quiet, maxMemory }, ctx);
    }
    if (sets.length > 0) throw new InputError(needsCompare('--set, --seed and --actions'));
    if (options.out !== undefined) throw new InputError(needsCompare('--out'));
    if (options.maxMemory !== undefined) throw new InputError(needsCompare('--max-memory'));
    const format = formatOption(options.format, LIST_FORMATS);
    ctx.out.write(format === 'json' ? renderHandlerListJson(VERSION) : renderHandlerList());
    return ExitCode.ok;
  });
}

const DESCRIPTION = `The idempotency libraries whose behaviour \`keys: { handler: NAME }\` fills in:
how the key is claimed (atomic, or read then write), whether the request's
fingerprint is checked and what a mismatch gets, what happens to an error
result (stored and replayed, or deleted so the next attempt runs again), and
the lease on a running record; each measured by running the library against a
real Redis, or read in its documentation (docs/reference/handlers.md). With
--compare, run one scenario under each of them and report what reached the
world and what the key store holds.`;

const EXAMPLES = `
Examples:
  $ npx idemsim handlers
      every profile, one row each: the keys fields it fills, its source, how it was checked
  $ npx idemsim handlers --format json
      every profile with its values (durations in milliseconds), for a script
  $ npx idemsim handlers --compare scenarios/crash-stuck-no-lease.yaml
      the scenario as given, then under each library: duplicates, unknown outcomes, lost
      actions, false failures, 409 and mismatch rates, 500s, the key store's peak
  $ npx idemsim handlers --compare scenarios/crash-stuck-no-lease.yaml --set keys.lease=15m
      the same with your function's timeout as Powertools' lease (yours gets it too; the
      other libraries have no lease, whatever the scenario says)
  $ npx idemsim handlers --compare scenarios/crash-stuck-no-lease.yaml \\
      --set service.failure.probability=1% --format csv
      with 1% of executions ending in a 500, half after their effect: store or delete?
  $ npx idemsim handlers --compare scenarios/crash-stuck-no-lease.yaml --out reports/handlers
      the tables, and a report folder with the chart, JSON, CSV and the scenario

With --compare, the keys fields each profile fills (claim, fingerprint, mismatchStatus,
errors, lease, ...: the columns of the listing) replace the scenario's, whatever it set;
the key's scope and retention and the rest of the scenario are kept. A scenario with no key (keys.scope none) runs the profiles
with keys.scope intent, and says so on stderr. Powertools has no lease of its own (the
Lambda's remaining time): its row takes the scenario's keys.lease, or without one 3s,
Lambda's default function timeout, with a note on stderr. Every point shares the scenario's seed,
so points draw the same random numbers. A value followed by [low, high] carries its 95%
interval.
Exit codes: 0 ok, 2 bad input (unknown option or format, unreadable or invalid scenario,
an option of --compare without it, unusable --out, a run over --max-memory), 70 internal
error.`;

export function handlersCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const command = withScenarioOptions(
    new Command('handlers')
      .summary("list idempotency libraries' behaviour; --compare runs a scenario under each")
      .description(DESCRIPTION)
      .option('--compare [FILE]', 'run the scenario file under every profile (default: the built-in defaults)'),
    sets,
  )
    .option('--format <format>', `${formatHelp(COMPARE_FORMATS)}; csv only with --compare`)
    .option('--out <DIR>', 'with --compare: also write a report folder: index.html, chart, JSON, CSV, tables');
  return withQuiet(command)
    .addHelpText('after', EXAMPLES)
    .action(async (options: Omit<HandlersOptions, 'sets'>) => {
      done(await handlers({ ...options, sets }, ctx));
    });
}
