// What a record costs in Postgres, as Postgres itself counts it (pg_relation_size of the
// table, its TOAST table and its primary-key index), two ways: a table in service, where
// claims, commits, a reaper and VACUUM have settled (the figure retention is sized by), and
// the same rows freshly loaded (the floor: no dead versions, no half-empty index pages).
// The free-space and visibility maps are a few pages whatever N is: shown, not charged.
import { BATCH_BYTES } from './measure-size.js';
import { formatCount, formatDecimal } from '../format/format.js';
import { StoreError, type Measurement, type RecordShape } from './store.js';
import { checkpointer, type Session } from './postgres-connect.js';
import { TURNOVERS, settle } from './postgres-churn.js';
import { insertRows, relationSizes } from './postgres-sql.js';

/** Rows per INSERT; the most body bytes one carries is BATCH_BYTES. */
const BATCH_ROWS = 1000;

interface Sizes {
  total: number;
  heap: number;
  maps: number;
  toast: number;
  indexes: number;
}

/**
 * Measures `count` records shaped by `make` on an empty `table` and leaves it empty: first
 * loaded once and vacuumed, then settled in service (see postgres-churn.ts, which calls
 * `make(i)` for i below 3 × count).
 */
export async function measureTable(
  session: Session,
  table: string,
  count: number,
  make: (i: number) => RecordShape,
  ttlSeconds: number,
): Promise<Measurement> {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`measure needs a whole number of records >= 1, not ${count}`);
  await session.exec(`TRUNCATE ${table}`);
  const empty = await sizes(session, table);
  const loaded = await load(session, table, count, make);
  await session.exec(`TRUNCATE ${table}`);
  const settled = await settle(session, table, count, make, empty);
  await session.exec(`TRUNCATE ${table}`);

  const grew = (part: keyof Sizes): number => loaded.after[part] - empty[part];
  const perRow = (bytes: number): string => `${formatDecimal(bytes)} B`;
  const inService = settled.heap + settled.toast + settled.indexes;
  const fresh = (grew('heap') + grew('toast') + grew('indexes')) / count;
  const fill = loaded.pages === 0 ? Number.NaN : (count * (loaded.row + 4)) / (loaded.pages * 8192);
  return {
    bytesPerRecord: inService,
    details: [
      `in service: ${perRow(inService)} a live row (table ${perRow(settled.heap)}, TOAST ${perRow(settled.toast)}, primary-key index ${perRow(settled.indexes)}; ${perRow(settled.low)} to ${perRow(settled.high)} between vacuums), over the last of ${TURNOVERS} retentions of ${formatCount(count)} live rows`,
      `  each claimed by INSERT and committed by UPDATE, expired rows deleted every ${formatCount(settled.reapEvery)} claims, VACUUM at autovacuum's default (50 + 20 % of the rows dead)`,
      `freshly loaded: ${perRow(fresh)} a row (table ${perRow(grew('heap') / count)}, TOAST ${perRow(grew('toast') / count)}, primary-key index ${perRow(grew('indexes') / count)}); pg_total_relation_size grew ${formatCount(grew('total'))} B for ${formatCount(count)} rows, after VACUUM ANALYZE`,
      `a row is ${perRow(loaded.row)} as stored (pg_column_size) plus a 4 B line pointer; loaded rows fill ${Math.round(fill * 100)} % of the table's 8 KiB pages`,
      `free-space and visibility maps: ${formatCount(grew('maps'))} B for the whole table, a fixed cost not charged per row`,
      `the TTL (${formatCount(ttlSeconds)} s) is the expires_at column: Postgres has no TTL, so a handler deletes expired rows with a periodic job (here, the reaper)`,
    ],
  };
}

/** Inserts the rows as the handler leaves them, in `i` order, and vacuums. */
async function load(session: Session, table: string, count: number, make: (i: number) => RecordShape) {
  let rows = emptyColumns();
  let bytes = 0;
  const wrote = checkpointer(session);
  for (let i = 0; i < count; i++) {
    const record = make(i);
    push(rows, record);
    bytes += record.body.length + record.key.length + record.fingerprint.length;
    if (rows[0].length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await session.query(insertRows(table), rows, 'idemsim_measure_insert');
      await wrote(bytes);
      rows = emptyColumns();
      bytes = 0;
    }
  }
  if (rows[0].length > 0) await session.query(insertRows(table), rows, 'idemsim_measure_insert');
  await session.exec(`VACUUM ANALYZE ${table}`);
  const after = await sizes(session, table);
  const [stats] = await session.query<{ row: number; pages: number; n: number }>(
    `SELECT avg(pg_column_size(t.*))::float8 AS row, count(*)::float8 AS n, (SELECT relpages FROM pg_class WHERE oid = '${table}'::regclass)::float8 AS pages FROM ${table} t`,
  );
  if (stats?.n !== count) {
    await session.exec(`TRUNCATE ${table}`);
    throw new StoreError(
      `the records' keys repeat: ${formatCount(stats?.n ?? 0)} distinct keys in ${formatCount(count)}; make them longer`,
    );
  }
  return { after, row: stats?.row ?? Number.NaN, pages: stats?.pages ?? 0 };
}

async function sizes(session: Session, table: string): Promise<Sizes> {
  const [row] = await session.query<Record<keyof Sizes, string>>(relationSizes(table));
  if (row === undefined) throw new Error(`table ${table} is gone`);
  return {
    total: Number(row.total),
    heap: Number(row.heap),
    maps: Number(row.maps),
    toast: Number(row.toast),
    indexes: Number(row.indexes),
  };
}

type Columns = [string[], string[], string[], number[], string[], number[]];

function emptyColumns(): Columns {
  return [[], [], [], [], [], []];
}

function push(columns: Columns, record: RecordShape): void {
  columns[0].push(record.key);
  columns[1].push(record.fingerprint);
  columns[2].push(record.state);
  columns[3].push(record.status);
  columns[4].push(record.body);
  columns[5].push(record.expiresAt);
}
