// How long a tool call, a step execution and a whole action can last at most, and whether
// a key scope gives every repeat of an action the same key: what decides whether a key's
// record can expire before the action's last repeat (explain.ts's applicability rules).
import type { Layer, Scenario } from '../model/scenario.js';
import { backoffDelay, floored } from '../model/backoff.js';

/**
 * Longest a tool call can last: the client call's longest (clientSpan), then each retry layer
 * around it, innermost first (MODEL.md E): every layer attempt as long as the call inside it
 * (or the layer's timeout), every layer backoff at its cap, none started after its deadline.
 */
export function callSpan(s: Scenario): number {
  return s.client.layers.reduce(layerSpan, clientSpan(s));
}

function layerSpan(inner: number, layer: Layer): number {
  const attempt = layer.timeout === 'none' ? inner : Math.min(inner, layer.timeout);
  let span = attempt;
  let previous = layer.backoff.base;
  for (let k = 0; k < layer.retries; k++) {
    previous = backoffDelay(layer.backoff, k, 1, previous);
    span += floored(layer.backoff, previous) + attempt;
  }
  return layer.deadline === 'none' ? span : Math.min(span, layer.deadline + attempt);
}

/**
 * Longest a client call can last: every attempt ends by its timeout and every backoff at its
 * cap (a draw of 1, the supremum of the uniform draw), and no attempt starts after the
 * deadline. A hedged call's last attempt leaves at most max * after after the first.
 */
function clientSpan(s: Scenario): number {
  const { timeout, retries, backoff, deadline, hedge } = s.client;
  if (hedge !== 'none') {
    const last = hedge.max * hedge.after;
    return (deadline === 'none' ? last : Math.min(last, deadline)) + timeout;
  }
  let span = timeout;
  let previous = backoff.base;
  for (let k = 0; k < retries; k++) {
    previous = backoffDelay(backoff, k, 1, previous);
    span += floored(backoff, previous) + timeout;
  }
  return deadline === 'none' ? span : Math.min(span, deadline + timeout);
}

/**
 * Most requests one tool call can send: the client's attempts (its retries plus one, and
 * every hedge), times each retry layer's attempts (MODEL.md E: the layers multiply).
 */
export function maxAttemptsPerCall(s: Scenario): number {
  const { retries, hedge, layers } = s.client;
  const client = retries + 1 + (hedge === 'none' ? 0 : hedge.max);
  return layers.reduce((n, layer) => n * (layer.retries + 1), client);
}

/** Longest a step execution can last: its first call and every re-plan with its delay. */
export function segmentSpan(s: Scenario): number {
  const { probability, max, delay } = s.agent.replan;
  const replans = probability > 0 ? max : 0;
  return (replans + 1) * callSpan(s) + replans * delay.max;
}

/** Longest from an action's first send to its last: every segment and every resume delay. */
export function actionSpan(s: Scenario): number {
  const { probability, max, resumeDelay } = s.agent.crash;
  const crashes = probability > 0 ? max : 0;
  return (crashes + 1) * segmentSpan(s) + crashes * resumeDelay.max;
}

/**
 * Whether every call of an action carries the action's own key, as `intent` does: also
 * `business` without identical repeats, and `payload` when neither repeats nor changed
 * arguments give a call another key.
 */
export function intentLike(s: Scenario): boolean {
  const unique = s.agent.identicalRepeats === 0;
  switch (s.keys.scope) {
    case 'intent':
      return true;
    case 'business':
      return unique;
    case 'payload':
      return unique && s.agent.replan.argsChange === 0;
    default:
      return false;
  }
}
