// MODEL.md part two, checked on seeded runs: what a crash leaves behind with and without a
// transaction, 409s until a stuck record expires, takeover duplicates of a short lease, the
// read before a repeat, an incident's 409 spike, and a profile that changes nothing.
import { describe, expect, it } from 'vitest';
import type { DetailedRunResult, Interval, TimeSeriesPoint, TracedAction } from '../../src/model/result.js';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { familyInterval, reported, scenarioWith, share95 } from './helpers.js';

const MINUTE = 60_000;

function traced(s: Scenario): TracedAction[] {
  const result = simulate(s, { trace: { mode: 'first', actions: s.actions } }) as DetailedRunResult;
  return result.detail.trace;
}

/** The intervals are disjoint, `low` entirely below `high`: a difference the data shows. */
function below(low: Interval, high: Interval): void {
  expect(low.high, `[${low.low}, ${low.high}] below [${high.low}, ${high.high}]`).toBeLessThan(high.low);
}

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

describe('C: the agent reads before it repeats', () => {
  const repeating = (check: number, quick = true): Scenario =>
    scenarioWith((s) => {
      s.seed = 'read';
      s.actions = 20_000;
      s.client.retries = 0;
      // A slow tail and quick re-plans: some reads end while the first execution still runs.
      s.service.latency = { median: 300, sigma: 1.5 };
      if (quick) s.agent.replan.delay = { min: 0, max: 2_000 };
      s.agent.crash.probability = 0.1;
      s.agent.checkFirst = { probability: check, latency: 200 };
    });

  it('every re-plan or replay duplicate left had its earlier execution still uncommitted when the read ended', () => {
    const trace = traced(repeating(1));
    let checked = 0;
    for (const action of trace) {
      const commits = action.attempts.filter((a) => a.commit !== null).map((a) => a.commit as number);
      const firstCommit = Math.min(...commits);
      for (const attempt of action.attempts) {
        if (!attempt.duplicate || attempt.origin === 'original') continue;
        const callStart = action.attempts.find((a) => a.call === attempt.call && a.attempt === 0) as { sent: number };
        const read = (action.checks ?? []).find((c) => c.end === callStart.sent);
        expect(read, `action ${action.action}: a read before call ${attempt.call}`).toBeDefined();
        expect(read?.found).toBe(false);
        expect(firstCommit).toBeGreaterThan((read as { end: number }).end);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('removes nearly all re-plan and replay duplicates with no key at all (re-plans after 2 s to 2 min)', () => {
    const without = simulate(repeating(0, false)).metrics;
    const withRead = simulate(repeating(1, false)).metrics;
    const repeats = (m: typeof without): number => m.duplicatesBySource.replan + m.duplicatesBySource.replay;
    expect(withRead.checks).toBeGreaterThan(300);
    expect(withRead.checksMisled).toBe(0);
    below(share95(repeats(withRead), withRead.actions), share95(repeats(without), without.actions));
    expect(repeats(withRead)).toBeLessThan(0.15 * repeats(without));
    // Transport retries are untouched by the read: the first call's duplicates stay the same.
    expect(withRead.duplicatesBySource.transport).toBe(without.duplicatesBySource.transport);
  });
});

describe('B: conditions that change over time', () => {
  const window = { at: 10 * MINUTE, for: 10 * MINUTE };
  const run = (incident: boolean) =>
    simulate(
      scenarioWith((s) => {
        s.seed = 'incident';
        s.actions = 90_000; // 30 minutes at 50/s
        s.keys.scope = 'intent';
        s.report.interval = 30_000;
        if (incident) s.incidents = [{ ...window, latencyFactor: 4 }];
      }),
    );
  const pooled = (points: TimeSeriesPoint[], from: number, to: number): Interval => {
    const inside = points.filter((p) => p.t >= from && p.t + 30_000 <= to);
    const conflicts = inside.reduce((n, p) => n + p.conflicts, 0);
    const lookups = inside.reduce((n, p) => n + p.lookups, 0);
    return share95(conflicts, lookups) as Interval;
  };

  it('an incident raises the 409 rate inside its window and not outside it', () => {
    const calm = run(false).timeSeries?.points ?? [];
    const stormy = run(true).timeSeries?.points ?? [];
    const end = window.at + window.for;
    // Before the window nothing differs: the same draws, the same events.
    const before = (p: TimeSeriesPoint): boolean => p.t + 30_000 <= window.at;
    expect(stormy.filter(before)).toEqual(calm.filter(before));
    below(pooled(calm, window.at, end), pooled(stormy, window.at, end));
    // Once retries and re-plans (up to 2 minutes later) have drained, the rate is back.
    const after = [end + 3 * MINUTE, 30 * MINUTE] as const;
    const back = pooled(stormy, ...after);
    const usual = pooled(calm, ...after);
    expect(back.low).toBeLessThan(usual.high);
    expect(usual.low).toBeLessThan(back.high);
  });

  it('a profile at the base rate everywhere gives exactly the constant-rate arrivals', () => {
    const plain = simulate(scenarioWith((s) => (s.report.interval = 30_000)));
    const flat = simulate(
      scenarioWith((s) => {
        s.report.interval = 30_000;
        s.arrivals.profile = [
          { until: 20_000, rate: 50 },
          { until: 40_000, rate: 50 },
        ];
      }),
    );
    expect(flat).toEqual(plain);
  });

  it('a profile shapes arrivals by its rates, and the key store peaks after the busy stretch', () => {
    const result = simulate(
      scenarioWith((s) => {
        s.actions = 70_000;
        s.keys.scope = 'intent';
        s.keys.retention = 5 * MINUTE;
        s.arrivals.profile = [
          { until: 5 * MINUTE, rate: 50 },
          { until: 10 * MINUTE, rate: 0 },
          { until: 15 * MINUTE, rate: 150 },
        ];
      }),
    );
    const points = result.timeSeries?.points ?? [];
    const perMinute = (from: number, to: number): number[] =>
      points.filter((p) => p.t >= from * MINUTE && p.t < to * MINUTE).map((p) => p.arrivals);
    expect(perMinute(5, 10)).toEqual([0, 0, 0, 0, 0]);
    // 150/s for a minute is 9,000 expected arrivals: a Poisson count within +-4.5 sd.
    for (const n of perMinute(10, 15)) expect(Math.abs(n - 9_000)).toBeLessThan(4.5 * Math.sqrt(9_000));
    for (const n of perMinute(0, 5)) expect(Math.abs(n - 3_000)).toBeLessThan(4.5 * Math.sqrt(3_000));
    const peakAt = result.metrics.keyStore.peakKeysAt;
    expect(peakAt).toBeGreaterThanOrEqual(14 * MINUTE);
    expect(peakAt).toBeLessThanOrEqual(16 * MINUTE);
  });
});

describe('B: the time series stays bounded', () => {
  it('a run that would pass 100,000 intervals doubles its interval instead, and still counts every event', () => {
    const s = scenarioWith((x) => {
      x.actions = 20_000;
      x.report.interval = 1; // 1 ms over about 400 s: 400,000 intervals asked for
      x.keys.scope = 'intent';
    });
    const { metrics: m, timeSeries } = simulate(s);
    const series = timeSeries as NonNullable<typeof timeSeries>;
    expect(series.points.length).toBeLessThanOrEqual(100_000);
    expect(series.interval).toBeGreaterThan(1);
    expect(Math.log2(series.interval) % 1).toBe(0);
    expect(series.points.reduce((n, p) => n + p.arrivals, 0)).toBe(m.actions);
    expect(series.points.reduce((n, p) => n + p.attempts, 0)).toBe(m.attempts);
    // Live keys at each end match a run asked for the coarser interval from the start.
    const direct = simulate({ ...s, report: { interval: series.interval } }).timeSeries;
    expect(direct).toEqual(series);
  });
});

describe('part two: what a skipped call and a stale timer leave behind', () => {
  it('a call a read made unnecessary takes no place in the action: sent calls are numbered 0, 1, 2 ...', () => {
    const trace = traced(
      scenarioWith((s) => {
        s.seed = 'skip';
        s.actions = 2_000;
        s.client.retries = 0;
        s.agent.crash.probability = 0.5;
        s.agent.checkFirst = { probability: 0.5, latency: 200 };
      }),
    );
    let skipped = 0;
    for (const action of trace) {
      const calls = [...new Set(action.attempts.map((a) => a.call))];
      expect(calls).toEqual(calls.map((_, i) => i));
      skipped += (action.checks ?? []).filter((c) => c.found).length;
    }
    expect(skipped).toBeGreaterThan(50);
  });

  it('the series ends with the last event that did something, not with a client timer that found its attempt over', () => {
    const { timeSeries } = simulate(
      scenarioWith((s) => {
        s.actions = 2;
        s.arrivals.rate = 1000;
        s.service.latency = { median: 300, sigma: 0 };
        s.service.concurrency = 1;
        s.network.replyLoss = 0;
        s.client.timeout = 10_000;
        s.report.interval = 1_000;
      }),
    );
    // Both commit within the first second; the queued one's 10 s timer pops later, idle.
    expect(timeSeries?.points.map((p) => p.executions)).toEqual([2]);
  });

  it('keeping a time series does not change the key-store picture', () => {
    const picture = (interval: number | 'none') =>
      (
        simulate(
          scenarioWith((s) => {
            s.actions = 2_000;
            s.arrivals.rate = 5;
            s.keys.scope = 'intent';
            s.keys.retention = 2_000;
            s.report.interval = interval;
          }),
          { trace: { mode: 'first', actions: 5 } },
        ) as DetailedRunResult
      ).detail.keyStore;
    expect(picture(1_777)).toEqual(picture('none'));
    expect(picture(1_000)).toEqual(picture('none'));
  });
});

describe('D: real clients’ jitter', () => {
  // Every attempt's request is lost, so a call is 4 timeouts and 3 backoffs, and its mean
  // latency is 4 T + the sum of the mean backoffs: the closed form of each jitter shape.
  const T = 200;
  const call = (jitter: Scenario['client']['backoff']['jitter'], floor: number) =>
    simulate(
      scenarioWith((s) => {
        s.seed = 'jitter';
        s.actions = 20_000;
        s.network.requestLoss = 1;
        s.agent.replan.probability = 0;
        s.client.timeout = T;
        s.client.backoff = { base: 500, multiplier: 2, max: 1_500, jitter, floor };
      }),
    );
  const caps = [500, 1_000, 1_500];
  /** E[max(f, d U(lo, hi))] in closed form. */
  const meanWait = (d: number, lo: number, hi: number, f: number): number => {
    const a = d * lo;
    const b = d * hi;
    if (f <= a) return (a + b) / 2;
    if (f >= b) return f;
    return (f * (f - a) + (b * b - f * f) / 2) / (b - a);
  };

  it('proportional jitter: the mean backoff is d (lo + hi) / 2, floored or not', () => {
    for (const [lo, hi, floor] of [
      [0.75, 1, 0],
      [0.5, 1, 400],
    ] as const) {
      const result = call({ proportional: [lo, hi] }, floor);
      const expected = 4 * T + caps.reduce((sum, d) => sum + meanWait(d, lo, hi, floor), 0);
      // Two checks in this test: each at the family-wise level (helpers.ts, familyInterval).
      const ci = familyInterval(result, 'latency.call.mean', 2);
      expect(expected).toBeGreaterThanOrEqual(ci.low);
      expect(expected).toBeLessThanOrEqual(ci.high);
    }
  });
});
