// The article's handler in Postgres, as SQL a reader can copy: one table keyed by the
// idempotency key (the primary key is the unique constraint that makes the claim atomic),
// and session-local functions so that each operation is one round trip.

/**
 * The record. Types are what a production handler would choose:
 * - `key text`: the client's Idempotency-Key, an arbitrary string; the primary key's
 *   b-tree is the unique constraint the claim relies on.
 * - `fingerprint text`: the SHA-256 of the payload in hex, as the record shape and the
 *   Redis store keep it (a `bytea` of 32 bytes would save 33 bytes a row).
 * - `state text` with a CHECK: readable in `psql`, 6 to 8 bytes; an enum would take 4.
 * - `status smallint`: an HTTP status fits in 2 bytes.
 * - `body text`: the response replayed to a repeat, byte for byte (jsonb would reformat it).
 * - `expires_at double precision`: the simulated clock in ms. A real handler would use
 *   `timestamptz`, also 8 bytes, so the size is the same; a double keeps the simulator's
 *   times exact, so `t < expires_at` is judged on the very numbers the simulator compared.
 */
export function createTable(table: string): string {
  return `CREATE TABLE ${table} (
  key         text PRIMARY KEY,
  fingerprint text NOT NULL,
  state       text NOT NULL CHECK (state IN ('running', 'done')),
  status      smallint NOT NULL,
  body        text NOT NULL,
  expires_at  double precision NOT NULL
)`;
}

/**
 * The handler's three steps as functions in `pg_temp`: they live in this session only, so
 * on a user's server nothing but the table is written, and they vanish on disconnect.
 *
 * `lookup` claims a key that is absent or expired with one `INSERT ... ON CONFLICT DO
 * UPDATE ... WHERE expired`; the unique index makes that atomic, and when the WHERE
 * refuses, Postgres still locks the live row, so the read that follows sees it as it stays
 * until this transaction ends. `batch` runs many operations in one round trip, strictly in
 * the order given, and returns each answer with its position.
 */
export function createFunctions(table: string): string {
  return `
CREATE FUNCTION pg_temp.idemsim_lookup(k text, fp text, t double precision, retention double precision, check_fp boolean)
RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  live_fp text;
  live_state text;
BEGIN
  INSERT INTO ${table} AS cur (key, fingerprint, state, status, body, expires_at)
  VALUES (k, fp, 'running', 0, '', t + retention)
  ON CONFLICT (key) DO UPDATE
    SET fingerprint = excluded.fingerprint, state = 'running', status = 0, body = '', expires_at = excluded.expires_at
    WHERE cur.expires_at <= t;
  IF FOUND THEN
    RETURN 'claimed';
  END IF;
  SELECT fingerprint, state INTO live_fp, live_state FROM ${table} WHERE key = k;
  IF check_fp AND live_fp <> fp THEN
    RETURN 'mismatch';
  END IF;
  RETURN CASE live_state WHEN 'running' THEN 'conflict' ELSE 'stored' END;
END
$fn$;

CREATE FUNCTION pg_temp.idemsim_commit(k text, t double precision, retention double precision, b text)
RETURNS void LANGUAGE sql AS $fn$
  UPDATE ${table} SET state = 'done', status = 200, body = b, expires_at = t + retention WHERE key = k
$fn$;

CREATE FUNCTION pg_temp.idemsim_roll_back(k text)
RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM ${table} WHERE key = k
$fn$;

CREATE FUNCTION pg_temp.idemsim_batch(
  ops text[], keys text[], fps text[], ts double precision[], retentions double precision[], checks boolean[], bodies text[]
) RETURNS TABLE (n bigint, answer text) LANGUAGE plpgsql AS $fn$
DECLARE
  o record;
BEGIN
  FOR o IN
    SELECT * FROM unnest(ops, keys, fps, ts, retentions, checks, bodies) WITH ORDINALITY AS u(op, k, fp, t, r, c, b, i)
    ORDER BY u.i
  LOOP
    n := o.i;
    answer := NULL;
    CASE o.op
      WHEN 'lookup' THEN answer := pg_temp.idemsim_lookup(o.k, o.fp, o.t, o.r, o.c);
      WHEN 'commit' THEN PERFORM pg_temp.idemsim_commit(o.k, o.t, o.r, o.b);
      WHEN 'rollback' THEN PERFORM pg_temp.idemsim_roll_back(o.k);
    END CASE;
    RETURN NEXT;
  END LOOP;
END
$fn$;
`;
}

export const LOOKUP = 'SELECT pg_temp.idemsim_lookup($1, $2, $3, $4, $5) AS answer';
export const COMMIT = 'SELECT pg_temp.idemsim_commit($1, $2, $3, $4)';
export const ROLL_BACK = 'SELECT pg_temp.idemsim_roll_back($1)';
export const BATCH = 'SELECT answer FROM pg_temp.idemsim_batch($1, $2, $3, $4, $5, $6, $7) ORDER BY n';

/** Writes rows as they are given, many per statement (for `measure`); a repeated key is skipped. */
export function insertRows(table: string): string {
  return `INSERT INTO ${table} (key, fingerprint, state, status, body, expires_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::smallint[], $5::text[], $6::double precision[])
ON CONFLICT (key) DO NOTHING`;
}

/** What the table takes on disk, by part, in bytes (bigint comes back as text). */
export function relationSizes(table: string): string {
  return `SELECT pg_total_relation_size(c.oid)::text AS total,
  pg_relation_size(c.oid, 'main')::text AS heap,
  (pg_relation_size(c.oid, 'fsm') + pg_relation_size(c.oid, 'vm'))::text AS maps,
  coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::text AS toast,
  pg_indexes_size(c.oid)::text AS indexes
FROM pg_class c WHERE c.oid = '${table}'::regclass`;
}
