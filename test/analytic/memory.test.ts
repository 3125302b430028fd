// The memory estimate a run is checked against before it starts (--max-memory): the key
// store's live records by Little's law, at the simulator's measured bytes a record, and the
// executions an overloaded service leaves queued.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASE_BYTES,
  EXECUTION_BYTES,
  IN_FLIGHT_BYTES,
  RECORD_BYTES,
  estimateMemory,
} from '../../src/analytic/memory.js';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from '../sim/helpers.js';

describe('estimateMemory', () => {
  it("the article's store: 50 actions/s for 1 h of retention is 180,000 live keys (plus the 300 ms service time)", () => {
    const s = scenarioWith((x) => {
      x.actions = 1_000_000;
      x.keys.scope = 'intent';
      x.keys.retention = 3_600_000;
    });
    const estimate = estimateMemory(s);
    expect(estimate.keys).toBeCloseTo(50 * 3600.3, 6);
    expect(estimate.bytes).toBeCloseTo(
      BASE_BYTES +
        estimate.keys * RECORD_BYTES +
        estimate.inFlight * IN_FLIGHT_BYTES +
        estimate.executing * EXECUTION_BYTES,
      0,
    );
    expect(estimate.queued).toBe(0);
    // Little's law at 50 actions a second, for an upper bound: an action calls for its
    // 0.36 s mean service time (about 20 in flight), and with keys a call whose first try
    // is late (2.2%) may end in 409s and re-plan (60%), up to 3 times at 61 s each: about
    // 50 x 0.022 x 0.6 x 183 s = 120 more. Far below what a record costs at this rate.
    expect(estimate.inFlight).toBeGreaterThan(120);
    expect(estimate.inFlight).toBeLessThan(160);
  });

  it('no key and no concurrency limit: the fixed part and the few actions in flight, whatever the run length', () => {
    // Past the longest an action lasts (3 re-plans of up to 2 min), length changes nothing.
    const long = estimateMemory(scenarioWith((x) => (x.actions = 100_000_000)));
    expect(long.bytes).toBe(estimateMemory(scenarioWith((x) => (x.actions = 100_000))).bytes);
    expect(long.bytes - BASE_BYTES).toBeLessThan(1e6);
  });

  it('a service slower than the arrivals keeps every action in flight', () => {
    for (const edit of [
      (x: Scenario) => (x.service.latency.median = 86_400_000 * 1000),
      (x: Scenario) => (x.incidents = [{ at: 0, for: 86_400_000 * 1000, latencyFactor: 1e9 }]),
      (x: Scenario) => {
        x.agent.crash = { probability: 1, max: 1, resumeDelay: { min: 86_400_000 * 1000, max: 86_400_000 * 1000 } };
      },
    ]) {
      const s = scenarioWith((x) => {
        x.actions = 200_000;
        edit(x);
      });
      const estimate = estimateMemory(s);
      expect(estimate.inFlight).toBe(200_000);
      expect(estimate.bytes).toBeGreaterThanOrEqual(BASE_BYTES + 200_000 * IN_FLIGHT_BYTES);
    }
  });

  it('a run cannot hold more keys than its actions create (scope intent)', () => {
    const s = scenarioWith((x) => {
      x.actions = 1000;
      x.keys.scope = 'intent';
      x.keys.retention = 86_400_000;
    });
    expect(estimateMemory(s).keys).toBe(1000);
  });

  it('an overloaded service queues the surplus of every attempt', () => {
    const s = scenarioWith((x) => {
      x.actions = 100_000;
      x.arrivals.rate = 1000;
      x.service.concurrency = 1;
    });
    const { queued, inFlight } = estimateMemory(s);
    // Capacity is about 2.8 executions a second against thousands offered: every call times
    // out, sends its 4 attempts and fails, and 60% of actions re-plan 3 times (2.8 calls).
    const offered = 100_000 * (1 + 0.6 * 3) * 4;
    expect(queued).toBeGreaterThan(0.99 * offered);
    expect(queued).toBeLessThanOrEqual(offered);
    expect(inFlight).toBe(100_000);
  });

  it('counts each hedge as an execution of its own, running for the mean service time', () => {
    // 20,000 actions arriving in 0.4 s, each running 3 s: every first call's executions run
    // at once. A re-plan starts 2 s to 120 s later, spread over 118 s: in a run of 0.4 s,
    // its starts are 0.4/118 as dense as the arrivals.
    const running = (hedges: number): number =>
      estimateMemory(
        scenarioWith((x) => {
          x.actions = 20_000;
          x.arrivals.rate = 50_000;
          x.service.latency = { median: 3000, sigma: 0.1 };
          x.client.retries = 0;
          x.client.hedge = hedges === 0 ? 'none' : { after: 100, max: hedges };
        }),
      ).executing;
    const meanService = 3000 * Math.exp(0.005);
    for (const hedges of [0, 1, 3]) {
      // Every call times out (3 s against the 2 s timeout), so up to 2.8 calls an action.
      const later = 1.8 * (400 / 118_000) * meanService;
      expect(running(hedges)).toBeCloseTo(50 * (1 + hedges) * (400 + later), 0);
    }
  });

  it('never shrinks as the run grows longer, faster or keeps keys longer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.constantFrom('intent', 'call', 'attempt', 'none' as const),
        (actions, rate, retention, scope) => {
          const at = (a: number, r: number, k: number) =>
            estimateMemory(
              scenarioWith((x) => {
                x.actions = a;
                x.arrivals.rate = r;
                x.keys.retention = k;
                x.keys.scope = scope;
              }),
            ).bytes;
          const base = at(actions, rate, retention);
          expect(Number.isFinite(base)).toBe(true);
          expect(at(actions * 2, rate, retention)).toBeGreaterThanOrEqual(base);
          expect(at(actions, rate * 2, retention)).toBeGreaterThanOrEqual(base);
          expect(at(actions, rate, retention * 2)).toBeGreaterThanOrEqual(base);
        },
      ),
      { seed: 77, numRuns: 200 },
    );
  });

  it("is near the simulator's own peak of live keys once the store is in steady state", () => {
    for (const [rate, retention] of [
      [50, 60_000],
      [200, 30_000],
    ] as const) {
      const s = scenarioWith((x) => {
        x.actions = 40_000;
        x.arrivals.rate = rate;
        x.keys.scope = 'intent';
        x.keys.retention = retention;
      });
      const peak = simulate(s).metrics.keyStore.peakKeys;
      // Poisson arrivals put the peak a few standard deviations (sqrt of the mean) above it.
      const keys = estimateMemory(s).keys;
      expect(Math.abs(peak - keys)).toBeLessThan(6 * Math.sqrt(keys) + 0.01 * keys);
    }
  });
});
