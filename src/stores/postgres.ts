// The article's handler on Postgres: a table it creates and owns (a random name, dropped
// on close), the claim as `INSERT ... ON CONFLICT DO UPDATE ... WHERE expired` inside one
// function call, so that each operation is one round trip and a batch of them is one too.
// Embedded PGlite when no URL is given, else the user's server through `pg`.
import { randomBytes } from 'node:crypto';
import type { Answer, IdempotencyStore, Measurement, RaceLookup, RecordShape, StoreOp } from './store.js';
import { StoreError } from './store.js';
import { openSession, type Session } from './postgres-connect.js';
import { measureTable } from './postgres-measure.js';
import { BATCH, COMMIT, LOOKUP, ROLL_BACK, createFunctions, createTable } from './postgres-sql.js';
import { cleanUpOnExit } from '../io/signals.js';
import { raceOnPostgres } from './postgres-race.js';
import { ownerComment, ownerNow } from './owner.js';
import { sweepStale } from './postgres-stale.js';

const ANSWERS: ReadonlySet<string> = new Set<Answer>(['claimed', 'conflict', 'mismatch', 'stored']);

/**
 * Opens the store: PGlite in memory when `url` is undefined, else the server at `url`,
 * where it writes one table, `idemsim_keys_<12 hex>`, and nothing else (its functions are
 * in `pg_temp`, gone when the session ends).
 */
export async function openPostgres(url: string | undefined): Promise<IdempotencyStore> {
  const reopen = url === undefined ? undefined : () => openSession(url);
  return openPostgresOn(await openSession(url), reopen);
}

/**
 * The store on a session already open. `reopen` is given for a user's server: a new
 * session to drop the table with when this one is lost.
 */
