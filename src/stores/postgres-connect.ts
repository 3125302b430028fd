// One Postgres session, embedded or the user's: PGlite (a real Postgres compiled to
// WebAssembly, in memory) when no URL is given, else a `pg` client. Failures to reach or
// log in to the user's server become one line that names the URL, password hidden.
import pg from 'pg';
import { StoreError } from './store.js';
import { settledWithin } from '../io/deadline.js';
import { PostgresProtocolError, guardedSocket } from './postgres-guard.js';

/** The little of a Postgres session the store needs. */
export interface Session {
  /** "PGlite 0.5.17, in memory" or the URL with its password hidden. */
  readonly where: string;
  /** Rows of one statement; `name` prepares it once per session (the client's cache). */
  query<R>(text: string, params?: unknown[], name?: string): Promise<R[]>;
  /** Several statements, no parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: writes what is in memory out and lets go of the WAL before it. PGlite runs
   * Postgres in single-user mode, with no checkpointer, so without this every byte of WAL
   * a run writes stays in memory until the end.
   */
  checkpoint?(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 5000;

/** Bytes written between two checkpoints of PGlite: its WAL stays about this size. */
const CHECKPOINT_BYTES = 16 << 20;

/** A tally of bytes written that checkpoints `session` (if it can) every CHECKPOINT_BYTES. */
export function checkpointer(session: Session): (bytes: number) => Promise<void> {
  let since = 0;
  return async (bytes) => {
    since += bytes;
    if (since < CHECKPOINT_BYTES || session.checkpoint === undefined) return;
    since = 0;
    await session.checkpoint();
  };
}

/**
 * PGlite's own start parameters, with 16 MB of shared buffers instead of 128 (a table of a
 * measurement is read through them once; a smaller pool is a smaller WebAssembly heap) and
 * old WAL removed at a checkpoint rather than kept for reuse.
 */
function pgliteParams(defaults: unknown): string[] | undefined {
  if (!Array.isArray(defaults) || !defaults.every((p) => typeof p === 'string')) return undefined;
  return [...(defaults as string[]), '-c', 'shared_buffers=16MB', '-c', 'wal_recycle=off'];
}

export async function openSession(url: string | undefined): Promise<Session> {
  return url === undefined ? openPglite() : openClient(url);
}

async function openPglite(): Promise<Session> {
  // Loaded on demand: the WebAssembly build takes a few seconds to start.
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = pgliteParams((PGlite as unknown as { defaultStartParams?: unknown }).defaultStartParams);
  const db = await PGlite.create(startParams === undefined ? {} : { startParams });
  const { rows } = await db.query<{ v: string }>('SELECT version() AS v');
  const build = /\((PGlite [^)]*)\)/.exec(rows[0]?.v ?? '')?.[1] ?? 'PGlite';
  return {
    where: `${build}, in memory`,
    query: async <R>(text: string, params?: unknown[]) => (await db.query<R>(text, params)).rows,
    exec: async (text) => {
      await db.exec(text);
    },
    close: async () => {
      if (!db.closed) await db.close();
    },
    checkpoint: async () => {
      await db.exec('CHECKPOINT');
    },
  };
}

async function openClient(url: string): Promise<Session> {
  const shown = redact(url);
  checkUrl(url, shown);
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Every byte the server sends is checked before pg buffers it (postgres-guard.ts).
    stream: guardedSocket,
  });
  // A session that dies between queries is reported by the next query; without a listener
  // the client's 'error' event would end the process.
  let lost: Error | undefined;
  client.on('error', (error) => {
    lost = error;
  });
  try {
    await client.connect();
  } catch (error) {
    await ended(client);
    throw new StoreError(`cannot connect to Postgres at ${shown}: ${connectFailure(error, url)}`);
  }
  const fail = (error: unknown): never => {
    // The session is over when the server says so (class 08, connection exception; 57P,
    // shutting down or ending it) or the socket does; any other error is the statement's.
    const ended =
      error instanceof pg.DatabaseError
        ? /^(08|57P)/.test(error.code ?? '')
        : /^E[A-Z]+$/.test(codeOf(error) ?? '') || /connection terminated|not queryable/i.test(messageOf(error));
    const protocol = [lost, error].find((e) => e instanceof PostgresProtocolError);
    if (protocol !== undefined) throw new StoreError(`Postgres at ${shown}: ${notPostgres(protocol, url)}`);
    if (lost !== undefined || ended) {
      throw new StoreError(`lost the connection to Postgres at ${shown}: ${messageOf(lost ?? error)}`);
    }
    throw error;
  };
  let closed = false;
  return {
    where: shown,
    query: async <R>(text: string, params?: unknown[], name?: string) => {
      try {
        const result = await client.query(
          name === undefined ? { text, values: params } : { name, text, values: params },
        );
        return result.rows as R[];
      } catch (error) {
        return fail(error);
      }
    },
    exec: async (text) => {
      try {
        await client.query(text);
      } catch (error) {
        fail(error);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await ended(client);
    },
  };
}

/**
 * Ends the client, waiting at most a second: pg's end() waits for the socket's close, which
 * it never sees again when the socket was already destroyed (a server that broke the protocol).
 */
async function ended(client: pg.Client): Promise<void> {
  await settledWithin(client.end(), 1000);
}

/** The URL as it may be shown: the password replaced by `***`. */
export function redact(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^/@]*@/i, '$1:***@').replace(/([?&]password=)[^&]*/i, '$1***');
}

function checkUrl(url: string, shown: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StoreError(
      `--postgres ${shown} is not a URL: give one like postgres://user:password@localhost:5432/dbname`,
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new StoreError(`--postgres ${shown} is not a Postgres URL: it must start with postgres:// or postgresql://`);
  }
}

/** host:port of a Postgres URL: the socket or host that was asked. */
function endpoint(url: string): string {
  try {
    const parsed = new URL(url);
    const socket = parsed.searchParams.get('host');
    if (parsed.hostname === '' && socket !== null) return socket;
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'the server';
  }
}

function notPostgres(error: Error, url: string): string {
  return `${endpoint(url)} does not speak the PostgreSQL protocol (${error.message}); check that --postgres names a PostgreSQL server`;
}

/** Why a connection failed, and what to do about it. */
function connectFailure(error: unknown, url: string): string {
  if (error instanceof PostgresProtocolError) return notPostgres(error, url);
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === 'ECONNREFUSED') return 'connection refused; is the server running, and are the host and port right?';
  if (code === 'ENOENT') return 'no server socket there; is the server running, and is the socket directory right?';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host; check the host name in the URL';
  if (code === '28P01') return 'wrong password; check the user and password in the URL';
  if (code === '28000') return `${message}; check the user in the URL and the server's pg_hba.conf`;
  if (code === '3D000') return `${message}; create it or name another database in the URL`;
  if (/timeout/i.test(message))
    return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s; check the host, port and firewall`;
  if (/SASL|password/i.test(message))
    return 'the server asks for a password; put it in the URL (postgres://user:password@host/db)';
  return `${message}; check the URL`;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Node reports a refused dual-stack connect as an AggregateError of one error per address.
  const inner = (error as { errors?: unknown }).errors;
  return Array.isArray(inner) ? codeOf(inner[0]) : undefined;
}

/** An error's first line, for a message. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] || (error instanceof Error ? error.constructor.name : 'unknown error');
}
