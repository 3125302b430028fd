// The idempotency-key stores idemsim can drive for real (Redis, Postgres), behind one small
// interface: the article's handler (claim the key atomically, 409 while it runs, 422 on a
// fingerprint mismatch, the stored result replayed) and a measurement of what a record
// costs. Expiry is judged on the simulated clock kept in each record (`expiresAt`, ms), so
// replaying an hour of retention needs no hour of waiting: a record is live while t < expiresAt.

/** What a lookup of a key answers, as the simulator's service would. */
export type Answer = 'claimed' | 'conflict' | 'mismatch' | 'stored';

/** One record as the handler writes it. */
export interface RecordShape {
  key: string;
  /** The payload fingerprint: 64 hex characters (a SHA-256). */
  fingerprint: string;
  state: 'running' | 'done';
  /** The HTTP status stored with the result (200 once done, 0 while running). */
  status: number;
  /** The response body replayed to a repeat; empty while running. */
  body: string;
  /** Simulated ms: the record is live while t < expiresAt. */
  expiresAt: number;
}

/** One operation of a replay, for a store that can send many in one round trip, in order. */
export type StoreOp =
  | { op: 'lookup'; key: string; fingerprint: string; t: number; retention: number; checkFingerprint: boolean }
  | { op: 'commit'; key: string; t: number; retention: number; body: string }
  | { op: 'rollback'; key: string };

/** One side of a race: a lookup made on a connection of its own. */
export interface RaceLookup {
  key: string;
  fingerprint: string;
  t: number;
  retention: number;
  checkFingerprint: boolean;
}

export interface IdempotencyStore {
  /** "redis 7.0.15 (a temporary redis-server on 127.0.0.1:40123)", "postgres 17.4 (PGlite, in memory)". */
  readonly description: string;

  /** What the user should know about the server beyond the measurement, one line each (tables an earlier run left). */
  readonly notes?: readonly string[];

  /**
   * The handler's first step, atomic: at simulated time t, a key with no live record is
   * claimed (state running, the fingerprint, expiresAt t + retention) and answers
   * `claimed`; a live one answers `mismatch` when `checkFingerprint` and the fingerprints
   * differ, else `conflict` while running and `stored` once done.
   */
  lookup(key: string, fingerprint: string, t: number, retention: number, checkFingerprint: boolean): Promise<Answer>;

  /** The execution holding `key` committed at t: state done, status 200, `body`, expiresAt t + retention. */
  commit(key: string, t: number, retention: number, body: string): Promise<void>;

  /** A transaction that held the claim rolled back: the record is gone. */
  rollBack(key: string): Promise<void>;

  /**
   * Writes `count` records shaped by `make(i)` with a real TTL of `ttlSeconds` and returns
   * the bytes the store itself says they take, with how it measured them.
   */
  measure(count: number, make: (i: number) => RecordShape, ttlSeconds: number): Promise<Measurement>;

  /**
   * Optional: the operations in order, pipelined, with each lookup's answer at its index
   * (null for a commit or a rollback). Must give exactly what one call at a time gives.
   */
  batch?(ops: readonly StoreOp[]): Promise<(Answer | null)[]>;

  /**
   * Optional: lookups `a` and `b` of one key sent at the same moment on two connections, as
   * two clients of the service would, with the atomic claim or with read-then-write (a
   * read, then a separate write): how often both are `claimed` is the race the store let through.
   */
  race?(a: RaceLookup, b: RaceLookup, claim: 'atomic' | 'read-then-write'): Promise<[Answer, Answer]>;

  /** Deletes everything this store wrote (its key prefix, or its table) and disconnects. Safe to call twice. */
  close(): Promise<void>;
}

export interface Measurement {
  bytesPerRecord: number;
  /** The store's own figures, e.g. `used_memory grew 2,345,678 B`, `MEMORY USAGE of a sample: 312 B`. */
  details: string[];
}

/** A store that cannot be reached or used: one line for the user, exit 2. */
export class StoreError extends Error {}
