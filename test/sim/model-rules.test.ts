// Rules of the model that the article's arithmetic does not reach: how repeats the key
// store forgot are counted, and which parameters may move which random draws.
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from './helpers.js';

/** Every step crashes once and resumes long after a short retention: every replay is forgotten. */
const forgottenReplays = (scope: Scope, identicalRepeats: number) =>
  scenarioWith((s) => {
    s.actions = 3000;
    s.keys.scope = scope;
    s.keys.retention = 1000;
    s.client.retries = 0;
    s.network.replyLoss = 0;
    s.agent.replan.probability = 0;
    s.agent.identicalRepeats = identicalRepeats;
    s.agent.crash = { probability: 1, max: 1, resumeDelay: { min: 10_000, max: 10_000 } };
  });

describe('retention misses', () => {
  it.each([
    ['intent', 0],
    ['business', 0],
    ['business', 0.5],
    ['payload', 0.5],
  ] as const)(
    'with scope %s and identical repeats %s, every replay that commits again is a retention miss',
    (scope, repeats) => {
      const r = simulate(forgottenReplays(scope, repeats)).metrics;
      expect(r.duplicatesBySource.replay).toBeGreaterThan(0);
      expect(r.retentionMisses).toBe(r.duplicatesBySource.replay);
    },
  );

  it('scope attempt never re-claims a key, so it never misses', () => {
    const r = simulate(forgottenReplays('attempt', 0)).metrics;
    expect(r.duplicatesBySource.replay).toBeGreaterThan(0);
    expect(r.retentionMisses).toBe(0);
  });
});

describe('common random numbers across parameters', () => {
  it('changing replan.max moves no draw when the model never re-plans', () => {
    const run = (max: number) =>
      simulate(
        scenarioWith((s) => {
          s.actions = 3000;
          s.agent.replan.probability = 0;
          s.agent.replan.max = max;
          s.agent.crash = { probability: 1, max: 1, resumeDelay: { min: 60_000, max: 600_000 } };
        }),
      );
    const reference = JSON.stringify(run(0));
    for (const max of [1, 3, 10]) expect(JSON.stringify(run(max))).toBe(reference);
  });

  it('changing the retention moves no draw when scope none ignores it', () => {
    const run = (retention: number) =>
      simulate(
        scenarioWith((s) => {
          s.actions = 3000;
          s.keys.retention = retention;
        }),
      );
    expect(JSON.stringify(run(1000))).toBe(JSON.stringify(run(86_400_000)));
  });
});
