// When each closed form of explain.ts is the simulator's exact expectation for a scenario:
// one function per closed form, listing every reason against it (an empty list: it applies).
import { proseDuration } from '../format/format.js';
import type { Scenario } from '../model/scenario.js';
import {
  ALL_EFFECTS,
  type Reason,
  checkRepeatReason,
  checkReplayReason,
  crashCountReason,
  crashShareReason,
  failureReason,
  incidentReason,
  leaseReason,
  orphanReason,
  rollbackReason,
} from './feature-reasons.js';
import { actionSpan, callSpan, intentLike, segmentSpan } from './spans.js';
import { budgetReason, hedgeReason, layerReason, throttleReason } from './clients.js';

export type { Reason } from './feature-reasons.js';

const queueing = (s: Scenario, effect: string): Reason =>
  s.service.concurrency !== 'unlimited' && `limited concurrency (${s.service.concurrency}) adds queueing: ${effect}`;

/** P(S > T) as the share of slow executions. */
export function slowShareReasons(s: Scenario): Reason[] {
  return [
    queueing(s, 'a reply waits for a slot as well as S, so slow timeouts are not S > T'),
    crashShareReason(s),
    incidentReason(s, ['latencyFactor'], 'P(S > T)'),
  ];
}

/** q as the share of executions that timed out (slow or reply lost). */
export function unknownShareReasons(s: Scenario): Reason[] {
  const scope = s.keys.scope;
  return [
    queueing(s, 'a reply waits for a slot as well as S'),
    scope !== 'none' &&
      scope !== 'attempt' &&
      `keys are on (scope ${scope}): lost 409s and stored replies are counted as lost replies too`,
    s.service.errorRate > 0 && `503s (errorRate ${s.service.errorRate}): a lost 503 is counted as a lost reply too`,
    crashShareReason(s),
    incidentReason(s, ['latencyFactor', 'replyLoss', 'errorRate'], 'q'),
  ];
}

/** Why MODEL.md's scope-none closed form is not this scenario's expectation (none: it is). */
export function scopeNoneReasons(s: Scenario): Reason[] {
  const scope = s.keys.scope;
  const crash = s.agent.crash;
  return [
    scope !== 'none' && scope !== 'attempt' && `keys are on (scope ${scope}): the key store deduplicates retries`,
    queueing(s, 'attempts wait for a slot and actions share the queue'),
    s.client.deadline !== 'none' &&
      `a deadline (${proseDuration(s.client.deadline)}) can stop retries before the last one`,
    crash.probability > 0 && crash.max > 0 && `crashes replay whole steps (crash.probability ${crash.probability})`,
    crashCountReason(s),
    failureReason(s),
    incidentReason(s, ALL_EFFECTS, 'the formula'),
    checkRepeatReason(s),
    throttleReason(s),
    budgetReason(s),
    hedgeReason(s),
    layerReason(s),
  ];
}

/**
 * Why an action may not claim exactly one key whose record lives from its claim to
 * commit + retention, the condition for rate * (retention + E[S]) (none: it does).
 */
