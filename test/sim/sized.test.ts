// Runs sized by precision: the result is exactly the run of the actions it reached, it
// stops for the reason it says, and the cap stops it with an estimate of what was needed.
import { describe, expect, it } from 'vitest';
import type { Target } from '../../src/model/bounds.js';
import type { PrecisionGoal } from '../../src/model/precision.js';
import { nextActions, sizingVerdict } from '../../src/stats/precision.js';
import { simulate } from '../../src/sim/simulate.js';
import { simulateSized } from '../../src/sim/sized.js';
import { scenarioWith } from './helpers.js';

const noDuplicates = scenarioWith((s) => {
  s.actions = 100;
  s.client.retries = 0;
  s.agent.replan.probability = 0;
  s.agent.crash.probability = 0;
});

const atMost = (metric: string, limit: number): Target => ({
  metric,
  op: '<=',
  limit,
  text: `${metric}<=${limit}`,
  source: 'flag',
});

const relative = (metric: string, share: number): PrecisionGoal => ({
  metric,
  halfWidth: share,
  relative: true,
  text: `${metric}=${share * 100}%`,
});

describe('simulateSized', () => {
  it('runs until the bound is decided, and its result is the run of that many actions', () => {
    const sized = simulateSized(noDuplicates, {
      goals: [],
      decide: [atMost('duplicatesPerThousand', 0.1)],
      maxActions: 1e6,
    });
    expect(sized.sizing.stoppedBy).toBe('decided');
    expect(sized.sizing.actions).toBe(sized.scenario.actions);
    // Deciding <= 0.1 per thousand with nothing counted takes 1000 * 3.69 / 0.1 actions or more.
    expect(sized.sizing.actions).toBeGreaterThanOrEqual(36_889);
    expect(sized.result).toEqual(simulate({ ...noDuplicates, actions: sized.sizing.actions }));
  });

  it('meets a relative precision goal', () => {
    const s = scenarioWith((x) => {
      x.actions = 1000;
    });
    const goal = relative('duplicatesPerThousand', 0.1);
    const sized = simulateSized(s, { goals: [goal], decide: [], maxActions: 1e6 });
    expect(sized.sizing.stoppedBy).toBe('precision');
    const { low, high } = sized.result.intervals['duplicatesPerThousand'] as { low: number; high: number };
    const value = sized.result.metrics.duplicatesPerThousand;
    expect(Math.max(high - value, value - low)).toBeLessThanOrEqual(0.1 * value);
  });

  it('stops at the cap and estimates the actions needed', () => {
    const sized = simulateSized(noDuplicates, {
      goals: [],
      decide: [atMost('duplicatesPerThousand', 0.1)],
      maxActions: 5000,
    });
    expect(sized.sizing).toMatchObject({ actions: 5000, stoppedBy: 'cap', needed: 36_889 });
  });

  it('a relative goal on a value of 0 cannot be estimated, and the cap stops it', () => {
    const sized = simulateSized(noDuplicates, {
      goals: [relative('duplicatesPerThousand', 0.1)],
      decide: [],
      maxActions: 2000,
    });
    expect(sized.sizing).toMatchObject({ actions: 2000, stoppedBy: 'cap', needed: null });
  });

  it('stops at once when no number of actions would do: a metric with no interval in this run', () => {
    // No key: nothing is looked up, so the 409 share has no interval to narrow.
    const goal: PrecisionGoal = { metric: 'conflictRate', halfWidth: 0.01, relative: false, text: 'conflictRate=0.01' };
    const sized = simulateSized(noDuplicates, { goals: [goal], decide: [], maxActions: 1e6 });
    expect(sized.sizing).toMatchObject({ actions: 100, rounds: 1, stoppedBy: 'never', needed: null });
  });

  it('stops at once when a bound sits exactly on the value', () => {
    const sized = simulateSized(noDuplicates, { goals: [], decide: [atMost('lostPerThousand', 0)], maxActions: 1e6 });
    expect(sized.sizing).toMatchObject({ rounds: 1, stoppedBy: 'never' });
  });

  it('a first run that is enough is the only run', () => {
    const sized = simulateSized(noDuplicates, {
      goals: [],
      decide: [atMost('duplicatesPerThousand', 100)],
      maxActions: 1e6,
    });
    expect(sized.sizing).toMatchObject({ actions: 100, rounds: 1, stoppedBy: 'decided' });
  });
});

describe('sizing rules', () => {
  it('grows at least twofold, by the estimate with a margin, rounded to two digits, within the cap', () => {
    expect(nextActions(100, 36_889, 1e7)).toBe(45_000);
    expect(nextActions(10_000, 12_000, 1e7)).toBe(20_000);
    expect(nextActions(10_000, 1e9, 1e6)).toBe(1e6);
    expect(nextActions(10_000, Infinity, 1e9)).toBe(160_000);
  });

  it('with no goals and no bounds, any result is enough', () => {
    expect(sizingVerdict({ goals: [], decide: [], maxActions: 10 }, simulate(noDuplicates)).stop).toBe('precision');
  });
});
