// What `store measure` and `store replay` share: the stores to run on, opening one, and the
// one-line failure a store gives when it cannot be reached.
import { Command, Option } from 'commander';
import { STORE_KINDS, type StoreKind } from '../stores/kinds.js';
import { type IdempotencyStore, StoreError } from '../stores/store.js';
import { InputError } from './errors.js';
import { terminalText } from '../report/text.js';
import type { CommandContext } from './context.js';

export interface StoreOptions {
  redis?: string;
  postgres?: string;
  only?: StoreKind;
}

/**
 * Opens a store. The client libraries (Redis, pg, PGlite) load only here, so that no
 * other command pays for them at start-up.
 */
export async function openStore(kind: StoreKind, url: string | undefined): Promise<IdempotencyStore> {
  const { openStore: open } = await import('../stores/open.js');
  return open(kind, url);
}

/** What a store said about its server beyond the run (tables an earlier run left), on stderr. */
export function printNotes(ctx: CommandContext, store: IdempotencyStore): void {
  // A note quotes the server (a schema, a table's comment, an error): escaped for the terminal.
  for (const note of store.notes ?? []) ctx.err.write(`idemsim: ${terminalText(note)}\n`);
}

/** Runs `body`, turning a store's one-line failure (unreachable, refused, bad URL) into exit 2. */
export async function withStores<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof StoreError) throw new InputError(error.message);
    throw error;
  }
}

/** The stores a command runs on: both, or the one --only names. */
export function storesOf(options: StoreOptions): StoreKind[] {
  return options.only === undefined ? [...STORE_KINDS] : [options.only];
}

export const storeOptions = (command: Command): Command =>
  command
    .option(
      '--redis <url>',
      'a Redis server to use, e.g. redis://127.0.0.1:6379 (default: a temporary redis-server from the PATH)',
    )
    .option(
      '--postgres <url>',
      'a Postgres server to use, e.g. postgres://user@127.0.0.1/db (default: PGlite, Postgres in WebAssembly, in memory)',
    )
    .addOption(new Option('--only <store>', 'measure or replay on one store only').choices([...STORE_KINDS]));
