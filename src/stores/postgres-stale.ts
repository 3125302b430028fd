// Tables an earlier run left on the user's Postgres: a run killed outright (SIGKILL, a power
// cut) cannot drop its table, so the next run looks for `idemsim_keys_*` tables, drops those
// whose run is gone (the comment names its pid, host and start: owner.ts), and names the
// others with the command that drops them.
import { messageOf, type Session } from './postgres-connect.js';
import { ownerState, ownerText, parseOwner } from './owner.js';

interface Stale {
  schema: string;
  name: string;
  comment: string | null;
}

/** The `idemsim_keys_<12 hex>` tables in the schemas of the search path, where a run makes its table. */
const STALE_TABLES = `SELECT n.nspname AS schema, c.relname AS name, obj_description(c.oid, 'pg_class') AS comment
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind = 'r' AND c.relname ~ '^idemsim_keys_[0-9a-f]{12}$' AND n.nspname = ANY (current_schemas(false))
ORDER BY 1, 2`;

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** `DROP TABLE "public"."idemsim_keys_..."`, or with IF EXISTS. */
function dropStatement(table: Stale, ifExists = false): string {
  return `DROP TABLE ${ifExists ? 'IF EXISTS ' : ''}${quoted(table.schema)}.${quoted(table.name)}`;
}

/**
 * How long a drop waits for a lock: a table whose run died with its connection still open
 * (a power cut) stays locked until the server notices, and a run does not wait for that.
 */
const LOCK_WAIT = `SET lock_timeout = '5s'`;

/**
 * Drops the tables whose run is gone, and returns one line for the user per table found
 * that is not another run's still going: what was dropped, or what to drop by hand.
 */
export async function sweepStale(session: Session): Promise<string[]> {
  const found = await session.query<Stale>(STALE_TABLES);
  const notes: string[] = [];
  if (found.length === 0) return notes;
  await session.exec(LOCK_WAIT);
  try {
    for (const table of found) notes.push(...(await sweepOne(session, table)));
  } finally {
    await session.exec('RESET lock_timeout');
  }
  return notes;
}

/** What to tell of one table found: dropped, to drop by hand, or nothing (a run still going). */
async function sweepOne(session: Session, table: Stale): Promise<string[]> {
  const shown = `${table.schema}.${table.name}`;
  const owner = parseOwner(table.comment);
  const state = owner === undefined ? 'unknown' : ownerState(owner);
  if (state === 'running') return [];
  const whose = owner === undefined ? 'an idemsim run that did not say which' : `an idemsim run (${ownerText(owner)})`;
  if (state === 'gone') {
    try {
      // IF EXISTS: another run sweeping at the same moment may have dropped it first.
      await session.exec(dropStatement(table, true));
      return [`dropped table ${shown}, left on this server by ${whose} that was killed before it could drop it`];
    } catch (error) {
      return [
        `table ${shown} was left by ${whose} that is gone, and could not be dropped (${messageOf(error)}); drop it: ${dropStatement(table)};`,
      ];
    }
  }
  const where = owner === undefined ? '' : ' on another host';
  return [`table ${shown} was left by ${whose}${where}; if no such run is going, drop it: ${dropStatement(table)};`];
}
