// Read-then-write races on a real store. The simulator lets a lookup that comes within
// `raceWindow` of a claim execute too (raceDuplicates). Here each such pair, the claim and
// the racer, is sent at the same moment by two clients on two connections, on a fresh key,
// once with the read-then-write handler and once with the atomic claim: how often both
// clients claimed is the race the store let through.
import type { KeyOp } from '../model/keyops.js';
import type { IdempotencyStore, RaceLookup } from './store.js';
import { type ReplaySettings, fingerprintOf } from './replay.js';

export interface RaceResult {
  /** Race lookups in the run (the model's raceDuplicates). */
  modelled: number;
  /** Pairs sent (at most `limit`). */
  tried: number;
  /** Pairs in which both clients claimed: read-then-write, then the atomic claim. */
  readThenWrite: number;
  atomic: number;
}

export async function replayRaces(
  store: IdempotencyStore,
  ops: readonly KeyOp[],
  settings: ReplaySettings,
  limit: number,
): Promise<RaceResult | null> {
  if (store.race === undefined) return null;
  const claims = new Map<number, Extract<KeyOp, { op: 'lookup' }>>();
  const pairs: [RaceLookup, RaceLookup][] = [];
  let modelled = 0;
  for (const op of ops) {
    if (op.op !== 'lookup') continue;
    if (op.outcome === 'claimed') claims.set(op.key, op);
    if (op.outcome !== 'race') continue;
    modelled++;
    const claim = claims.get(op.key);
    if (claim === undefined || pairs.length >= limit) continue;
    const key = `race:${pairs.length}:${op.key}`;
    const side = (l: typeof op): RaceLookup => ({
      key,
      fingerprint: fingerprintOf(l.version),
      t: l.t,
      retention: settings.retention,
      checkFingerprint: settings.fingerprint,
    });
    pairs.push([side(claim), side(op)]);
  }
  let readThenWrite = 0;
  let atomic = 0;
  for (const [a, b] of pairs) {
    // Both sides of a pair look up one key; each handler gets a key of its own.
    const rtw = await store.race({ ...a, key: `${a.key}:rtw` }, { ...b, key: `${a.key}:rtw` }, 'read-then-write');
    if (rtw[0] === 'claimed' && rtw[1] === 'claimed') readThenWrite++;
    const at = await store.race({ ...a, key: `${a.key}:atomic` }, { ...b, key: `${a.key}:atomic` }, 'atomic');
    if (at[0] === 'claimed' && at[1] === 'claimed') atomic++;
  }
  return { modelled, tried: pairs.length, readThenWrite, atomic };
}
