// Why a real client's retry limits or hedging (MODEL.md D) make the scope-none
// closed form something other than the simulator's expectation. Proportional or additive
// jitter and a backoff floor break none: the closed forms depend on the backoff only
// through the deadline (its own reason) and the spans, which spans.ts computes for every
// jitter shape.
import type { Scenario } from '../model/scenario.js';
import type { Reason } from './feature-reasons.js';

/** The throttle can refuse a retry that `retries` allows once its bucket runs low. */
export function throttleReason(s: Scenario): Reason {
  const t = s.client.throttle;
  return (
    t !== 'none' &&
    s.client.retries > 0 &&
    `a retry throttle (${t.capacity} tokens) refuses retries once its bucket runs low: fewer retries than client.retries, and refusals couple the actions`
  );
}

/** The budget can refuse a retry that `retries` allows when many retries are in flight. */
export function budgetReason(s: Scenario): Reason {
  const b = s.client.budget;
  return (
    b !== 'none' &&
    s.client.retries > 0 &&
    `a retry budget (${b.percent}% of attempts in flight, at least ${b.minConcurrency}) refuses retries when many are in flight: fewer retries than client.retries`
  );
}

/** Hedged attempts repeat a call beside its first attempt, not after it failed. */
export function hedgeReason(s: Scenario): Reason {
  const h = s.client.hedge;
  return (
    h !== 'none' &&
    `hedging (up to ${h.max} more attempts): a call repeats while its first attempt may still succeed, which the retry formula does not count`
  );
}

/**
 * Retry layers (MODEL.md E) keep the scope-none forms exact when each only retries a failed
 * call: the attempts then run one after another until one succeeds, (R + 1) times the
 * product of the layers' attempts at most, each independent of the others. A layer timeout
 * gives up an attempt still running (its reply is ignored) and a layer deadline stops
 * retries early: then the forms count attempts the simulator does not send.
 */
export function layerReason(s: Scenario): Reason {
  const cut = s.client.layers.findIndex((layer) => layer.timeout !== 'none' || layer.deadline !== 'none');
  if (cut < 0) return false;
  const layer = s.client.layers[cut] as Scenario['client']['layers'][number];
  const what =
    layer.timeout !== 'none' ? 'a timeout that gives up a call still running' : 'a deadline that can stop its retries';
  return `retry layer ${cut} (client.layers[${cut}]) has ${what}: the layers no longer just multiply the attempts`;
}
