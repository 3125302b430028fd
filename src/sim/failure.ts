// An execution that ends in a 500 instead of its 200 (MODEL.md F): drawn from its action's
// failure stream, after the crash draw (an execution that crashes does not also fail);
// with chance `afterEffect` its side effect committed first, unless effect and record are
// one transaction, which rolls both back. What the handler then does with the record:
// keep it as done, holding the 500 (`errors: store`), or delete it (`errors: delete`),
// so that the next attempt claims the key anew and executes again.
import { RareSite } from './rare.js';
import { keyedUniform } from './keyed.js';
import { FAILURE_DRAWS, FailureDraw, Keyed } from './draws.js';
import { Fate, type Execution } from './events.js';
import type { KeyStore } from './keystore.js';
import type { Sim } from './state.js';

/** Draw whether an execution that does not crash fails, and whether its effect committed first. */
export function drawFailure(sim: Sim, exec: Execution): void {
  const p = sim.p;
  const action = exec.action;
  const n = FAILURE_DRAWS * action.failureDraws++;
  const drawn = keyedUniform(sim.seedKey, Keyed.failure, action.id, n + FailureDraw.fail);
  const uFail = sim.rare === null ? drawn : sim.rare.tilt(action, RareSite.failure, drawn);
  if (uFail >= p.failure) return;
  const after = keyedUniform(sim.seedKey, Keyed.failure, action.id, n + FailureDraw.afterEffect) < p.failureAfterEffect;
  exec.fate = after && !p.transactional ? Fate.failAfter : Fate.failBefore;
}

export function isFailure(fate: Fate): boolean {
  return fate === Fate.failBefore || fate === Fate.failAfter;
}

/** The execution ended in a 500 at t: its key record keeps the error, or is deleted. */
export function failed(sim: Sim, exec: Execution, t: number): void {
  const slot = exec.slot;
  if (slot < 0) return;
  const store = sim.store as KeyStore;
  const key = store.keyAt(slot);
  if (!sim.p.transactional && !sim.p.errorsDelete) {
    store.commit(slot, t);
    store.markError(slot);
    if (sim.onKeyOp !== null) sim.onKeyOp({ op: 'commit', t, key, exec: exec.serial, error: true });
    return;
  }
  // Deleted (or rolled back with the effect): a record another execution already wrote as
  // done stays; otherwise the key is free, and claiming it again is not a retention miss.
  if (store.isDone(slot)) {
    store.abandon(slot);
    return;
  }
  const claimed = exec.action.claimed;
  const at = claimed === null ? -1 : claimed.indexOf(key);
  if (at >= 0) (claimed as number[]).splice(at, 1);
  if (sim.onKeyOp !== null) sim.onKeyOp({ op: 'rollback', t, key, exec: exec.serial });
  if (exec.traced !== null) exec.traced.deleted = t;
  store.rollBack(slot, t);
}
