// From searched points to the answer: feasibility on the interval (a promising undecided
// point is rerun until decided first), verification on another seed (a failure is never
// recommended), and the closest configuration among simulated points only.
import { describe, expect, it } from 'vitest';
import type { Target } from '../../src/model/bounds.js';
import type { Sizing } from '../../src/model/precision.js';
import type { Scenario } from '../../src/model/scenario.js';
import { choose, unmetTarget, type ChooseInput } from '../../src/recommend/choose.js';
import type { Point, SimRun } from '../../src/recommend/point.js';
import { compareByDistance, distanceOf, rankingKeys } from '../../src/recommend/rank.js';
import { point, simRun, target, type Numbers } from './helpers.js';

const DUP = target('duplicatesPerThousand<=0.1');
const TARGETS: Target[] = [DUP];
const KEYS = rankingKeys(TARGETS, undefined);
const VERIFY = '1-verify';

/** A simulation that answers by the point's name and the seed: search reruns and verification runs. */
function fakeSimulate(
  reruns: Record<string, Numbers>,
  verification: Record<string, Numbers>,
  calls: { scenario: Scenario; sizing: Sizing | null }[] = [],
): ChooseInput['simulate'] {
  return async (scenarios, sizing) =>
    scenarios.map((scenario): SimRun => {
      calls.push({ scenario, sizing });
      const table = scenario.seed === VERIFY ? verification : reruns;
      const numbers = table[scenario.name];
      if (numbers === undefined) throw new Error(`not expected to run ${scenario.name} on seed ${scenario.seed}`);
      return simRun({ actions: scenario.actions, ...numbers });
    });
}

function input(simulate: ChooseInput['simulate'], want = 2): ChooseInput {
  return {
    targets: TARGETS,
    keys: KEYS,
    simulate,
    maxActions: 200_000,
    verifySeed: VERIFY,
    verifyMaxActions: 2_000_000,
    want,
    batch: 4,
  };
}

const pass = (attempts: number, callP95 = 1000): Numbers => ({
  duplicatesPerThousand: 0.02,
  attemptsPerAction: attempts,
  callP95,
  intervals: { duplicatesPerThousand: { low: 0, high: 0.05 } },
});
const fail: Numbers = { duplicatesPerThousand: 0.4, intervals: { duplicatesPerThousand: { low: 0.3, high: 0.5 } } };
/** Straddles 0.1 with its estimate inside: promising. */
const undecidedInside: Numbers = {
  duplicatesPerThousand: 0.06,
  attemptsPerAction: 1.0,
  intervals: { duplicatesPerThousand: { low: 0, high: 0.18 } },
};
/** Straddles 0.1 with its estimate outside: not worth a rerun. */
const undecidedOutside: Numbers = {
  duplicatesPerThousand: 0.12,
  attemptsPerAction: 1.0,
  intervals: { duplicatesPerThousand: { low: 0.02, high: 0.3 } },
};

describe('recommend choice', () => {
  it('recommends the best feasible point that passes verification, with verified runner-ups', async () => {
    // b trades more attempts for a shorter p95: on the front; c is beaten by a on every metric.
    const points = [
      point('a', [0], TARGETS, pass(1.1)),
      point('b', [1], TARGETS, pass(1.2, 500)),
      point('c', [2], TARGETS, pass(1.3)),
    ];
    const choice = await choose(input(fakeSimulate({}, { a: pass(1.1), b: pass(1.2, 500) })), points);
    expect(choice.status).toBe('recommended');
    expect(choice.best.scenario.name).toBe('a');
    expect(choice.best.verify?.seed).toBe(VERIFY);
    expect(choice.runnersUp.map((p) => p.scenario.name)).toEqual(['b']);
  });

  it('counts the reruns of several choices together when they share what they spent (one per stage)', async () => {
    const spent = { confirmed: 0, verified: 0 };
    const simulate = fakeSimulate({}, { a: fail, b: pass(1.2) });
    const first = await choose({ ...input(simulate), spent }, [point('a', [0], TARGETS, pass(1.1))]);
    expect(first).toMatchObject({ status: 'unverified', verified: 1 });
    const second = await choose({ ...input(simulate), spent }, [point('b', [1], TARGETS, pass(1.2))]);
    expect(second.status).toBe('recommended');
    // Both verifications, not the last choice's alone.
    expect(second.verified).toBe(2);
    expect(spent).toEqual({ confirmed: 0, verified: 2 });
  });

  it('a configuration that fails verification is not recommended: the next one is', async () => {
    // b is beaten by a on every metric: it is tried only once a is rejected.
    const points = [point('a', [0], TARGETS, pass(1.1)), point('b', [1], TARGETS, pass(1.2))];
    const choice = await choose(input(fakeSimulate({}, { a: fail, b: pass(1.2) })), points);
    expect(choice.status).toBe('recommended');
    expect(choice.best.scenario.name).toBe('b');
    expect(choice.rejected.map((p) => p.scenario.name)).toEqual(['a']);
  });

  it('when every feasible configuration fails verification, nothing is recommended', async () => {
    const points = [point('a', [0], TARGETS, pass(1.1))];
    const choice = await choose(input(fakeSimulate({}, { a: fail })), points);
    expect(choice.status).toBe('unverified');
  });

  it('a promising undecided point is rerun until decided, from where its estimate says, before it can win', async () => {
    const calls: { scenario: Scenario; sizing: Sizing | null }[] = [];
    const points = [point('lucky', [0], TARGETS, undecidedInside), point('sure', [1], TARGETS, pass(1.5))];
    const simulate = fakeSimulate({ lucky: fail }, { sure: pass(1.5) }, calls);
    const choice = await choose(input(simulate), points);
    const rerun = calls.find((c) => c.scenario.name === 'lucky');
    expect(rerun?.sizing?.decide).toEqual(TARGETS);
    expect(rerun?.scenario.actions).toBeGreaterThan(20_000);
    expect(choice.best.scenario.name).toBe('sure');
    expect(calls.some((c) => c.scenario.name === 'lucky' && c.scenario.seed === VERIFY)).toBe(false);
  });

  it('a point whose estimate breaks an undecided bound is not rerun', async () => {
    const points = [point('near', [0], TARGETS, undecidedOutside), point('sure', [1], TARGETS, pass(1.5))];
    const choice = await choose(input(fakeSimulate({}, { sure: pass(1.5) })), points);
    expect(points[0]?.confirm).toBeUndefined();
    expect(choice.best.scenario.name).toBe('sure');
  });

  it('with nothing feasible, the closest is the simulated point of least distance, never a pruned one', async () => {
    const far = point('far', [0], TARGETS, {
      duplicatesPerThousand: 4,
      intervals: { duplicatesPerThousand: { low: 3, high: 5 } },
    });
    const near = point('near', [1], TARGETS, fail);
    const pruned: Point = point('pruned', [2], TARGETS);
    pruned.pruned = { target: DUP, closedForm: 0.11, why: 'a closed form' };
    const choice = await choose(input(fakeSimulate({}, {})), [far, pruned, near]);
    expect(choice.status).toBe('infeasible');
    expect(choice.best.scenario.name).toBe('near');
    const simulated = [far, near].sort((a, b) => compareByDistance(a, b, KEYS));
    expect(distanceOf(choice.best)).toBe(distanceOf(simulated[0] as Point));
    expect(unmetTarget(TARGETS, [far, pruned, near], choice.best)).toEqual({ target: DUP, everyPoint: true });
  });
});
