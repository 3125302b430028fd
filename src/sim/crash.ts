// The service's own failures (MODEL.md A): whether an execution's worker dies,
// and when; what a crash leaves in the key store (a transaction rolls back, anything else
// leaves the record `running`, perhaps orphaned); and the duplicates lease takeovers make.
import { RareSite } from './rare.js';
import { keyedUniform } from './keyed.js';
import { CRASH_DRAWS, CrashDraw, Keyed } from './draws.js';
import { Fate, type Execution } from './events.js';
import { Signal } from './series.js';
import type { KeyStore } from './keystore.js';
import type { Owners } from './owners.js';
import type { Sim } from './state.js';

/**
 * Draw the execution's fate from its action's crash stream (draws.ts). With a transaction there is no after-effect crash: it becomes a before-effect
 * crash at the end of the service time.
 */
export function drawFate(sim: Sim, exec: Execution): void {
  const p = sim.p;
  const action = exec.action;
  const n = CRASH_DRAWS * action.crashDraws++;
  const drawn = keyedUniform(sim.seedKey, Keyed.crash, action.id, n + CrashDraw.crash);
  const uCrash = sim.rare === null ? drawn : sim.rare.tilt(action, RareSite.serverCrash, drawn);
  if (uCrash >= p.serverCrash) return;
  const uWhen = keyedUniform(sim.seedKey, Keyed.crash, action.id, n + CrashDraw.when);
  const uAfter = keyedUniform(sim.seedKey, Keyed.crash, action.id, n + CrashDraw.afterEffect);
  if (uAfter < p.afterEffect) {
    if (p.transactional) {
      exec.fate = Fate.crashBefore;
      exec.crashAt = 1;
    } else {
      exec.fate = Fate.crashAfter;
    }
  } else {
    exec.fate = Fate.crashBefore;
    exec.crashAt = uWhen;
  }
}

/** The execution's worker died at t: count it, and leave the key record as the model says. */
export function crashed(sim: Sim, exec: Execution, t: number): void {
  const tally = sim.tally;
  tally.serverCrashes++;
  if (exec.fate === Fate.crashAfter) tally.crashesAfterEffect++;
  else tally.crashesBeforeEffect++;
  if (sim.series !== null) sim.series.count(Signal.serverCrashes, t);
  if (exec.traced !== null) exec.traced.crash = { at: t, afterEffect: exec.fate === Fate.crashAfter };
  const slot = exec.slot;
  if (slot < 0) return;
  const store = sim.store as KeyStore;
  const owners = store.owners as Owners;
  if (sim.p.transactional) {
    // Only the transaction holding the claim rolls it back; a racer's crash rolls back
    // nothing, and a result a racer already wrote as done stays.
    if (exec.holds && owners.isOwner(slot, exec.serial) && !store.isDone(slot)) {
      // The next claim of this key is the rollback's doing, not a record retention forgot.
      const claimed = exec.action.claimed;
      const at = claimed === null ? -1 : claimed.indexOf(store.keyAt(slot));
      if (at >= 0) (claimed as number[]).splice(at, 1);
      if (sim.onKeyOp !== null) sim.onKeyOp({ op: 'rollback', t, key: store.keyAt(slot), exec: exec.serial });
      store.rollBack(slot, t);
    } else {
      store.abandon(slot);
    }
    return;
  }
  owners.died(slot, exec.serial, t);
  store.abandon(slot);
  if (store.isOrphan(slot)) tally.orphanedRecords++;
}

/**
 * A commit of action `id` on key record `slot` (`takeover`: by an execution that took the
 * record over): a lease-takeover duplicate when the action already committed on this
 * record (from its claim through its takeovers) and a takeover made this commit or one of
 * the earlier ones. The record's first committing action is kept beside the record; any
 * other (a genuine repeat sharing the key) in a map.
 */
export function recordCommit(sim: Sim, slot: number, id: number, takeover: boolean): void {
  const owners = (sim.store as KeyStore).owners as Owners;
  const first = owners.committer[slot] as number;
  if (first === -1) {
    owners.committer[slot] = id;
    owners.committerTakeover[slot] = takeover ? 1 : 0;
    return;
  }
  if (first === id) {
    if (owners.committerTakeover[slot] === 1 || takeover) sim.tally.leaseTakeoverDuplicates++;
    if (takeover) owners.committerTakeover[slot] = 1;
    return;
  }
  const others = sim.recordCommits as NonNullable<Sim['recordCommits']>;
  const list = others.get(slot);
  const entry = list?.find((e) => e.action === id);
  if (entry === undefined) {
    if (list === undefined) others.set(slot, [{ action: id, takeover }]);
    else list.push({ action: id, takeover });
    return;
  }
  if (entry.takeover || takeover) sim.tally.leaseTakeoverDuplicates++;
  entry.takeover ||= takeover;
}
