// Which optional features a scenario turns on, read from the field table: a scenario that
// leaves them all off runs, and is reported, exactly as before they existed (no new field,
// metric or series in its output). Reports ask which metric groups a run carries; the core
// asks whether to keep a time series.
import { optionalFieldsOn } from './field-lookup.js';
import type { Carried, MetricGroup } from './metrics.js';
import { DEFAULT_SERIES_INTERVAL, type Scenario } from './scenario.js';

/** Conditions change over time (an arrival profile, incidents), or the scenario names a time-series interval. */
export function usesTimeSeries(s: Scenario): boolean {
  return s.arrivals.profile.length > 0 || s.incidents.length > 0 || s.report.interval !== 'none';
}

/** The interval of the scenario's time series (whether or not it has one). */
export function seriesInterval(s: Scenario): number {
  return s.report.interval === 'none' ? DEFAULT_SERIES_INTERVAL : s.report.interval;
}

/** Whether an optional field that brings the group's metrics differs from its default. */
function carries(s: Scenario, group: MetricGroup): boolean {
  return optionalFieldsOn(s).some((field) => field.carries?.includes(group) === true);
}

/**
 * Some optional metric group is carried: a report then shows every optional field beside
 * it, and lists those at their default among the defaults.
 */
export function usesOptionalMetrics(s: Scenario): boolean {
  return carries(s, 'partTwo') || carries(s, 'clients');
}

/** The optional metric groups a run of this scenario reports. */
export function carriedBy(s: Scenario): Carried {
  return { partTwo: carries(s, 'partTwo'), clients: carries(s, 'clients') };
}
