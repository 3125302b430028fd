// Which optional features a scenario turns on, read from the field table: a scenario that
// leaves them all off runs, and is reported, exactly as before they existed (no new field,
// metric or series in its output). Reports ask which metric groups a run carries; the core
// asks whether to keep a time series.
import { optionalFieldsOn } from './field-lookup.js';
import { type Carried, EVERY_GROUP } from './metric-types.js';
import { DEFAULT_SERIES_INTERVAL, type Scenario } from './scenario.js';

/** Conditions change over time (an arrival profile, incidents), or the scenario names a time-series interval. */
export function usesTimeSeries(s: Scenario): boolean {
  return s.arrivals.profile.length > 0 || s.incidents.length > 0 || s.report.interval !== 'none';
}

/** The interval of the scenario's time series (whether or not it has one). */
export function seriesInterval(s: Scenario): number {
  return s.report.interval === 'none' ? DEFAULT_SERIES_INTERVAL : s.report.interval;
}

/**
 * Some optional metric group is carried: a report then shows every optional field beside
 * it, and lists those at their default among the defaults.
 */
export function usesOptionalMetrics(s: Scenario): boolean {
  return optionalFieldsOn(s).some((field) => (field.carries ?? []).length > 0);
}

/** The optional metric groups a run of this scenario reports: those its optional fields that are on carry. */
export function carriedBy(s: Scenario): Carried {
  const on = new Set<string>(optionalFieldsOn(s).flatMap((field) => field.carries ?? []));
  return Object.fromEntries(Object.keys(EVERY_GROUP).map((group) => [group, on.has(group)])) as unknown as Carried;
}
