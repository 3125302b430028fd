// Bookkeeping that must balance with the service's own failures, changing conditions and
// reads on (MODEL.md A, B and C): server crashes, transactions, leases, arrival profiles,
// incidents and reads, checked over random scenarios (fast-check, fixed seed) that mix them
// with the base model's knobs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Claim, Scope } from '../../src/model/scenario.js';
import type { Incident, ProfileStep, Scenario } from '../../src/model/scenario.js';
import type { RunResult, TimeSeriesPoint } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from './helpers.js';
import { keysOf, logUniform, num } from './arbitraries.js';

const SEED = 20_261_201;
const RUNS = 120;

const profile: fc.Arbitrary<ProfileStep[]> = fc
  .array(fc.tuple(logUniform(1_000, 600_000), fc.oneof(fc.constant(0), logUniform(0.5, 300))), { maxLength: 4 })
  .map((steps) => {
    let until = 0;
    return steps.map(([gap, rate]) => ({ until: (until += gap), rate }));
  });

const incident: fc.Arbitrary<Incident> = fc
  .record(
    {
      at: num(0, 300_000),
      for: logUniform(1_000, 300_000),
      latencyFactor: logUniform(0.25, 8),
      errorRate: num(0, 1),
      requestLoss: num(0, 1),
      replyLoss: num(0, 1),
    },
    { requiredKeys: ['at', 'for'] },
  )
  .map((i) => i as Incident);

/** The base model's variety plus every field of MODEL.md A, B and C, each on or off. */
const anyScenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    actions: fc.integer({ min: 100, max: 300 }),
    rate: logUniform(0.5, 200),
    median: logUniform(5, 3000),
    sigma: num(0, 1.5),
    errorRate: num(0, 0.2),
    concurrency: fc.oneof(fc.constant('unlimited' as const), fc.integer({ min: 1, max: 8 })),
    replyLoss: num(0, 0.2),
    retries: fc.integer({ min: 0, max: 4 }),
    scope: fc.constantFrom(...keysOf(Scope)),
    retention: logUniform(100, 3_600_000),
    claim: fc.constantFrom(...keysOf(Claim)),
    replan: num(0, 1),
    agentCrash: num(0, 0.5),
    identicalRepeats: num(0, 0.5),
    serverCrash: fc.oneof(fc.constant(0), num(0, 0.5)),
    afterEffect: num(0, 1),
    transactional: fc.boolean(),
    lease: fc.oneof(fc.constant('none' as const), logUniform(10, 20_000)),
    leaseRenewal: fc.boolean(),
    profile,
    incidents: fc.array(incident, { maxLength: 3 }),
    interval: logUniform(1_000, 600_000),
    check: fc.oneof(fc.constant(0), num(0, 1)),
    checkLatency: num(0, 5_000),
  })
  .map((g) =>
    scenarioWith((s) => {
      s.seed = g.seed;
      s.actions = g.actions;
      s.arrivals.rate = g.rate;
      s.arrivals.profile = g.profile;
      s.service.latency = { median: g.median, sigma: g.sigma };
      s.service.errorRate = g.errorRate;
      s.service.concurrency = g.concurrency;
      s.service.crash = { probability: g.serverCrash, afterEffect: g.afterEffect };
      s.network.replyLoss = g.replyLoss;
      s.client.retries = g.retries;
      s.keys.scope = g.scope;
      s.keys.retention = g.retention;
      s.keys.claim = g.claim;
      s.keys.transactional = g.transactional;
      s.keys.lease = g.lease;
      s.keys.leaseRenewal = g.leaseRenewal;
      s.agent.replan.probability = g.replan;
      s.agent.crash.probability = g.agentCrash;
      s.agent.identicalRepeats = g.identicalRepeats;
      s.agent.checkFirst = { probability: g.check, latency: g.checkLatency };
      s.incidents = g.incidents;
      s.report.interval = g.interval;
    }),
  );

function holds(check: (r: RunResult, s: Scenario) => void): void {
  fc.assert(
    fc.property(anyScenario, (s) => {
      check(simulate(s), s);
    }),
    { seed: SEED, numRuns: RUNS },
  );
}

