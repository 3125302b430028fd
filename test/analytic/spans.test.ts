// The longest call (spans.ts) takes every backoff at the supremum of its draw, u = 1: for
// additive jitter (LangGraph) that is d + hi, then the floor.
import { describe, expect, it } from 'vitest';
import { callSpan } from '../../src/analytic/spans.js';
import { defaultScenario } from '../../src/model/scenario.js';

const withBackoff = (retries: number, floor: number) => {
  const s = defaultScenario();
  s.client.timeout = 1000;
  s.client.retries = retries;
  s.client.backoff = { base: 100, multiplier: 2, max: 10_000, jitter: { additive: [0, 1000] }, floor };
  return s;
};

describe('callSpan with additive jitter', () => {
  it('waits d + hi before each retry', () => {
    expect(callSpan(withBackoff(1, 0))).toBe(1000 + 1100 + 1000);
    expect(callSpan(withBackoff(2, 0))).toBe(3 * 1000 + 1100 + 1200);
  });

  it('raises each wait to the floor after the sum', () => {
    expect(callSpan(withBackoff(1, 2000))).toBe(1000 + 2000 + 1000);
  });
});
