// `idemsim store replay`: the simulator's key-store operations, in the order its service
// made them, sent to a real store running the article's handler. Each lookup carries what
// the simulator answered; the real store answers from its own records, with expiry judged
// on the simulated clock kept in each record, so both must agree one by one when claims
// are atomic. Keys and fingerprints are written as a real handler would write them.
import { createHash } from 'node:crypto';
import type { KeyOp, LookupOutcome } from '../model/keyops.js';
import type { Scope } from '../model/scenario.js';
import type { Answer, IdempotencyStore, StoreOp } from './store.js';

export const ANSWERS: readonly Answer[] = ['claimed', 'conflict', 'mismatch', 'stored'];

/** How the replay writes what the simulator numbers. */
export interface ReplaySettings {
  scope: Scope;
  retention: number;
  fingerprint: boolean;
  /** Bytes of the stored response body. */
  bodyBytes: number;
}

export interface Divergence {
  /** Position in the run's operations (0-based). */
  index: number;
  t: number;
  key: string;
  simulator: LookupOutcome;
  store: Answer;
}

export interface ReplayResult {
  /** Lookups by answer: what the simulator said, what the store said. */
  simulator: Record<Answer, number>;
  store: Record<Answer, number>;
  commits: number;
  rollbacks: number;
  /** Lookups the simulator let run inside a read-then-write race window: not sent (they change no record). */
  races: number;
  /** Lookups on which the two disagreed, and the first of them. */
  disagreements: number;
  first: Divergence | null;
}

/** The key as the article's handler stores it: `idem:<scope>:<id>` (a payload key is its hash). */
export function keyText(scope: Scope, key: number): string {
  return `idem:${scope}:${key}`;
}

const BATCH = 2000;

/** The payload's fingerprint as the handler computes it: SHA-256, in hex, of the arguments' version. */
export function fingerprintOf(version: number): string {
  return createHash('sha256').update(`refund v${version}`).digest('hex');
}

/**
 * Sends `ops` to `store` in order (in batches where the store can pipeline them) and
 * counts both sides' answers. `onProgress` is told how many operations are done.
 */
export async function replay(
  store: IdempotencyStore,
  ops: readonly KeyOp[],
  settings: ReplaySettings,
  onProgress: (done: number) => void = () => undefined,
): Promise<ReplayResult> {
  const result: ReplayResult = {
    simulator: zero(),
    store: zero(),
    commits: 0,
    rollbacks: 0,
    races: 0,
    disagreements: 0,
    first: null,
  };
  const body = responseBody(settings.bodyBytes);
  for (let start = 0; start < ops.length; start += BATCH) {
    // A race changes no record in the simulator (the racer executes beside the claim): it
    // is not sent; `races` counts it, and races.ts tries such pairs on two connections.
    const slice: { op: KeyOp; index: number }[] = [];
    ops.slice(start, start + BATCH).forEach((op, i) => {
      if (op.op === 'lookup' && op.outcome === 'race') result.races++;
      else slice.push({ op, index: start + i });
    });
    const batch: StoreOp[] = slice.map(({ op }) => {
      const key = keyText(settings.scope, op.key);
      if (op.op === 'lookup') {
        const fingerprint = fingerprintOf(op.version);
        return {
          op: 'lookup',
          key,
          fingerprint,
          t: op.t,
          retention: settings.retention,
          checkFingerprint: settings.fingerprint,
        };
      }
      if (op.op === 'commit') return { op: 'commit', key, t: op.t, retention: settings.retention, body };
      return { op: 'rollback', key };
    });
    const answers = await send(store, batch);
    slice.forEach(({ op, index }, i) => {
      if (op.op === 'commit') result.commits++;
      else if (op.op === 'rollback') result.rollbacks++;
      else compare(result, op, answers[i] as Answer, index, (batch[i] as StoreOp).key);
    });
    onProgress(Math.min(ops.length, start + BATCH));
  }
  return result;
}

function compare(
  result: ReplayResult,
  op: Extract<KeyOp, { op: 'lookup' }>,
  answer: Answer,
  index: number,
  key: string,
): void {
  const simulated = op.outcome;
  if (simulated === 'race' || simulated === 'takeover') {
    throw new RangeError(`store replay cannot replay a ${simulated}: the scenario must use atomic claims and no lease`);
  }
  result.simulator[simulated]++;
  result.store[answer]++;
  if (answer === simulated) return;
  result.disagreements++;
  result.first ??= { index, t: op.t, key, simulator: simulated, store: answer };
}

async function send(store: IdempotencyStore, batch: StoreOp[]): Promise<(Answer | null)[]> {
  if (store.batch !== undefined) return store.batch(batch);
  const answers: (Answer | null)[] = [];
  for (const op of batch) {
    if (op.op === 'lookup')
      answers.push(await store.lookup(op.key, op.fingerprint, op.t, op.retention, op.checkFingerprint));
    else if (op.op === 'commit') {
      await store.commit(op.key, op.t, op.retention, op.body);
      answers.push(null);
    } else {
      await store.rollBack(op.key);
      answers.push(null);
    }
  }
  return answers;
}

function zero(): Record<Answer, number> {
  return { claimed: 0, conflict: 0, mismatch: 0, stored: 0 };
}

/** A JSON response body of exactly `bytes` bytes (at least the braces), as a refund API might return. */
export function responseBody(bytes: number): string {
  const head = '{"object":"refund","status":"succeeded","pad":"';
  const tail = '"}';
  if (bytes < head.length + tail.length) return '{}'.slice(0, Math.max(0, bytes));
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}
