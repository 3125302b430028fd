// Real clients' limits on retrying (MODEL.md D, real clients): Envoy's retry budget and the AWS
// SDK's retry quota, a token bucket. Both are state of the whole run (in Sim), shared by
// every call; a retry refused by either makes the call fail at once.
import type { Call } from './events.js';
import type { Sim } from './state.js';

/**
 * A retry that `retries` and the deadline allow, decided at t: the budget, then the
 * throttle. `afterTimeout`: the failed try timed out (a server crash included), which the
 * throttle charges more for. Refused, the retry takes no tokens.
 */
export function retryAllowed(sim: Sim, call: Call, afterTimeout: boolean): boolean {
  const { budget, throttle } = sim.p;
  if (budget !== null) {
    const limit = Math.max(budget.minConcurrency, (budget.percent / 100) * sim.attemptsInFlight);
    if (!(sim.retriesInFlight < limit)) return refuse(sim, call, 'budget');
  }
  if (throttle !== null) {
    const cost = afterTimeout ? throttle.timeoutCost : throttle.retryCost;
    if (sim.tokens < cost) return refuse(sim, call, 'throttle');
    sim.tokens -= cost;
    call.retryCost = cost;
  }
  // A retry counts against the budget from its decision until its attempt ends.
  if (budget !== null) sim.retriesInFlight++;
  return true;
}

function refuse(sim: Sim, call: Call, by: 'budget' | 'throttle'): false {
  if (by === 'budget') sim.tally.refusedByBudget++;
  else sim.tally.refusedByThrottle++;
  if (call.traced !== null) call.traced.refused = by;
  return false;
}

/**
 * A call succeeded: without a retry it puts `successRefill` tokens back, after retries
 * the cost of its last retry (as botocore releases it); never above capacity.
 */
export function refill(sim: Sim, call: Call, retried: boolean): void {
  const throttle = sim.p.throttle;
  if (throttle === null) return;
  const back = retried ? call.retryCost : throttle.successRefill;
  sim.tokens = Math.min(throttle.capacity, sim.tokens + back);
}
