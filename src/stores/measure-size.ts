// What `store measure` will write on the stores' servers and hold in idemsim's own memory,
// estimated from the records asked for before anything is written, and refused in one line
// when either is over its ceiling. The figures are upper bounds read off measured runs
// (Node 20, PGlite 0.5, Redis 7); the refusal says which flag lowers or raises what.
import { formatBytes, formatCount, sizeFlag } from '../format/format.js';
import type { StoreKind } from './kinds.js';
import { StoreError } from './store.js';

/** The most bytes of keys and bodies one statement or pipeline sends, on either store: what idemsim holds of them at once. */
export const BATCH_BYTES = 4_000_000;

/** What store measure writes at most unless --max-write raises it. */
export const DEFAULT_MAX_WRITE = 1e9;

export interface MeasurePlan {
  records: number;
  bodyBytes: number;
  /** Characters in a record's key. */
  keyChars: number;
  kinds: readonly StoreKind[];
  /** Postgres is PGlite, in this process (no --postgres URL). */
  embeddedPostgres: boolean;
}

export interface MeasureSize {
  /** Bytes sent to be stored, by store. */
  written: Partial<Record<StoreKind, number>>;
  /** Peak bytes of idemsim's own process. */
  memory: number;
  /** What most of that memory is, for the refusal. */
  memoryWhy: string;
}

/** The fingerprint's 64 hex digits and the record's state, status and expiry. */
const FIELDS = 64 + 16;
/** Node, idemsim, a store's client and the pipelines in flight (at most BATCH_BYTES each). */
const OWN_BASE = 100e6;
/** PGlite as it starts: two WebAssembly Postgres instances while its initdb runs (measured 590 to 760 MB). */
const PGLITE_BASE = 680e6;
/** PGlite per record: the row, its index entry, dead versions and WAL in its in-memory files. */
const PGLITE_ROW = 1600;
/** Up to TOAST's 2 KiB a body is kept about five times over (versions, WAL, buffers); past it, compressed. */
const TOAST = 2048;

export function measureSize(plan: MeasurePlan): MeasureSize {
  const { records: n, bodyBytes: body, keyChars: key } = plan;
  const written: Partial<Record<StoreKind, number>> = {};
  // Redis: each record once, SET with its value.
  if (plan.kinds.includes('redis')) written.redis = n * (key + FIELDS + body);
  // Postgres: loaded once, then three retentions of claims (no body) and commits (with it).
  if (plan.kinds.includes('postgres')) written.postgres = n * (4 * body + 7 * (key + FIELDS + 48));
  const pglite = plan.embeddedPostgres && plan.kinds.includes('postgres');
  const perRow = PGLITE_ROW + 5 * Math.min(body, TOAST) + 0.6 * Math.max(0, body - TOAST);
  const memory = OWN_BASE + (pglite ? PGLITE_BASE + n * perRow : 0);
  const memoryWhy = pglite
    ? `PGlite, Postgres in this process, takes about ${formatBytes(OWN_BASE + PGLITE_BASE)} to start and ${formatBytes(perRow)} a record`
    : 'the records are sent a few MB at a time';
  return { written, memory, memoryWhy };
}

/** Throws one line (StoreError, exit 2) when `size` is over either ceiling. */
export function refuseOversized(plan: MeasurePlan, size: MeasureSize, maxMemory: number, maxWrite: number): void {
  const asked = `${formatCount(plan.records)} records with a ${formatBytes(plan.bodyBytes)} body`;
  const total = Object.values(size.written).reduce((sum, bytes) => sum + bytes, 0);
  if (total > maxWrite) {
    const parts = Object.entries(size.written).map(([kind, bytes]) => `${kind} ${formatBytes(bytes)}`);
    throw new StoreError(
      `store measure: ${asked} would write about ${formatBytes(total)} on the stores by estimate (${parts.join(', ')}), ` +
        `over the ${formatBytes(maxWrite)} ceiling on what store measure writes; lower --records or --body-size, or pass --max-write ${sizeFlag(total)}`,
    );
  }
  if (size.memory > maxMemory) {
    const elsewhere = plan.embeddedPostgres ? ', measure Postgres on a server of yours with --postgres URL' : '';
    throw new StoreError(
      `store measure: ${asked} would take about ${formatBytes(size.memory)} of idemsim's own memory by estimate (${size.memoryWhy}), ` +
        `over the ${formatBytes(maxMemory)} ceiling; lower --records or --body-size${elsewhere}, or pass --max-memory ${sizeFlag(size.memory)}`,
    );
  }
}
