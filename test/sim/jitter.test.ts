// MODEL.md D (real clients' jitter shapes), checked on seeded runs against the closed form
// of each shape's mean backoff.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { familyInterval, scenarioWith } from './helpers.js';

describe('D: real clients’ jitter', () => {
  // Every attempt's request is lost, so a call is 4 timeouts and 3 backoffs, and its mean
  // latency is 4 T + the sum of the mean backoffs: the closed form of each jitter shape.
  const T = 200;
  const call = (jitter: Scenario['client']['backoff']['jitter'], floor: number) =>
    simulate(
      scenarioWith((s) => {
        s.seed = 'jitter';
        s.actions = 20_000;
        s.network.requestLoss = 1;
        s.agent.replan.probability = 0;
        s.client.timeout = T;
        s.client.backoff = { base: 500, multiplier: 2, max: 1_500, jitter, floor };
      }),
    );
  const caps = [500, 1_000, 1_500];
  /** E[max(f, d U(lo, hi))] in closed form. */
  const meanWait = (d: number, lo: number, hi: number, f: number): number => {
    const a = d * lo;
    const b = d * hi;
    if (f <= a) return (a + b) / 2;
    if (f >= b) return f;
    return (f * (f - a) + (b * b - f * f) / 2) / (b - a);
  };

  it('proportional jitter: the mean backoff is d (lo + hi) / 2, floored or not', () => {
    for (const [lo, hi, floor] of [
      [0.75, 1, 0],
      [0.5, 1, 400],
    ] as const) {
      const result = call({ proportional: [lo, hi] }, floor);
      const expected = 4 * T + caps.reduce((sum, d) => sum + meanWait(d, lo, hi, floor), 0);
      // Two checks in this test: each at the family-wise level (helpers.ts, familyInterval).
      const ci = familyInterval(result, 'latency.call.mean', 2);
      expect(expected).toBeGreaterThanOrEqual(ci.low);
      expect(expected).toBeLessThanOrEqual(ci.high);
    }
  });
});
