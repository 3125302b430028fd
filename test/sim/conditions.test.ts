// MODEL.md B (conditions that change over time), checked on seeded runs: an incident's 409
// spike, a profile that changes nothing and one that shapes arrivals, a time series that
// stays bounded, and what a stale client timer leaves behind in the series.
import { describe, expect, it } from 'vitest';
import type { DetailedRunResult, Interval, TimeSeriesPoint } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { below, scenarioWith, share95 } from './helpers.js';

const MINUTE = 60_000;

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

describe('B: the series and the key-store picture count only what happened', () => {
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
