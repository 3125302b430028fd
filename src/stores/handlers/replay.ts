// `store replay --handler`: a run's key operations sent, in the simulator's order, through a
// real idempotency library. Each lookup becomes a request; one the library lets through is
// held until the run's commit (the function returns: a 200, or a 500 under errors: store)
// or its rollback (the function fails). Each answer is compared with the simulator's.
//
// Some differences are a library's behaviour that no scenario field expresses (MODEL.md F;
// docs/reference/handlers.md lists them). Those are named, with their first lookup, and
// set apart, as is every later lookup of a key that has diverged that way; any other
// difference is a disagreement.
import type { KeyOp, LookupOutcome } from '../../model/keyops.js';
import { SimulatedExpiry } from './expiry.js';
import type { HandlerLibrary, HeldExecution, LibraryAnswer } from './library.js';

/** Answer classes: a first execution is told apart from one after expiry, deletion or a lease. */
export const CLASSES = ['executed', 'executed again', 'conflict', 'mismatch', 'stored'] as const;
export type AnswerClass = (typeof CLASSES)[number];

/** Behaviour of a library that the scenario fields cannot express. */
export type Gap = 'whole-second expiry' | 'takeover lock' | 'racer not replayed';

export interface Lookup {
  index: number;
  t: number;
  key: string;
  simulator: AnswerClass;
  library: AnswerClass;
  said: string;
}

export interface HandlerReplayResult {
  simulator: Record<AnswerClass, number>;
  library: Record<AnswerClass, number>;
  /** Ends sent: results written, errors written, records deleted. */
  commits: number;
  errors: number;
  deletions: number;
  /** Lookups the simulator ran inside a read-then-write race window: not sent one by one. */
  races: number;
  disagreements: number;
  first: Lookup | null;
  gaps: Map<Gap, { count: number; first: Lookup }>;
}

/** What the replay knows of the library it drives. */
export interface ReplayTarget {
  library: HandlerLibrary;
  expiry: SimulatedExpiry;
  /** The library claims by a read, then a write (races are measured apart, not sent one by one). */
  readThenWrite: boolean;
  /** What this library does that no scenario field expresses (the replay itself adds 'racer not replayed'). */
  gaps: readonly Gap[];
  retention: number;
  /** Sets the library's clock (Date) to simulated ms t. */
  setClock(t: number): void;
  keyText(key: number): string;
}

/** The simulator's record of a key, kept from the run's own operations: when it expires. */
interface SimRecord {
  expiresAt: number;
}

export async function replayThrough(
  target: ReplayTarget,
  ops: readonly KeyOp[],
  onProgress: (done: number) => void = () => undefined,
): Promise<HandlerReplayResult> {
  const result: HandlerReplayResult = {
    simulator: zero(),
    library: zero(),
    commits: 0,
    errors: 0,
    deletions: 0,
    races: 0,
    disagreements: 0,
    first: null,
    gaps: new Map(),
  };
  const held = new Map<number, HeldExecution>();
  const records = new Map<number, SimRecord>();
  const executedBefore = new Set<number>();
  const diverged = new Map<number, Gap>();
  for (let index = 0; index < ops.length; index++) {
    const op = ops[index] as KeyOp;
    target.setClock(op.t);
    const key = target.keyText(op.key);
    if (op.op === 'lookup') {
      const record = records.get(op.key);
      if (op.outcome === 'race' && target.readThenWrite) {
        // Two requests inside the window of a read, then a write: one by one, the library
        // would answer the second from the first's record. Pairs sent at once measure it.
        result.races++;
        executedBefore.add(op.key);
        continue;
      }
      const redisKeys = target.library.redisKeys(key);
      await target.expiry.expire(redisKeys, op.t);
      const startedAt = SimulatedExpiry.now();
      const reply = await target.library.request(key, op.version);
      await target.expiry.follow(redisKeys, op.t, startedAt);
      const again = executedBefore.has(op.key);
      const lookup: Lookup = {
        index,
        t: op.t,
        key,
        simulator: classOf(op.outcome, again),
        library: classOf(reply.answer, again),
        said: reply.answer === 'executed' ? 'the function ran' : reply.said,
      };
      result.simulator[lookup.simulator]++;
      result.library[lookup.library]++;
      if (lookup.simulator !== lookup.library) {
        const gap = diverged.get(op.key) ?? gapOf(target, op, reply.answer, record);
        if (gap === null) {
          result.disagreements++;
          result.first ??= lookup;
        } else {
          diverged.set(op.key, gap);
          const seen = result.gaps.get(gap);
          if (seen === undefined) result.gaps.set(gap, { count: 1, first: lookup });
          else seen.count++;
        }
      }
      if (op.exec >= 0) {
        executedBefore.add(op.key);
        records.set(op.key, { expiresAt: op.t + target.retention });
      }
      if (reply.answer === 'executed') {
        if (op.exec >= 0) held.set(op.exec, reply.execution);
        else await end(target, key, op.t, reply.execution, false);
      }
    } else {
      const execution = held.get(op.exec);
      held.delete(op.exec);
      if (op.op === 'commit') {
        records.set(op.key, { expiresAt: op.t + target.retention });
        if (op.error) result.errors++;
        else result.commits++;
      } else {
        records.delete(op.key);
        result.deletions++;
      }
      if (execution === undefined) {
        // An execution the library never ran (a racer, or one it refused): if its end
        // changes the record, the key's later answers follow from that, not from the library.
        if (op.op === 'rollback' && !diverged.has(op.key)) diverged.set(op.key, 'racer not replayed');
        continue;
      }
      if (op.op === 'commit') await end(target, key, op.t, execution, op.error);
      else {
        const startedAt = SimulatedExpiry.now();
        execution.fail();
        await execution.written;
        await target.expiry.follow(target.library.redisKeys(key), op.t, startedAt);
      }
    }
    if (index % 256 === 0) onProgress(index);
  }
  onProgress(ops.length);
  return result;
}

/** Ends a held execution with its result (or its 500) and follows what the library wrote. */
async function end(
  target: ReplayTarget,
  key: string,
  t: number,
  execution: HeldExecution,
  error: boolean,
): Promise<void> {
  const startedAt = SimulatedExpiry.now();
  execution.finish(error);
  await execution.written;
  await target.expiry.follow(target.library.redisKeys(key), t, startedAt);
}

/** The gap a difference comes from, or null when none explains it. */
function gapOf(
  target: ReplayTarget,
  op: Extract<KeyOp, { op: 'lookup' }>,
  library: LibraryAnswer,
  record: SimRecord | undefined,
): Gap | null {
  if (record === undefined) return null;
  const has = (gap: Gap): boolean => target.gaps.includes(gap);
  // Powertools: a record's expiry is a whole second, rounded; one lookup near it may go either way.
  if (has('whole-second expiry') && Math.abs(op.t - record.expiresAt) <= 1000) return 'whole-second expiry';
  if (has('takeover lock') && op.outcome === 'takeover' && library === 'conflict') return 'takeover lock';
  return null;
}

function classOf(answer: LookupOutcome | LibraryAnswer, again: boolean): AnswerClass {
  // A racer runs beside the claim it raced: a second execution, not one after an expiry.
  if (answer === 'race') return 'executed';
  if (answer === 'claimed' || answer === 'takeover' || answer === 'executed')
    return again ? 'executed again' : 'executed';
  return answer;
}

function zero(): Record<AnswerClass, number> {
  return { executed: 0, 'executed again': 0, conflict: 0, mismatch: 0, stored: 0 };
}