const sum = (points: TimeSeriesPoint[], key: keyof TimeSeriesPoint): number =>
  points.reduce((total, p) => total + p[key], 0);

describe('conservation with the service crashing, leases, incidents and reads', () => {
  it('every execution commits or crashes before the effect: executions = actions - lost + duplicates + beforeEffect', () => {
    holds(({ metrics: m }) =>
      expect(m.executions).toBe(m.actions - m.lostActions + m.duplicates + m.serverCrashes.beforeEffect),
    );
  });

  it('responses sum to attempts, timeouts by kind to timeouts, crashes by kind to crashes', () => {
    holds(({ metrics: m }) => {
      const r = m.responses;
      expect(r.ok + r.conflict + r.mismatch + r.rejected + r.timeout.total).toBe(m.attempts);
      const t = r.timeout;
      expect(t.slow + t.replyLost + t.requestLost + t.serverCrash).toBe(t.total);
      expect(m.serverCrashes.beforeEffect + m.serverCrashes.afterEffect).toBe(m.serverCrashes.total);
    });
  });

  it('a crashed execution never replies: each one ends its attempt as a serverCrash timeout', () => {
    holds(({ metrics: m }) => expect(m.responses.timeout.serverCrash).toBe(m.serverCrashes.total));
  });

  it('duplicates by source sum to duplicates; takeover duplicates are among them', () => {
    holds(({ metrics: m }) => {
      const { transport, replan, replay } = m.duplicatesBySource;
      expect(transport + replan + replay).toBe(m.duplicates);
      expect(m.leaseTakeoverDuplicates).toBeLessThanOrEqual(m.duplicates);
      expect(m.leaseTakeoverDuplicates).toBeLessThanOrEqual(m.executions);
    });
  });

  it('what is off stays zero: no crash, no lease, no transaction, no read', () => {
    holds(({ metrics: m }, s) => {
      if (s.service.crash.probability === 0) expect(m.serverCrashes.total).toBe(0);
      if (s.keys.lease === 'none' || s.keys.transactional || s.keys.scope === 'none') expect(m.leaseTakeovers).toBe(0);
      if (m.leaseTakeovers === 0) expect(m.leaseTakeoverDuplicates).toBe(0);
      if (s.keys.transactional) {
        expect(m.serverCrashes.afterEffect).toBe(0);
        expect(m.orphanedRecords).toBe(0);
      }
      expect(m.orphanedRecords).toBeLessThanOrEqual(m.serverCrashes.total);
      if (s.agent.checkFirst.probability === 0) expect(m.checks).toBe(0);
      expect(m.checksThatFoundCommit).toBeLessThanOrEqual(m.checks);
      expect(m.checksMisled).toBeLessThanOrEqual(m.checksThatFoundCommit);
    });
  });

  it('the time series counts every event once, in the interval of its instant', () => {
    holds(({ metrics: m, timeSeries }, s) => {
      expect(timeSeries).toBeDefined();
      const points = (timeSeries as NonNullable<typeof timeSeries>).points;
      const interval = (timeSeries as NonNullable<typeof timeSeries>).interval;
      expect(interval).toBeGreaterThanOrEqual(s.report.interval as number);
      expect(points.map((p) => p.t)).toEqual(points.map((_, j) => j * interval));
      expect(sum(points, 'arrivals')).toBe(m.actions);
      expect(sum(points, 'attempts')).toBe(m.attempts);
      expect(sum(points, 'executions')).toBe(m.executions);
      expect(sum(points, 'serverCrashes')).toBe(m.serverCrashes.total);
      expect(sum(points, 'duplicates')).toBe(m.duplicates);
      expect(sum(points, 'unknownOutcomes')).toBe(m.unknownOutcomes);
      const lookups = sum(points, 'lookups');
      const near = (share: number, count: number): void => expect(share * lookups).toBeCloseTo(count, 6);
      near(m.conflictRate, sum(points, 'conflicts'));
      near(m.mismatchRate, sum(points, 'mismatches'));
      near(m.dedupHitRate, sum(points, 'dedupHits'));
      for (const p of points) expect(p.liveKeys).toBeLessThanOrEqual(m.keyStore.peakKeys);
    });
  });
});
