// Identities every run must satisfy, whatever the scenario, checked over random scenarios
// (fast-check, fixed seed): bookkeeping that must balance, and what key scopes guarantee.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Claim, Jitter, Scope } from '../../src/model/scenario.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { Metrics } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from './helpers.js';
import { keysOf, logUniform, num, range } from './arbitraries.js';

const SEED = 20_240_611;
const RUNS = 100;

// Longer than any run here lasts (a few hundred actions, minutes of delays): no record
// expires, so every repeat of an action finds its key.
const FOREVER = 1e12;

/** Any scenario the validator would accept, kept to a few hundred actions. */
const anyScenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    actions: fc.integer({ min: 100, max: 400 }),
    rate: logUniform(0.5, 500),
    median: logUniform(5, 3000),
    sigma: num(0, 1.5),
    errorRate: num(0, 0.3),
    concurrency: fc.oneof(fc.constant('unlimited' as const), fc.integer({ min: 1, max: 16 })),
    requestLoss: num(0, 0.3),
    replyLoss: num(0, 0.3),
    timeout: logUniform(50, 5000),
    retries: fc.integer({ min: 0, max: 4 }),
    backoff: fc.record({
      base: num(0, 500),
      multiplier: num(1, 3),
      max: num(0, 10_000),
      jitter: fc.constantFrom(...keysOf(Jitter)),
    }),
    deadline: fc.oneof(fc.constant('none' as const), num(0, 20_000)),
    scope: fc.constantFrom(...keysOf(Scope)),
    retention: logUniform(1, 3_600_000),
    claim: fc.constantFrom(...keysOf(Claim)),
    raceWindow: num(0, 50),
    fingerprint: fc.boolean(),
    recordBytes: fc.integer({ min: 0, max: 500 }),
    replan: fc.record({
      probability: num(0, 1),
      max: fc.integer({ min: 0, max: 3 }),
      delay: range(0, 120_000),
      argsChange: num(0, 1),
    }),
    crash: fc.record({ probability: num(0, 1), max: fc.integer({ min: 0, max: 2 }), resumeDelay: range(0, 1_200_000) }),
    identicalRepeats: num(0, 0.5),
  })
  .map((g) =>
    scenarioWith((s) => {
      s.seed = g.seed;
      s.actions = g.actions;
      s.arrivals.rate = g.rate;
      s.service.latency = { median: g.median, sigma: g.sigma };
      s.service.errorRate = g.errorRate;
      s.service.concurrency = g.concurrency;
      s.network = { requestLoss: g.requestLoss, replyLoss: g.replyLoss };
      // The real-client fields at their defaults (a preset, a throttle, a budget, hedging: off).
      s.client = {
        ...s.client,
        timeout: g.timeout,
        retries: g.retries,
        backoff: { ...g.backoff, floor: 0 },
        deadline: g.deadline,
      };
      Object.assign(s.keys, {
        scope: g.scope,
        retention: g.retention,
        claim: g.claim,
        raceWindow: g.raceWindow,
        fingerprint: g.fingerprint,
        recordBytes: g.recordBytes,
      });
      Object.assign(s.agent, { replan: g.replan, crash: g.crash, identicalRepeats: g.identicalRepeats });
    }),
  );

/** The same scenarios with some fields pinned. */
const scenarioWhere = (pin: (s: Scenario) => void): fc.Arbitrary<Scenario> =>
  anyScenario.map((s) => {
    const pinned = structuredClone(s);
    pin(pinned);
    return pinned;
  });

function holdsFor(scenarios: fc.Arbitrary<Scenario>, check: (m: Metrics) => void): void {
  fc.assert(
    fc.property(scenarios, (s) => {
      check(simulate(s).metrics);
    }),
    { seed: SEED, numRuns: RUNS },
  );
}

describe('bookkeeping', () => {
  it('executions = actions - lostActions + duplicates (every execution commits)', () => {
    holdsFor(anyScenario, (m) => expect(m.executions).toBe(m.actions - m.lostActions + m.duplicates));
  });

  it('duplicates by source sum to duplicates', () => {
    holdsFor(anyScenario, (m) => {
      const { transport, replan, replay } = m.duplicatesBySource;
      expect(transport + replan + replay).toBe(m.duplicates);
    });
  });

  it('ok, conflict, mismatch, rejected and timeout responses sum to attempts', () => {
    holdsFor(anyScenario, (m) => {
      const r = m.responses;
      expect(r.ok + r.conflict + r.mismatch + r.rejected + r.timeout.total).toBe(m.attempts);
    });
  });

  it('slow, reply-lost and request-lost timeouts sum to timeouts', () => {
    holdsFor(anyScenario, (m) => {
      const t = m.responses.timeout;
      expect(t.slow + t.replyLost + t.requestLost).toBe(t.total);
    });
  });

  it('stored replies are a subset of ok replies', () => {
    holdsFor(anyScenario, (m) => expect(m.responses.replayed).toBeLessThanOrEqual(m.responses.ok));
  });
});

describe('what key scopes guarantee', () => {
  // Every repeat of an action (retry, re-plan, replay) carries its intent key; an atomic
  // claim admits one execution while the record is live, and the record outlives the run.
  // Unchanged arguments rule out 422s and no genuine repeats share a key. Request loss and
  // 503s may still leave an action uncommitted, so they stay free here.
  const intentRemembered = (s: Scenario): void => {
    s.keys.scope = 'intent';
    s.keys.claim = 'atomic';
    s.keys.retention = FOREVER;
    s.agent.replan.argsChange = 0;
    s.agent.identicalRepeats = 0;
  };

  it('scope intent with atomic claims and unexpired records commits no duplicate', () => {
    holdsFor(scenarioWhere(intentRemembered), (m) => expect(m.duplicates).toBe(0));
  });

  it('scope intent loses no action when every request reaches a working service', () => {
    // Lost requests or 503s on every attempt of every call would leave an action with no
    // commit even with a perfect key, so they are pinned to 0: then the first attempt of the
    // first call always claims its fresh key and executes, and execution always commits.
    const reachable = (s: Scenario): void => {
      intentRemembered(s);
      s.network.requestLoss = 0;
      s.service.errorRate = 0;
    };
    holdsFor(scenarioWhere(reachable), (m) => expect(m.lostActions).toBe(0));
  });

  it('scope none looks up no key, so its dedup, conflict and mismatch rates are 0', () => {
    holdsFor(
      scenarioWhere((s) => {
        s.keys.scope = 'none';
      }),
      (m) => expect([m.dedupHitRate, m.conflictRate, m.mismatchRate]).toEqual([0, 0, 0]),
    );
  });

  it('scope attempt never serves a stored result', () => {
    holdsFor(
      scenarioWhere((s) => {
        s.keys.scope = 'attempt';
      }),
      (m) => expect([m.dedupHitRate, m.responses.replayed]).toEqual([0, 0]),
    );
  });

  it('scope attempt stores one record per execution', () => {
    // Each executed attempt claimed its own fresh key; with no record expiring, the peak is
    // the final count: one record per execution.
    holdsFor(
      scenarioWhere((s) => {
        s.keys.scope = 'attempt';
        s.keys.retention = FOREVER;
      }),
      (m) => expect(m.keyStore.peakKeys).toBe(m.executions),
    );
  });
});
