// One real idempotency library, driven through its public API by `store replay --handler`.
// A request either reaches the function the library guards (it executes, and waits until
// the replay says how it ends) or is answered by the library itself. The answers are the
// simulator's: the library's own status or exception is mapped to one of them, and kept
// beside it so the printout shows what the library really said.

/** What a lookup did, in the simulator's words. `executed` covers a claim and a takeover. */
export type LibraryAnswer = 'executed' | 'conflict' | 'mismatch' | 'stored';

/** An execution the library let through, held until the replay reaches its end. */
export interface HeldExecution {
  /** The function returns: a 200 with its body, or (`error`) a 500 the library may store. */
  finish(error: boolean): void;
  /** The function fails in the library's usual way for an error it must not keep (it throws). */
  fail(): void;
  /** Settles once the library has written or deleted its record after the end. */
  readonly written: Promise<void>;
}

export type LibraryReply =
  { answer: 'executed'; execution: HeldExecution } | { answer: Exclude<LibraryAnswer, 'executed'>; said: string };

export interface HandlerLibrary {
  /** "@node-idempotency/core 1.0.11 with storage-adapter-redis 1.0.2 (redis 4.7.1)". */
  readonly description: string;
  /** The Redis keys the library keeps for one idempotency key (its record, any lock), so their TTLs can be followed. */
  redisKeys(key: string): string[];
  /** One request carrying `key` and a payload of argument version `version`. */
  request(key: string, version: number): Promise<LibraryReply>;
  /**
   * Optional, for a library that claims by read-then-write: `pairs` pairs of requests, each
   * pair one new key sent by two clients at once; returns the pairs in which both executed.
   */
  race?(pairs: number): Promise<{ tried: number; both: number }>;
  /** Disconnects the library's clients (and stops its HTTP server). */
  close(): Promise<void>;
}

/** What a library is built with: the temporary server, and the scenario's keys settings. */
export interface LibrarySettings {
  redisUrl: string;
  /** Retention in whole seconds. */
  retentionSeconds: number;
  /** The lease, in ms: the Lambda's remaining time for Powertools. */
  leaseMs: number | null;
  /** Compare payloads (Powertools only with payload validation configured). */
  fingerprint: boolean;
  /** A prefix that keeps the run's keys apart. */
  prefix: string;
}

/** A promise with its resolve and reject at hand. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** The body a finished execution returns, as a refund API would. */
export function resultBody(error: boolean): { status: string } {
  return { status: error ? 'failed' : 'succeeded' };
}

/** Thrown inside a guarded function to make it fail. */
export class ExecutionFailed extends Error {
  constructor() {
    super('the execution failed (idemsim store replay)');
  }
}
