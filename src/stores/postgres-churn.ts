// A table in service, not freshly loaded: records claimed and then committed as the
// handler writes them (an INSERT, then an UPDATE that leaves a dead version behind), the
// expired ones deleted by a reaper job, and VACUUM run when autovacuum would run it. Its
// size per live row is what retention costs once the table has settled.
import { BATCH_BYTES } from './measure-size.js';
import type { RecordShape } from './store.js';
import { checkpointer, type Session } from './postgres-connect.js';
import { BATCH, relationSizes } from './postgres-sql.js';
import { maxOf, minOf } from '../stats/extent.js';

/** Claims an execution holds before it commits: how far commits trail claims, in ticks. */
const IN_FLIGHT = 20;
/** Reaper runs per retention: it deletes expired rows every retention / REAPS ticks. */
const REAPS = 20;
/** Autovacuum's defaults: VACUUM once dead rows exceed 50 + 20 % of the live ones. */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
/** Retentions run: the first fills the table, the last is measured. */
export const TURNOVERS = 3;

export interface Settled {
  /** Bytes per live row, averaged over the samples of the last turnover, by part. */
  heap: number;
  toast: number;
  indexes: number;
  /** The smallest and largest total per live row among the samples. */
  low: number;
  high: number;
  reapEvery: number;
}

/**
 * Runs `TURNOVERS` retentions of `count` live records on an empty `table`: record i is
 * claimed at tick i and committed at tick i + IN_FLIGHT, and lives `count` ticks, so about
 * `count` rows are live at a time. Calls `make(i)` for i below TURNOVERS × count: every
 * claim uses a key of its own, as clients do. Sizes are sampled after each reaper run of
 * the last turnover; the empty table's size (`empty`) is not charged.
 */
export async function settle(
  session: Session,
  table: string,
  count: number,
  make: (i: number) => RecordShape,
  empty: { heap: number; toast: number; indexes: number },
): Promise<Settled> {
  const reapEvery = Math.max(1, Math.round(count / REAPS));
  const lag = Math.min(IN_FLIGHT, count - 1);
  const total = TURNOVERS * count;
  const records = new Map<number, RecordShape>();
  const samples: { heap: number; toast: number; indexes: number }[] = [];
  let dead = 0;
  const wrote = checkpointer(session);
  for (let start = 0; start < total + lag; start += reapEvery) {
    let ops: Columns = [[], [], [], [], [], [], []];
    let bytes = 0;
    // Sent in order, in statements of at most BATCH_BYTES, so that large bodies cost no more
    // memory at once than small ones.
    const flush = async (): Promise<void> => {
      if (ops[0].length > 0) await session.query(BATCH, ops, 'idemsim_batch');
      await wrote(bytes);
      ops = [[], [], [], [], [], [], []];
      bytes = 0;
    };
    for (let tick = start; tick < start + reapEvery; tick++) {
      if (bytes >= BATCH_BYTES) await flush();
      if (tick < total) {
        const record = make(tick);
        records.set(tick, record);
        add(ops, 'lookup', record.key, record.fingerprint, tick, count, record.body);
        bytes += 2 * (record.key.length + record.fingerprint.length);
      }
      const done = records.get(tick - lag);
      if (done !== undefined) {
        add(ops, 'commit', done.key, '', tick, count, done.body);
        bytes += done.body.length;
        records.delete(tick - lag);
        dead++;
      }
    }
    await flush();
    const now = start + reapEvery;
    const [reaped] = await session.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE expires_at <= $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [now],
    );
    dead += reaped?.n ?? 0;
    if (dead > VACUUM_THRESHOLD + VACUUM_SCALE * Math.min(now, count)) {
      await session.exec(`VACUUM ${table}`);
      dead = 0;
    }
    if (now > (TURNOVERS - 1) * count && now <= total) samples.push(await perLiveRow(session, table, empty));
  }
  const mean = (part: 'heap' | 'toast' | 'indexes'): number =>
    samples.reduce((sum, s) => sum + s[part], 0) / samples.length;
  const totals = samples.map((s) => s.heap + s.toast + s.indexes);
  return {
    heap: mean('heap'),
    toast: mean('toast'),
    indexes: mean('indexes'),
    low: minOf(totals),
    high: maxOf(totals),
    reapEvery,
  };
}

async function perLiveRow(session: Session, table: string, empty: { heap: number; toast: number; indexes: number }) {
  const [size] = await session.query<{ heap: string; toast: string; indexes: string }>(relationSizes(table));
  const [live] = await session.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  const rows = Math.max(1, live?.n ?? 0);
  return {
    heap: (Number(size?.heap) - empty.heap) / rows,
    toast: (Number(size?.toast) - empty.toast) / rows,
    indexes: (Number(size?.indexes) - empty.indexes) / rows,
  };
}

type Columns = [string[], string[], string[], number[], number[], boolean[], string[]];

function add(
  ops: Columns,
  op: 'lookup' | 'commit',
  key: string,
  fingerprint: string,
  t: number,
  retention: number,
  body: string,
): void {
  ops[0].push(op);
  ops[1].push(key);
  ops[2].push(fingerprint);
  ops[3].push(t);
  ops[4].push(retention);
  ops[5].push(op === 'lookup');
  ops[6].push(op === 'commit' ? body : '');
}