export function oneClaimReasons(s: Scenario): Reason[] {
  const scope = s.keys.scope;
  const replans = s.agent.replan.probability > 0 && s.agent.replan.max > 0;
  const replays = s.agent.crash.probability > 0 && s.agent.crash.max > 0;
  const span = actionSpan(s);
  return [
    scope === 'none' && 'keys are off (scope none): the service stores no records',
    scope === 'attempt' && 'scope attempt stores a record for every attempt, not one per action',
    scope === 'call' && (replans || replays) && 'scope call claims a new key for every re-plan and replay',
    scope === 'payload' &&
      s.agent.replan.argsChange > 0 &&
      (replans || replays) &&
      'scope payload claims a new key whenever a re-plan or replay changes the arguments (argsChange)',
    (scope === 'business' || scope === 'payload') &&
      s.agent.identicalRepeats > 0 &&
      `identical repeats (${s.agent.identicalRepeats}) share a business key and claim none of their own`,
    s.keys.claim !== 'atomic' && 'read-then-write claims: a racing execution writes the record again later',
    s.service.failure.probability > 0 &&
      (s.keys.errors === 'delete' || s.keys.transactional) &&
      'a failed execution deletes its record (keys.errors delete, or a transaction): the action claims its key again',
    (s.network.requestLoss > 0 || s.service.errorRate > 0) &&
      'with request loss or 503s some actions never reach the key store, so fewer claims than actions',
    queueing(s, "a record also lives through its execution's wait for a slot"),
    scope !== 'none' &&
      scope !== 'attempt' &&
      span >= s.keys.retention &&
      `retention (${proseDuration(s.keys.retention)}) can end before an action's last repeat (up to ${proseDuration(span)} after its claim): a forgotten key is claimed again`,
    orphanReason(s),
    rollbackReason(s),
    leaseReason(s),
    scope !== 'none' && incidentReason(s, ['latencyFactor', 'errorRate', 'requestLoss'], 'the one-claim lifetime'),
  ];
}

/** The commit-to-step-end shift the closed form ignores may move the fraction by at most this. */
const REPLAY_SHIFT_TOLERANCE = 0.01;

/**
 * Every replay, and every repeat in its segment, lands while the step's record is live
 * (retention outlasts the latest resume plus two longest steps): none is missed, exactly.
 */
export function everyReplayCaught(s: Scenario): boolean {
  return s.keys.retention >= s.agent.crash.resumeDelay.max + 2 * segmentSpan(s);
}

function replayKeyReason(s: Scenario): Reason {
  if (intentLike(s)) return false;
  const scope = s.keys.scope;
  if (scope === 'none') return 'keys are off (scope none): nothing catches a replay';
  if (scope === 'attempt' || scope === 'call') return `scope ${scope} gives a replay a new key: retention catches none`;
  return `scope ${scope} with changed arguments or identical repeats: a replay's key is not always its step's`;
}

export function replayCatchReasons(s: Scenario): Reason[] {
  const { probability, max, resumeDelay } = s.agent.crash;
  const retention = s.keys.retention;
  const replans = s.agent.replan.probability > 0 && s.agent.replan.max > 0;
  const call = callSpan(s);
  const allCaught = everyReplayCaught(s);
  const spread = resumeDelay.max - resumeDelay.min;
  return [
    (probability === 0 || max === 0) && 'no crashes (crash.probability 0): nothing is replayed',
    max > 1 && `crash.max ${max}: a replay can crash and be replayed again, from a later step end`,
    replayKeyReason(s),
    s.keys.claim !== 'atomic' && 'read-then-write claims can race',
    (s.network.requestLoss > 0 || s.service.errorRate > 0) &&
      "with request loss or 503s a step can end without a commit, and its replay's commit is then no duplicate",
    queueing(s, 'a queued execution can commit long after its step ended'),
    !allCaught &&
      replans &&
      're-plans can end a step minutes after its commit, which moves the replay window; with re-plans the count is exact only when retention outlasts every replay',
    !allCaught &&
      retention <= call &&
      `retention (${proseDuration(retention)}) is shorter than a tool call (up to ${proseDuration(call)}): a missed replay's own retries can miss too`,
    !allCaught &&
      !(spread > 0 && call / spread <= REPLAY_SHIFT_TOLERANCE) &&
      `a tool call (up to ${proseDuration(call)}) is not negligible against the resume spread (${proseDuration(spread)}): the closed form takes the step's end as the commit`,
    ...(probability > 0 && max > 0 ? featureReplayReasons(s) : []),
  ];
}

/** Reasons of the service's own faults and the checks before a repeat against the replay catch fraction, given that steps do crash. */
function featureReplayReasons(s: Scenario): Reason[] {
  return [
    crashCountReason(s),
    orphanReason(s),
    rollbackReason(s),
    leaseReason(s),
    incidentReason(s, ['errorRate', 'requestLoss'], 'the catch fraction'),
    checkReplayReason(s),
  ];
}
