// What the handler behaviour tests share: key operations written by hand, as the simulator
// would emit them, and one replay through a real library on a temporary redis-server.
import type { KeyOp, LookupOutcome } from '../../../src/model/keyops.js';
import type { AnswerClass, HandlerReplayResult } from '../../../src/stores/handlers/replay.js';
import { type HandlerRunSettings, type ReplayableHandler, runHandlerReplay } from '../../../src/stores/handlers/run.js';

/** A lookup of `key` at t; `exec` is the execution it starts (claimed, takeover, race), else -1. */
export function lookup(t: number, key: number, outcome: LookupOutcome, exec = -1, version = 0): KeyOp {
  return { op: 'lookup', t, key, version, outcome, exec };
}

/** Execution `exec` returns at t: its result, or (`error`) a 500 kept under keys.errors: store. */
export function commit(t: number, key: number, exec: number, error = false): KeyOp {
  return { op: 'commit', t, key, exec, error };
}

/** Execution `exec` fails at t and its record is deleted (keys.errors: delete). */
export function rollback(t: number, key: number, exec: number): KeyOp {
  return { op: 'rollback', t, key, exec };
}

/** One minute of retention: whole seconds, as every library sets its TTLs. */
export const RETENTION = 60_000;

/** The settings of a replay: a minute's retention, no lease, payloads compared, no race pairs. */
export function settings(overrides: Partial<HandlerRunSettings> = {}): HandlerRunSettings {
  return { scope: 'intent', retention: RETENTION, lease: Infinity, fingerprint: true, racePairs: 0, ...overrides };
}

/** The ops through library `name`; the replay's result (the race pairs are asked apart). */
export async function replayAs(
  name: ReplayableHandler,
  ops: readonly KeyOp[],
  overrides: Partial<HandlerRunSettings> = {},
): Promise<HandlerReplayResult> {
  const run = await runHandlerReplay(name, ops, settings(overrides), () => undefined);
  return run.result;
}

/** Per-class counts, every class named (zero unless given). */
export function counts(given: Partial<Record<AnswerClass, number>>): Record<AnswerClass, number> {
  return { executed: 0, 'executed again': 0, conflict: 0, mismatch: 0, stored: 0, ...given };
}

/** The Redis key text of simulated key `key` under scope intent, whatever the run's random prefix. */
export function keyNamed(key: number): RegExp {
  return new RegExp(`^idemsim:[0-9a-f]{8}:idem:intent:${key}$`);
}

/**
 * A result committed at 500 ms and a retention of 60 s: a repeat at 58 s gets it, one at
 * 63 s executes again. Each is over 1 s from the expiry, as Powertools keeps whole seconds.
 */
export function expiryScript(): KeyOp[] {
  return [
    lookup(0, 1, 'claimed', 0),
    commit(500, 1, 0),
    lookup(58_000, 1, 'stored'),
    lookup(63_000, 1, 'claimed', 1),
    commit(63_500, 1, 1),
  ];
}

/** A 3 s lease: a repeat at 1 s finds it live, one at 3.5 s finds it lapsed (a takeover). */
export function leaseScript(): KeyOp[] {
  return [
    lookup(0, 1, 'claimed', 0),
    lookup(1000, 1, 'conflict'),
    lookup(3500, 1, 'takeover', 1),
    commit(4000, 1, 0),
    commit(4500, 1, 1),
    lookup(5000, 1, 'stored'),
  ];
}
