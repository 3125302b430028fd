// Why a server crash, lease, arrival profile, incident or check before a repeat (MODEL.md A
// to C) makes a closed form something other
// than the simulator's exact expectation: one reason per feature and family of closed forms,
// each false where the feature is off or cannot change what that closed form counts.
import { proseDuration } from '../format/format.js';
import type { Incident, Scenario } from '../model/scenario.js';

/** A reason against a closed form, or false where that reason does not hold. */
export type Reason = string | false;

const crashes = (s: Scenario): number => s.service.crash.probability;

/** The scope stores records at all (scope attempt stores one per attempt). */
const keyed = (s: Scenario): boolean => s.keys.scope !== 'none';

/** Another attempt can find a record and so take it over (not per-attempt keys). */
const shared = (s: Scenario): boolean => keyed(s) && s.keys.scope !== 'attempt';

const replans = (s: Scenario): boolean => s.agent.replan.probability > 0 && s.agent.replan.max > 0;
const replays = (s: Scenario): boolean => s.agent.crash.probability > 0 && s.agent.crash.max > 0;

// ---- A. Server crashes, transactions and leases

/**
 * An execution that ends in a 500 (MODEL.md F) is retried as a 503 would be, and may have
 * committed first: the scope-none forms count every executed attempt that is not slow or
 * lost as ok.
 */
export function failureReason(s: Scenario): Reason {
  const p = s.service.failure.probability;
  return (
    p > 0 &&
    `failing executions (service.failure.probability ${p}): a 500 is retried, and ${s.service.failure.afterEffect > 0 ? 'may come after the effect committed' : 'commits nothing'}, which the formula does not count`
  );
}

/** P(S > T) and q: a crashed execution's timeout is a server crash, not a slow or lost reply. */
export function crashShareReason(s: Scenario): Reason {
  return (
    crashes(s) > 0 &&
    `server crashes (probability ${crashes(s)}): a crashed execution sends no reply, so its timeout is a server crash, not a slow or lost reply`
  );
}

/**
 * The scope-none expectations: a crashed execution's attempt times out, and it commits (a
 * crash after the effect) or not (before it); a transaction turns every crash into one
 * before the effect (MODEL.md A).
 */
export function crashCountReason(s: Scenario): Reason {
  if (crashes(s) === 0) return false;
  const { afterEffect } = s.service.crash;
  const fate = s.keys.transactional
    ? 'never commits (a transaction rolls it back)'
    : afterEffect >= 1
      ? 'commits all the same (every crash comes after the effect)'
      : afterEffect > 0
        ? 'never commits (a crash before the effect) or commits all the same (after it)'
        : 'never commits (every crash comes before the effect)';
  return `server crashes (probability ${crashes(s)}): a crashed execution sends no reply and ${fate}: the timeout mix and the duplicates change`;
}

/** A crash without a transaction leaves the record `running`: no `done` write, 409s until claim + retention. */
export function orphanReason(s: Scenario): Reason {
  return (
    crashes(s) > 0 &&
    keyed(s) &&
    !s.keys.transactional &&
    `non-transactional server crashes (probability ${crashes(s)}) leave records running, answering 409 until claim + retention`
  );
}

/** A transactional crash rolls the claim back: the record vanishes and the key is claimed again. */
export function rollbackReason(s: Scenario): Reason {
  return (
    crashes(s) > 0 &&
    keyed(s) &&
    s.keys.transactional &&
    'transactional rollbacks: a crashed execution leaves no effect and no record, so the next attempt claims the key again'
  );
}

/**
 * A lease lets an attempt take a `running` record over and execute. Without renewal a slow
 * owner is taken over while alive; with it, only a crashed owner is, so without server
 * crashes a renewed lease changes nothing. A transaction holds no row to take over.
 */
export function leaseReason(s: Scenario): Reason {
  const lease = s.keys.lease;
  if (lease === 'none' || !shared(s) || s.keys.transactional) return false;
  if (!s.keys.leaseRenewal)
    return `a lease (${proseDuration(lease)}) without renewal: takeovers can run a second execution while the first is alive, and extend the record's life`;
  return (
    crashes(s) > 0 &&
    `a lease (${proseDuration(lease)}): a crashed owner's record is taken over and executed again, which extends its life`
  );
}

// ---- B. Incidents (an arrival profile breaks no per-action closed form: see profileNote)

type Effect = 'latencyFactor' | 'errorRate' | 'requestLoss' | 'replyLoss';

const EFFECT_NAMES: Record<Effect, string> = {
  latencyFactor: 'the service time',
  errorRate: 'the error rate',
  requestLoss: 'request loss',
  replyLoss: 'reply loss',
};

/** The value `effect` has outside every window. */
function base(s: Scenario, effect: Effect): number {
  if (effect === 'latencyFactor') return 1;
  if (effect === 'errorRate') return s.service.errorRate;
  return s.network[effect];
}

/** Some incident sets `effect` to something other than its value outside the windows. */
function changes(s: Scenario, effect: Effect): boolean {
  return s.incidents.some((i: Incident) => i[effect] !== undefined && i[effect] !== base(s, effect));
}

/**
 * Incidents that change any of `effects` inside their windows, so that `subject` holds
 * only outside them; false when none does (an incident that names only other effects, or
 * repeats the base values, changes nothing this closed form depends on).
 */
export function incidentReason(s: Scenario, effects: readonly Effect[], subject: string): Reason {
  const names = effects.filter((effect) => changes(s, effect)).map((effect) => EFFECT_NAMES[effect]);
  if (names.length === 0) return false;
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const one = s.incidents.length === 1;
  const who = one ? 'an incident changes' : `incidents (${s.incidents.length}) change`;
  return `${who} ${listed} inside ${one ? 'its window' : 'their windows'}: ${subject} holds only outside ${one ? 'it' : 'them'}`;
}

export const ALL_EFFECTS: readonly Effect[] = ['latencyFactor', 'errorRate', 'requestLoss', 'replyLoss'];

/** The arrival rate changes over time: some profile step differs from the base rate. */
export function usesProfile(s: Scenario): boolean {
  return s.arrivals.profile.some((step) => step.rate !== s.arrivals.rate);
}

// ---- C. The agent checks before it repeats

/** The scope-none expectations: a read that sees the commit skips the re-plan or replay. */
export function checkRepeatReason(s: Scenario): Reason {
  const p = s.agent.checkFirst.probability;
  return (
    p > 0 &&
    (replans(s) || replays(s)) &&
    `the agent reads before a re-plan or replay (checkFirst ${p}) and skips it when it sees the commit: the re-plan and replay terms shrink`
  );
}

/** The replay catch fraction: a replay skipped after a read is never counted, caught or missed. */
export function checkReplayReason(s: Scenario): Reason {
  const p = s.agent.checkFirst.probability;
  return (
    p > 0 &&
    replays(s) &&
    `the agent reads before a replay (checkFirst ${p}) and skips it when it sees the commit: replay duplicates no longer measure the key store`
  );
}
