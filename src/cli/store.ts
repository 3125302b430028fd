// `idemsim store measure [FILE]` and `idemsim store replay FILE`: the key store made real.
// measure writes records shaped as the article's handler writes them into Redis and
// Postgres and reads what each store says they cost; replay drives the simulator's own
// key lookups and commits through the handler on each store and compares the answers.
// Both stores run embedded when no URL is given (a temporary redis-server, PGlite), and
// everything written is removed afterwards, on failure and on interruption too.
import { Command } from 'commander';
import type { CommandContext } from './context.js';
import { InputError } from './errors.js';
import { measureCommand } from './store-measure.js';
import { replayCommand } from './store-replay.js';

const EXAMPLES = `
Examples:
  $ npx idemsim store measure
      bytes per record in a temporary redis-server and in PGlite, for the handler's record
  $ npx idemsim store replay scenarios/refunds-3-intent-key.yaml
      the run's key lookups and commits through both stores: every answer must match

Redis: a redis-server on the PATH is started on a free loopback port, with a password of its
own, and stopped afterwards, even if idemsim is killed (Debian: apt-get install redis-server),
or give --redis URL. Postgres: PGlite, or --postgres URL. What a run writes on your servers is
removed when it ends, fails or is interrupted.
Exit codes: 0 done, 1 a store answered differently (replay), 2 bad input or a store unreachable.`;

export function storeCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const command = new Command('store')
    .summary('measure what a key record costs in Redis and Postgres; replay a run through them')
    .description(
      "Real key stores: `store measure` writes records shaped as the idempotency handler writes them into Redis and Postgres and reports the bytes each store says a record takes; `store replay` sends a run's key lookups and commits through the handler on each store and checks that every answer matches the simulator's.",
    );
  command.addHelpText('after', EXAMPLES);
  // `store` alone, or with a word that names no subcommand, is a usage error like any
  // other: one line and exit 2, not the whole help. `store help [command]` stays help.
  command
    .usage('[options] [command]')
    .argument('[command]')
    .helpCommand(true)
    .action((word: string | undefined) => {
      throw new InputError(
        word === undefined
          ? 'store: name what to do: store measure [FILE] or store replay FILE (idemsim store --help)'
          : `store: unknown command '${word}'; use store measure [FILE] or store replay FILE (idemsim store --help)`,
      );
    });
  command.addCommand(measureCommand(ctx, done).copyInheritedSettings(command));
  command.addCommand(replayCommand(ctx, done).copyInheritedSettings(command));
  return command;
}
