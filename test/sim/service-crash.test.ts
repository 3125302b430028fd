// MODEL.md A (the service dies mid-execution), checked on seeded runs: what a crash leaves
// behind with and without a transaction, 409s until a stuck record expires, and the
// takeover duplicates of a lease shorter than the service time.
import { describe, expect, it } from 'vitest';
import type { DetailedRunResult } from '../../src/model/result.js';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { below, reported, scenarioWith, traced } from './helpers.js';

describe('A: the service crashes mid-execution', () => {
  const crashing = (transactional: boolean): Scenario =>
    scenarioWith((s) => {
      s.seed = 'crash';
      s.actions = 20_000;
      s.keys.scope = 'intent';
      s.service.crash = { probability: 0.03, afterEffect: 0.5 };
      s.keys.transactional = transactional;
    });

  it('in one transaction, crashes leave no duplicate, no orphaned record and no stuck action', () => {
    const tx = simulate(crashing(true));
    const loose = simulate(crashing(false));
    const m = tx.metrics;
    expect(m.serverCrashes.total).toBeGreaterThan(400);
    expect(m.serverCrashes.afterEffect).toBe(0);
    expect(m.duplicates).toBe(0);
    expect(m.orphanedRecords).toBe(0);
    // A claim after a rollback is the rollback's doing: retention forgot nothing in an hour.
    expect(m.retentionMisses).toBe(0);
    // Without the transaction the same crashes strand records: operations stuck behind 409s.
    expect(loose.metrics.orphanedRecords).toBeGreaterThan(100);
    below(reported(tx, 'lostPerThousand'), reported(loose, 'lostPerThousand'));
    below(reported(tx, 'conflictRate'), reported(loose, 'conflictRate'));
  });

  it('without one and without a lease, an after-effect crash is a duplicate exactly when the action repeats after the record expired, and gets 409s before', () => {
    const retention = 5_000;
    const trace = traced(
      scenarioWith((s) => {
        s.seed = 'stuck';
        s.actions = 3_000;
        s.network.replyLoss = 0;
        s.keys.scope = 'intent';
        s.keys.retention = retention;
        s.service.crash = { probability: 0.2, afterEffect: 1 };
        s.agent.replan = { probability: 1, max: 3, delay: { min: 500, max: 15_000 }, argsChange: 0 };
      }),
    );
    let conflicts = 0;
    let duplicates = 0;
    for (const action of trace) {
      const [first, ...later] = action.attempts;
      // The first attempt claims the key; after its crash the record stays running until it expires.
      if (first?.crash?.afterEffect !== true) continue;
      expect(first.outcome).toBe('serverCrash');
      const expiry = first.sent + retention;
      for (const attempt of later) {
        if (attempt.sent < expiry) {
          expect(attempt.outcome).toBe('conflict');
          expect(attempt.commit).toBeNull();
          conflicts++;
        } else {
          expect(attempt.commit).not.toBeNull();
          expect(attempt.duplicate).toBe(true);
          duplicates++;
          break;
        }
      }
    }
    expect(conflicts).toBeGreaterThan(100);
    expect(duplicates).toBeGreaterThan(20);
  });

  it('a lease shorter than the median service time takes over live owners: takeover duplicates on a healthy service', () => {
    const leased = (lease: number | 'none', leaseRenewal = false): DetailedRunResult =>
      simulate(
        scenarioWith((s) => {
          s.seed = 'lease';
          s.actions = 20_000;
          s.keys.scope = 'intent';
          s.keys.lease = lease;
          s.keys.leaseRenewal = leaseRenewal;
          s.service.latency = { median: 300, sigma: 0.6 };
        }),
        { trace: { mode: 'eventful', actions: 5 } },
      ) as DetailedRunResult;
    const short = leased(150);
    const m = short.metrics;
    expect(m.serverCrashes.total).toBe(0);
    // With an intent key and records outliving the run, takeovers are the only way to duplicate.
    expect(m.leaseTakeoverDuplicates).toBe(m.duplicates);
    expect(reported(short, 'duplicatesPerThousand').low).toBeGreaterThan(5);
    expect(short.detail.trace.some((a) => a.attempts.some((x) => x.takeover === true && x.duplicate))).toBe(true);
    // A lease longer than the slow tail, or one renewed by its live owner, takes nothing over.
    for (const safe of [leased(60_000), leased(150, true)]) {
      expect(safe.metrics.leaseTakeovers).toBe(0);
      expect(safe.metrics.duplicates).toBe(0);
      below(reported(safe, 'duplicatesPerThousand'), reported(short, 'duplicatesPerThousand'));
    }
  });
});