export async function openPostgresOn(session: Session, reopen?: () => Promise<Session>): Promise<IdempotencyStore> {
  const table = `idemsim_keys_${randomBytes(6).toString('hex')}`;
  let created = false;
  try {
    const [row] = await session.query<{ server_version: string }>('SHOW server_version');
    // On the user's server, the tables of runs killed before they could drop theirs.
    const notes = reopen === undefined ? [] : await sweepStale(session).catch(() => []);
    // The table says whose it is, in the same transaction that makes it.
    const comment = ownerComment(ownerNow(new Date())).replace(/'/g, "''");
    await session.exec(`${createTable(table)};\nCOMMENT ON TABLE ${table} IS '${comment}'`);
    created = true;
    await session.exec(createFunctions(table));
    const version = row?.server_version.split(' ')[0] ?? '?';
    const description = `postgres ${version} (${session.where}, table ${table})`;
    return new PostgresStore(session, table, reopen, description, notes);
  } catch (error) {
    if (created) await session.exec(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await session.close();
    if (reopen === undefined || error instanceof StoreError) throw error;
    throw new StoreError(`cannot create table ${table} in Postgres at ${session.where}: ${setupFailure(error)}`);
  }
}

class PostgresStore implements IdempotencyStore {
  private closed = false;
  /** The second client of a race (a user's server: a session of its own, opened on first need). */
  private second: Session | undefined;
  /** On the user's server, an interrupted run still drops its table (from a new session). */
  private readonly unregister: () => void;

  constructor(
    private readonly session: Session,
    private readonly table: string,
    private readonly reopen: (() => Promise<Session>) | undefined,
    readonly description: string,
    readonly notes: readonly string[],
  ) {
    this.unregister =
      reopen === undefined
        ? () => undefined
        : cleanUpOnExit({ later: () => dropWith(reopen, `DROP TABLE IF EXISTS ${table}`) });
  }

  async lookup(
    key: string,
    fingerprint: string,
    t: number,
    retention: number,
    checkFingerprint: boolean,
  ): Promise<Answer> {
    const rows = await this.session.query<{ answer: string }>(
      LOOKUP,
      [key, fingerprint, t, retention, checkFingerprint],
      'idemsim_lookup',
    );
    return toAnswer(rows[0]?.answer);
  }

  async commit(key: string, t: number, retention: number, body: string): Promise<void> {
    await this.session.query(COMMIT, [key, t, retention, body], 'idemsim_commit');
  }

  async rollBack(key: string): Promise<void> {
    await this.session.query(ROLL_BACK, [key], 'idemsim_roll_back');
  }

  /** One round trip: the operations run in order in one transaction (one client, so no one sees between them). */
  async batch(ops: readonly StoreOp[]): Promise<(Answer | null)[]> {
    if (ops.length === 0) return [];
    const kinds: string[] = [];
    const keys: string[] = [];
    const fingerprints: string[] = [];
    const times: number[] = [];
    const retentions: number[] = [];
    const checks: boolean[] = [];
    const bodies: string[] = [];
    for (const op of ops) {
      kinds.push(op.op);
      keys.push(op.key);
      fingerprints.push(op.op === 'lookup' ? op.fingerprint : '');
      times.push(op.op === 'rollback' ? 0 : op.t);
      retentions.push(op.op === 'rollback' ? 0 : op.retention);
      checks.push(op.op === 'lookup' && op.checkFingerprint);
      bodies.push(op.op === 'commit' ? op.body : '');
    }
    const params = [kinds, keys, fingerprints, times, retentions, checks, bodies];
    const rows = await this.session.query<{ answer: string | null }>(BATCH, params, 'idemsim_batch');
    if (rows.length !== ops.length) throw new Error(`batch of ${ops.length} operations answered ${rows.length}`);
    return rows.map((row, i) => (ops[i]?.op === 'lookup' ? toAnswer(row.answer) : null));
  }

  async race(a: RaceLookup, b: RaceLookup, claim: 'atomic' | 'read-then-write'): Promise<[Answer, Answer]> {
    if (this.second === undefined) {
      if (this.reopen === undefined) this.second = this.session;
      else {
        const second = await this.reopen();
        // The lookup function lives in each session's pg_temp.
        await second.exec(createFunctions(this.table));
        this.second = second;
      }
    }
    return raceOnPostgres([this.session, this.second], this.table, a, b, claim);
  }

  /** Starts from an empty table and leaves it empty: give it a store of its own. */
  measure(count: number, make: (i: number) => RecordShape, ttlSeconds: number): Promise<Measurement> {
    return measureTable(this.session, this.table, count, make, ttlSeconds);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unregister();
    if (this.second !== undefined && this.second !== this.session) await this.second.close().catch(() => undefined);
    const drop = `DROP TABLE IF EXISTS ${this.table}`;
    try {
      await this.session.exec(drop);
    } catch (error) {
      await this.session.close();
      if (!(error instanceof StoreError) || this.reopen === undefined) throw error;
      // The session was lost: the table must not outlive the run, so drop it from a new one.
      try {
        const fresh = await this.reopen();
        await fresh.exec(drop).finally(() => fresh.close());
      } catch (again) {
        const why = again instanceof Error ? again.message : String(again);
        throw new StoreError(
          `could not drop table ${this.table} in Postgres at ${this.session.where} (${why}); drop it with DROP TABLE ${this.table}`,
        );
      }
      return;
    }
    await this.session.close();
  }
}

async function dropWith(reopen: () => Promise<Session>, drop: string): Promise<void> {
  const fresh = await reopen();
  await fresh.exec(drop).finally(() => fresh.close());
}

function toAnswer(answer: string | null | undefined): Answer {
  if (answer === null || answer === undefined || !ANSWERS.has(answer))
    throw new Error(`the lookup function answered ${String(answer)}`);
  return answer as Answer;
}

function setupFailure(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '42501')
    return `${message}; the user needs CREATE on a schema in its search_path and TEMP on the database (or use a database it owns)`;
  if (code === '25006') return `${message}; give the URL of a primary server, not a read-only replica`;
  return message;
}
