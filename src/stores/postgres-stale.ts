// Tables an earlier run left on the user's Postgres: a run killed outright (SIGKILL, a power
// cut) cannot drop its table, so the next run looks for `idemsim_keys_*` tables, drops those
// whose run is gone (the comment names its pid, host and start: owner.ts), and names the
// others with the command that drops them.
import type { Session } from './postgres-connect.js';
import { ownerState, ownerText, parseOwner } from './owner.js';

export interface Stale {
  schema: string;
  name: string;
  comment: string | null;
}

/** The `idemsim_keys_<12 hex>` tables in the schemas of the search path, where a run makes its table. */
export const STALE_TABLES = `SELECT n.nspname AS schema, c.relname AS name, obj_description(c.oid, 'pg_class') AS comment
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind = 'r' AND c.relname ~ '^idemsim_keys_[0-9a-f]{12}$' AND n.nspname = ANY (current_schemas(false))
ORDER BY 1, 2`;

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** `DROP TABLE "public"."idemsim_keys_..."` */
export function dropStatement(table: Stale): string {
  return `DROP TABLE ${quoted(table.schema)}.${quoted(table.name)}`;
}

/**
 * Drops the tables whose run is gone, and returns one line for the user per table found
 * that is not another run's still going: what was dropped, or what to drop by hand.
 */
export async function sweepStale(session: Session): Promise<string[]> {
  const found = await session.query<Stale>(STALE_TABLES);
  const notes: string[] = [];
  for (const table of found) {
    const shown = `${table.schema}.${table.name}`;
    const owner = parseOwner(table.comment);
    const state = owner === undefined ? 'unknown' : ownerState(owner);
    if (state === 'running') continue;
    const whose =
      owner === undefined ? 'an idemsim run that did not say which' : `an idemsim run (${ownerText(owner)})`;
    if (state === 'gone') {
      try {
        await session.exec(`${dropStatement(table)}`);
        notes.push(`dropped table ${shown}, left on this server by ${whose} that was killed before it could drop it`);
        continue;
      } catch (error) {
        const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
        notes.push(
          `table ${shown} was left by ${whose} that is gone, and could not be dropped (${why}); drop it: ${dropStatement(table)};`,
        );
        continue;
      }
    }
    const where = owner === undefined ? '' : ' on another host';
    notes.push(
      `table ${shown} was left by ${whose}${where}; if no such run is going, drop it: ${dropStatement(table)};`,
    );
  }
  return notes;
}
