// Blind retries (scope none) against MODEL.md's general closed form, over a grid of request
// loss, error rate and retries, each expectation within the run's reported interval.
import { describe, it } from 'vitest';
import { scopeNoneExpectations, scopeNoneUnknownPerAction } from '../../src/analytic/retries.js';
import type { ScopeNoneInput } from '../../src/analytic/retries.js';
import { pSlow, unknownShare } from '../../src/analytic/inputs.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { RunResult } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { expectInside, familyInterval, scenarioWith } from './helpers.js';

// The closed form is the simulator's exact expectation under the conditions stated in
// src/analytic/retries.ts: scope none, no crash, no deadline, unlimited concurrency, and
// re-plans off unless the closed form is given them. Reply loss 0.1 (q = 0.12) makes retries
// common enough that every term of the form shows in 50,000 actions.
const ACTIONS = 50_000;
const REPLY_LOSS = 0.1;

const PER_ACTION: readonly { name: string; expected: (input: ScopeNoneInput) => number }[] = [
  { name: 'attemptsPerAction', expected: (i) => scopeNoneExpectations(i).attempts },
  { name: 'executionsPerAction', expected: (i) => scopeNoneExpectations(i).executions },
  { name: 'duplicatesPerThousand', expected: (i) => 1000 * scopeNoneExpectations(i).duplicates },
  { name: 'lostPerThousand', expected: (i) => 1000 * scopeNoneExpectations(i).lost },
  { name: 'unknownPerThousand', expected: (i) => 1000 * scopeNoneUnknownPerAction({ ...i, replyLoss: REPLY_LOSS }) },
];

function blindRetries(requestLoss: number, errorRate: number, retries: number): Scenario {
  return scenarioWith((s) => {
    s.actions = ACTIONS;
    s.keys.scope = 'none';
    s.network.requestLoss = requestLoss;
    s.network.replyLoss = REPLY_LOSS;
    s.service.errorRate = errorRate;
    s.client.retries = retries;
    s.agent.replan.probability = 0;
    s.agent.crash.probability = 0;
  });
}

function closedFormInput(s: Scenario): ScopeNoneInput {
  return {
    requestLoss: s.network.requestLoss,
    errorRate: s.service.errorRate,
    q: unknownShare(pSlow(s.service.latency.median, s.service.latency.sigma, s.client.timeout), s.network.replyLoss),
    retries: s.client.retries,
    replan: s.agent.replan,
  };
}

function expectClosedForm(r: RunResult, input: ScopeNoneInput, family: number): void {
  for (const metric of PER_ACTION) {
    expectInside(metric.expected(input), familyInterval(r, metric.name, family), metric.name);
  }
}

const GRID: { requestLoss: number; errorRate: number; retries: number }[] = [];
for (const requestLoss of [0, 0.2]) {
  for (const errorRate of [0, 0.1]) {
    for (const retries of [0, 1, 3]) GRID.push({ requestLoss, errorRate, retries });
  }
}

describe('scope none closed form', () => {
  // One family of checks over the whole grid: see familyInterval.
  const family = GRID.length * PER_ACTION.length;

  it.each(GRID)(
    'matches attempts, executions, duplicates, lost and unknown at requestLoss $requestLoss, errorRate $errorRate, retries $retries',
    ({ requestLoss, errorRate, retries }) => {
      const s = blindRetries(requestLoss, errorRate, retries);
      expectClosedForm(simulate(s), closedFormInput(s), family);
    },
  );

  it('matches the closed form extended to re-plans when calls often fail', () => {
    // A call fails a fifth of the time here, so re-plans (0.6, at most 2 per step) carry weight.
    const s = blindRetries(0.3, 0.1, 1);
    s.agent.replan.probability = 0.6;
    s.agent.replan.max = 2;
    expectClosedForm(simulate(s), closedFormInput(s), PER_ACTION.length);
  });
});
