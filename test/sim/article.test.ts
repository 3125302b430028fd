// MODEL.md's "arithmetic the simulator must reproduce", each figure checked against the
// simulator within the run's own 95% interval (or a binomial one computed from its counts).
// The file makes ARTICLE_CHECKS statistical checks; each interval is taken at Bonferroni's
// 1 - 0.05 / ARTICLE_CHECKS level (familyInterval), so a correct simulator fails this file
// by chance at most 5% of seeds, instead of 1 - 0.95^7 = 30%. The rule is fixed in advance
// for every check here, derived from the reported intervals alone.
import { describe, expect, it } from 'vitest';
import { keyStoreKeys, replayCatchFraction } from '../../src/analytic/keystore.js';
import { scopeNoneExpectations } from '../../src/analytic/retries.js';
import { lognormalMean, pSlow, unknownShare } from '../../src/analytic/inputs.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { Interval, RunResult } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { expectInside, familyInterval, scenarioWith, share95 } from './helpers.js';

const ARTICLE_CHECKS = 7;
const inFamily = (r: RunResult, name: string): Interval => familyInterval(r, name, ARTICLE_CHECKS);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function slowShare(s: Scenario): number {
  return pSlow(s.service.latency.median, s.service.latency.sigma, s.client.timeout);
}

describe('duplicates from blind retries', () => {
  it('commits 43.8 duplicates per thousand actions at the defaults', () => {
    // 400,000 actions: the interval is about +-0.7 per thousand, which separates q + q^2 + q^3
    // (43.8) from q alone (41.9).
    const s = scenarioWith((s) => {
      s.actions = 400_000;
    });
    const r = simulate(s);
    // The defaults keep re-plans on (0.6, up to 3). A call fails only when all four attempts
    // end unknown (q^4), so re-plans add E * (0.6 q^4 + ...) = 0.002 per thousand; the exact
    // expectation includes them and still rounds to the article's 43.8.
    const q = unknownShare(slowShare(s), s.network.replyLoss);
    const exact = scopeNoneExpectations({
      requestLoss: s.network.requestLoss,
      errorRate: s.service.errorRate,
      q,
      retries: s.client.retries,
      replan: s.agent.replan,
    });
    expectInside(1000 * exact.duplicates, inFamily(r, 'duplicatesPerThousand'), 'duplicates per thousand');
    expect(1000 * exact.duplicates).toBeCloseTo(43.8, 1);
  });
});

describe('slow-reply timeouts of a single attempt', () => {
  // retries 0 and no re-plans: every action makes exactly one attempt, so slow timeouts per
  // attempt are a binomial share of independent first attempts. A reply is slow whether or
  // not it would also have been lost, so reply loss does not enter.
  const oneAttempt = (edit: (s: Scenario) => void): Scenario =>
    scenarioWith((s) => {
      s.actions = 200_000;
      s.client.retries = 0;
      s.agent.replan.probability = 0;
      edit(s);
    });

  it('times out 2.2% of first attempts as slow at the defaults', () => {
    const s = oneAttempt(() => {});
    const r = simulate(s);
    expect(r.metrics.attempts).toBe(s.actions);
    const exact = slowShare(s);
    expectInside(exact, share95(r.metrics.responses.timeout.slow, r.metrics.attempts, ARTICLE_CHECKS), 'slow share');
    expect(exact).toBeCloseTo(0.022, 3);
  });

  it('times out 87.6% of first attempts as slow with median 1200 ms and timeout 600 ms', () => {
    const s = oneAttempt((s) => {
      s.service.latency.median = 1200;
      s.client.timeout = 600;
    });
    const r = simulate(s);
    expect(r.metrics.attempts).toBe(s.actions);
    const exact = slowShare(s);
    expectInside(exact, share95(r.metrics.responses.timeout.slow, r.metrics.attempts, ARTICLE_CHECKS), 'slow share');
    expect(exact).toBeCloseTo(0.876, 3);
  });
});

describe('key store size', () => {
  // MODEL.md defines the steady state by Little's law, rate * claims per action * mean record
  // lifetime, and a record lives from its claim to commit + retention. With scope intent,
  // atomic claims and every repeat arriving well within the hour, each action claims once,
  // so the exact expectation is rate * (retention + E[S]) = 50 * 3600.36 s = 180,018 keys:
  // the article's rate * retention to the nearest thousand. The interval is a fraction of a
  // key wide (only S varies), so it tells the two apart; both are checked.
  const intentStore = (): Scenario =>
    scenarioWith((s) => {
      s.actions = 20_000;
      s.keys.scope = 'intent';
      s.keys.retention = HOUR;
    });
  const exactKeys = (s: Scenario): number =>
    keyStoreKeys(s.arrivals.rate, s.keys.retention + lognormalMean(s.service.latency.median, s.service.latency.sigma));

  it('holds 180,000 keys in steady state at 50/s and 1 h retention', () => {
    const s = intentStore();
    const r = simulate(s);
    const exact = exactKeys(s);
    expectInside(exact, inFamily(r, 'keyStore.steadyStateKeys'), 'steady-state keys');
    expect(Math.round(exact / 1000) * 1000).toBe(180_000);
  });

  it('holds 36 MB in steady state at 200 bytes a record', () => {
    const s = intentStore();
    const r = simulate(s);
    const exact = exactKeys(s) * s.keys.recordBytes;
    expectInside(exact, inFamily(r, 'keyStore.steadyStateBytes'), 'steady-state bytes');
    expect(Math.round(exact / 1e6)).toBe(36);
  });
});

describe('crash replays caught by retention', () => {
  // Every action's first step crashes once (probability 1, max 1), so crashes = actions.
  // A replay resumes U(2 min, 20 min) after the step and finds the intent key's record iff
  // it arrives before commit + retention. A missed replay claims the key again and commits
  // exactly once more (its retries and re-plans then find the new record), so
  // duplicatesBySource.replay counts missed replays: a binomial count.
  // The closed form takes the step's end as the commit; the exact expectation differs by
  // E[commit - step end] / 18 min, milliseconds against minutes (under 1e-6), far inside
  // the interval.
  const crashReplay = (retention: number): Scenario =>
    scenarioWith((s) => {
      s.actions = 100_000;
      s.keys.scope = 'intent';
      s.keys.retention = retention;
      s.agent.crash = { probability: 1, max: 1, resumeDelay: { min: 2 * MINUTE, max: 20 * MINUTE } };
    });
  const caught = (s: Scenario, missed: number) => {
    const m = share95(missed, s.actions, ARTICLE_CHECKS);
    return { low: 1 - m.high, high: 1 - m.low };
  };
  const exactCatch = (s: Scenario): number =>
    replayCatchFraction(s.keys.retention, s.agent.crash.resumeDelay.min, s.agent.crash.resumeDelay.max);

  it('catches 17% of crash replays with 5 min retention', () => {
    const s = crashReplay(5 * MINUTE);
    const r = simulate(s);
    const exact = exactCatch(s);
    expectInside(exact, caught(s, r.metrics.duplicatesBySource.replay), 'catch fraction');
    expect(Math.round(100 * exact)).toBe(17);
  });

  it('catches every crash replay with 1 h retention', () => {
    const s = crashReplay(HOUR);
    const r = simulate(s);
    const exact = exactCatch(s);
    expectInside(exact, caught(s, r.metrics.duplicatesBySource.replay), 'catch fraction');
    expect(exact).toBe(1);
  });
});
