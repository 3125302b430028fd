// Which of MODEL.md's part-two features a scenario uses. A scenario that uses none of them
// runs, and is reported, exactly as before they existed: no new field, metric or series in
// its output. Reports ask these questions; the core asks them to skip work that is off.
import type { Carried } from './metrics.js';
import { DEFAULT_SERIES_INTERVAL, defaultScenario, type Scenario } from './scenario.js';

const DEFAULTS = defaultScenario();

/** The service's workers can die mid-execution. */
export function usesServerCrashes(s: Scenario): boolean {
  return s.service.crash.probability > 0;
}

/** A lease, its renewal or a transactional effect is configured (they matter with crashes or slow owners). */
export function usesLeases(s: Scenario): boolean {
  return s.keys.lease !== 'none' || s.keys.leaseRenewal || s.keys.transactional;
}

/** Conditions change over time (an arrival profile, incidents), or the scenario names a time-series interval. */
export function usesTimeSeries(s: Scenario): boolean {
  return s.arrivals.profile.length > 0 || s.incidents.length > 0 || s.report.interval !== 'none';
}

/** The interval of the scenario's time series (whether or not it has one). */
export function seriesInterval(s: Scenario): number {
  return s.report.interval === 'none' ? DEFAULT_SERIES_INTERVAL : s.report.interval;
}

/** The agent reads before it repeats. */
export function usesCheckFirst(s: Scenario): boolean {
  return s.agent.checkFirst.probability > 0;
}

/** A real client's retry throttle, retry budget or hedging is on (part two, D). */
export function usesRetryLimits(s: Scenario): boolean {
  const c = s.client;
  return c.throttle !== 'none' || c.budget !== 'none' || c.hedge !== 'none';
}

/** Any part-two field that changes what a run counts differs from its default: outputs then carry the part-two metrics. */
export function usesPartTwo(s: Scenario): boolean {
  return (
    usesRetryLimits(s) ||
    usesServerCrashes(s) ||
    usesLeases(s) ||
    usesTimeSeries(s) ||
    usesCheckFirst(s) ||
    s.service.crash.afterEffect !== DEFAULTS.service.crash.afterEffect ||
    s.agent.checkFirst.latency !== DEFAULTS.agent.checkFirst.latency
  );
}

/** The optional metric groups a run of this scenario reports. */
export function carriedBy(s: Scenario): Carried {
  return { extended: usesPartTwo(s), clients: usesRetryLimits(s) };
}
