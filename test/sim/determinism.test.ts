// Runs are reproducible from their seed, and a sweep over the client timeout compares like
// with like: common random numbers keep every draw of an action the same across the sweep.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/model/scenario.js';
import type { Metrics } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from './helpers.js';

/** A scenario that exercises keys, races, queues, re-plans, crashes and repeats at once. */
const busy = (seed: number): Scenario =>
  scenarioWith((s) => {
    s.seed = seed;
    s.network.requestLoss = 0.05;
    s.service.errorRate = 0.05;
    s.service.concurrency = 8;
    s.keys.scope = 'intent';
    s.keys.claim = 'read-then-write';
    s.keys.retention = 5 * 60_000;
    s.agent.replan.argsChange = 0.2;
    s.agent.crash.probability = 0.3;
    s.agent.identicalRepeats = 0.1;
  });

describe('determinism', () => {
  it('the same scenario and seed give byte-identical results', () => {
    expect(JSON.stringify(simulate(busy(7)))).toBe(JSON.stringify(simulate(busy(7))));
  });

  it('a different seed gives different results', () => {
    expect(JSON.stringify(simulate(busy(8)))).not.toBe(JSON.stringify(simulate(busy(7))));
  });
});

describe('common random numbers across a timeout sweep', () => {
  // Steps of 1 ms around the default catch a sweep that redraws: with fresh draws the slow
  // count would move up or down by about its own square root (some 20 here) between
  // neighbours; with common draws it can only stay or fall.
  const LADDER = [400, 600, 990, 999, 1000, 1001, 1010, 1200, 2000, 5000];
  const sweep = (edit: (s: Scenario) => void): Metrics[] =>
    LADDER.map(
      (timeout) =>
        simulate(
          scenarioWith((s) => {
            s.actions = 20_000;
            s.keys.scope = 'none';
            s.service.concurrency = 'unlimited';
            s.client.timeout = timeout;
            edit(s);
          }),
        ).metrics,
    );
  const pairs = <T>(xs: T[]): [T, T][] => xs.slice(1).map((x, i) => [xs[i] as T, x]);

  it('raising the timeout never increases slow timeouts in a paired run', () => {
    // With scope none and no queue an action's outcomes depend only on its own draws. If an
    // attempt fails under the longer timeout it fails under the shorter one too, so by
    // induction the attempts under the longer timeout are a prefix of those under the shorter
    // (retries and re-plans included), each slow one also slow there.
    const runs = sweep(() => {});
    for (const [shorter, longer] of pairs(runs)) {
      expect(longer.responses.timeout.slow).toBeLessThanOrEqual(shorter.responses.timeout.slow);
    }
  });

  describe('with one attempt per action', () => {
    let runs: Metrics[] | undefined;
    const oneAttempt = (): Metrics[] =>
      (runs ??= sweep((s) => {
        s.network.requestLoss = 0.1;
        s.service.errorRate = 0.05;
        s.client.retries = 0;
        s.agent.replan.probability = 0;
      }));

    it('the timeout leaves request losses and lost actions untouched', () => {
      // Whether the one attempt is lost or refused is drawn before the timeout matters.
      const [first, ...rest] = oneAttempt();
      for (const m of rest) {
        expect(m.responses.timeout.requestLost).toBe(first?.responses.timeout.requestLost);
        expect(m.lostActions).toBe(first?.lostActions);
      }
    });

    it('raising the timeout never increases slow timeouts', () => {
      for (const [shorter, longer] of pairs(oneAttempt())) {
        expect(longer.responses.timeout.slow).toBeLessThanOrEqual(shorter.responses.timeout.slow);
      }
    });
  });
});
