// Two clients of the service looking up one key at once, each on its own session: with the
// atomic claim (the lookup function: INSERT ... ON CONFLICT) one claims and the other meets
// its row; with read-then-write (a SELECT, then a separate upsert) both may read nothing and
// both claim. PGlite has one session: its queries interleave between the two clients' steps.
import type { Session } from './postgres-connect.js';
import { LOOKUP } from './postgres-sql.js';
import type { Answer, RaceLookup } from './store.js';

interface Row {
  fingerprint: string;
  state: string;
  expires_at: number;
}

export function raceOnPostgres(
  sessions: readonly [Session, Session],
  table: string,
  a: RaceLookup,
  b: RaceLookup,
  claim: 'atomic' | 'read-then-write',
): Promise<[Answer, Answer]> {
  const side = claim === 'atomic' ? atomic : readThenWrite;
  return Promise.all([side(sessions[0], table, a), side(sessions[1], table, b)]);
}

async function atomic(session: Session, _table: string, l: RaceLookup): Promise<Answer> {
  const rows = await session.query<{ answer: Answer }>(LOOKUP, [
    l.key,
    l.fingerprint,
    l.t,
    l.retention,
    l.checkFingerprint,
  ]);
  return (rows[0] as { answer: Answer }).answer;
}

/** The handler without the atomic claim: read the row, and if none is live, write one. */
async function readThenWrite(session: Session, table: string, l: RaceLookup): Promise<Answer> {
  const [row] = await session.query<Row>(`SELECT fingerprint, state, expires_at FROM ${table} WHERE key = $1`, [l.key]);
  if (row !== undefined && l.t < Number(row.expires_at)) {
    if (l.checkFingerprint && row.fingerprint !== l.fingerprint) return 'mismatch';
    return row.state === 'running' ? 'conflict' : 'stored';
  }
  await session.query(
    `INSERT INTO ${table} (key, fingerprint, state, status, body, expires_at) VALUES ($1, $2, 'running', 0, '', $3)
     ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, state = 'running', status = 0, body = '', expires_at = EXCLUDED.expires_at`,
    [l.key, l.fingerprint, l.t + l.retention],
  );
  return 'claimed';
}
