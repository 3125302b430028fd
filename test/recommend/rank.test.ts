// The ranking rule: what the user asked about first, then load, key store and latency;
// compared at three significant digits; and a Pareto front of trade-offs, not twins.
import { describe, expect, it } from 'vitest';
import { marginOf } from '../../src/stats/bounds.js';
import { compareByDistance, compareByRank, distanceOf, paretoFront, rankingKeys } from '../../src/recommend/rank.js';
import { point, target } from './helpers.js';

const DUP = target('duplicatesPerThousand<=0.1');
const STORE = target('keyStore.steadyStateBytes<100MB');

describe('recommend ranking', () => {
  it("puts the targets' metrics first, in target order, then load, key store and latency", () => {
    expect(rankingKeys([DUP, STORE], undefined)).toEqual([
      { metric: 'duplicatesPerThousand', better: 'lower' },
      { metric: 'keyStore.steadyStateBytes', better: 'lower' },
      { metric: 'attemptsPerAction', better: 'lower' },
      { metric: 'latency.call.p95', better: 'lower' },
    ]);
  });

  it('ranks higher values first for a lower bound', () => {
    const keys = rankingKeys([target('dedupHitRate>=0.01')], undefined);
    expect(keys[0]).toEqual({ metric: 'dedupHitRate', better: 'higher' });
  });

  it('--prefer replaces the ranking, lowest first', () => {
    expect(rankingKeys([DUP], ['latency.step.p95'])).toEqual([{ metric: 'latency.step.p95', better: 'lower' }]);
  });

  it('latency only breaks ties: fewer attempts beat a shorter p95', () => {
    const keys = rankingKeys([DUP], undefined);
    const fast = point('fast', [0], [DUP], { attemptsPerAction: 1.3, callP95: 400 });
    const frugal = point('frugal', [1], [DUP], { attemptsPerAction: 1.02, callP95: 2500 });
    expect(compareByRank(frugal, fast, keys)).toBeLessThan(0);
  });

  it('values equal at three significant digits tie, and the next metric decides', () => {
    const keys = rankingKeys([DUP], undefined);
    const a = point('a', [0], [DUP], { attemptsPerAction: 1.0204, callP95: 900 });
    const b = point('b', [1], [DUP], { attemptsPerAction: 1.0201, callP95: 800 });
    expect(compareByRank(b, a, keys)).toBeLessThan(0);
    const c = point('c', [2], [DUP], { attemptsPerAction: 1.0101, callP95: 2000 });
    expect(compareByRank(c, b, keys)).toBeLessThan(0);
  });

  it("the targets' own metric outranks load", () => {
    const keys = rankingKeys([DUP], undefined);
    const none = point('none', [1], [DUP], { duplicatesPerThousand: 0, attemptsPerAction: 2 });
    const some = point('some', [0], [DUP], { duplicatesPerThousand: 0.5, attemptsPerAction: 1 });
    expect(compareByRank(none, some, keys)).toBeLessThan(0);
  });

  it('a rate per thousand is compared in steps of what its run cannot tell from none', () => {
    const keys = rankingKeys([DUP], undefined);
    // At 20,000 actions one duplicate (0.05 per thousand) is within 3.69 / 20,000 = 0.184
    // per thousand of none: the two are equal on duplicates, and load decides.
    const none = point('none', [1], [DUP], { duplicatesPerThousand: 0, attemptsPerAction: 2 });
    const one = point('one', [0], [DUP], { duplicatesPerThousand: 0.05, attemptsPerAction: 1 });
    expect(compareByRank(one, none, keys)).toBeLessThan(0);
    // At 2,000,000 actions the step is 0.00184 per thousand: 0.05 is told from none.
    const big = { actions: 2_000_000 };
    const noneBig = point('none', [1], [DUP], { ...big, duplicatesPerThousand: 0, attemptsPerAction: 2 });
    const oneBig = point('one', [0], [DUP], { ...big, duplicatesPerThousand: 0.05, attemptsPerAction: 1 });
    expect(compareByRank(noneBig, oneBig, keys)).toBeLessThan(0);
  });

  it('the Pareto front keeps trade-offs and drops twins after the first in grid order', () => {
    const keys = rankingKeys([DUP], undefined);
    const frugal = point('frugal', [0], [DUP], { attemptsPerAction: 1.02, callP95: 2000 });
    const twin = point('twin', [1], [DUP], { attemptsPerAction: 1.02, callP95: 2000 });
    const quick = point('quick', [2], [DUP], { attemptsPerAction: 1.2, callP95: 900 });
    const worse = point('worse', [3], [DUP], { attemptsPerAction: 1.2, callP95: 2500 });
    const front = paretoFront([frugal, twin, quick, worse], keys);
    expect(front.map((p) => p.scenario.name)).toEqual(['frugal', 'quick']);
  });

  it('the distance of a point is the sum over targets of its normalised violation', () => {
    const unknown = target('unknownPerThousand<=20');
    const targets = [DUP, unknown];
    const p = point('p', [0], targets, { duplicatesPerThousand: 0.3, unknownPerThousand: 25 });
    const expected = -marginOf(DUP, 0.3) - marginOf(unknown, 25);
    expect(distanceOf(p)).toBeCloseTo(expected, 12);
    const inside = point('q', [1], targets, { duplicatesPerThousand: 0.05, unknownPerThousand: 10 });
    expect(distanceOf(inside)).toBe(0);
    expect(compareByDistance(inside, p, rankingKeys(targets, undefined))).toBeLessThan(0);
  });
});
