// A hand-built extended run for renderer tests, independent of the core: an intent-keyed
// service at 50 actions/s for an hour, one-minute intervals, a latency incident (x4) from
// minute 10 to 20 in which 409s and stored 200s spike, the worker crashing now and then.
import { defaultScenario, type Scenario } from '../../src/model/scenario.js';
import type { DetailedScenarioRun, TimeSeries, TimeSeriesPoint } from '../../src/model/result.js';
import { fixtureIntervals, fixtureMetrics } from './fixture.js';

const MINUTE = 60_000;

/** Deterministic noise in [-1, 1): a small linear congruential generator. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

/** 60 minutes of arrivals and a drained tail: the incident from minute 10 to 20. */
export function fixtureTimeSeries(minutes = 60): TimeSeries {
  const jitter = noise(7);
  const points: TimeSeriesPoint[] = [];
  let live = 0;
  for (let j = 0; j <= minutes; j++) {
    const open = j < minutes;
    const incident = j >= 10 && j < 20;
    const arrivals = open ? Math.round(3000 + 55 * jitter()) : 0;
    const retried = incident ? 0.42 : 0.04;
    const attempts = Math.round(arrivals * (1 + retried)) + (open ? 0 : 40);
    const base = open ? 1 : 0;
    const conflicts = incident ? Math.round(attempts * (0.18 + 0.02 * jitter())) : base * Math.round(6 + 3 * jitter());
    const dedupHits = incident
      ? Math.round(attempts * (0.2 + 0.02 * jitter()))
      : base * Math.round(110 + 10 * jitter());
    const executions = attempts - conflicts - dedupHits;
    const crashes = Math.max(0, Math.round(executions * 0.001 + jitter()));
    // Keys live 15 minutes: the store fills, holds, then drains after arrivals stop.
    live = open ? Math.min(45_000, live + arrivals) - (j >= 15 ? 3000 : 0) : Math.max(0, live - 30_000);
    points.push({
      t: j * MINUTE,
      arrivals,
      attempts,
      lookups: attempts,
      conflicts,
      mismatches: 0,
      dedupHits,
      executions,
      serverCrashes: crashes,
      duplicates: incident ? Math.max(0, Math.round(4 + 3 * jitter())) : j % 7 === 3 ? 1 : 0,
      unknownOutcomes: incident ? Math.round(25 + 8 * jitter()) : Math.max(0, Math.round(2 * jitter())),
      liveKeys: Math.max(0, live),
      conflictRate: attempts > 0 ? conflicts / attempts : 0,
      mismatchRate: 0,
      dedupHitRate: attempts > 0 ? dedupHits / attempts : 0,
    });
  }
  return { interval: MINUTE, points };
}

/** The scenario: intent keys, a crashing worker, one latency incident and a 1 min series. */
export function extendedScenario(name = 'incident-latency'): Scenario {
  const scenario = defaultScenario();
  scenario.name = name;
  scenario.actions = 180_000;
  scenario.arrivals.rate = 50;
  scenario.keys.scope = 'intent';
  scenario.service.crash = { probability: 0.001, afterEffect: 0.5 };
  scenario.incidents = [{ at: 10 * MINUTE, for: 10 * MINUTE, latencyFactor: 4 }];
  scenario.report.interval = MINUTE;
  return scenario;
}

/** A detailed extended run: extended metrics filled in, the time series and a little detail. */
export function extendedRun(name?: string): DetailedScenarioRun {
  const scenario = extendedScenario(name);
  const timeSeries = fixtureTimeSeries();
  const metrics = fixtureMetrics();
  metrics.actions = 180_000;
  metrics.serverCrashes = { total: 190, beforeEffect: 96, afterEffect: 94 };
  metrics.orphanedRecords = 181;
  metrics.leaseTakeovers = 0;
  metrics.leaseTakeoverDuplicates = 0;
  metrics.responses.timeout.serverCrash = 190;
  metrics.keyStore = {
    peakKeys: 45_133,
    peakKeysAt: 15 * MINUTE + 3_000,
    peakBytes: 9_026_600,
    steadyStateKeys: 45_000,
    steadyStateBytes: 9_000_000,
  };
  const detail = {
    trace: [],
    keyStore: timeSeries.points.map((p) => ({ t: p.t + MINUTE, keys: p.liveKeys })),
    latency: {
      call: [
        { p: 0.5, ms: 312 },
        { p: 0.95, ms: 1234 },
      ],
      step: [
        { p: 0.5, ms: 318 },
        { p: 0.95, ms: 1290 },
      ],
    },
  };
  return { scenario, result: { metrics, intervals: fixtureIntervals(), timeSeries, detail } };
}
