// A run's time series (MODEL.md, B) as a report writes it: in `run --format json`
// and summary.json beside each run's metrics, and in a report folder as timeseries.csv
// (one row per scenario and interval) and timeseries.json. Present only for runs whose
// scenario asks for one (a profile, incidents or a `report.interval`); a folder without
// any has neither file.
import type { ScenarioRun, TimeSeries, TimeSeriesPoint } from '../../model/result.js';
import { csvField, csvNumber } from '../text.js';

/** A point's fields in the type's order, each with its CSV column (snake case, as `ci_low`). */
export const TIME_SERIES_COLUMNS: readonly { field: keyof TimeSeriesPoint; column: string }[] = [
  { field: 't', column: 't_ms' },
  { field: 'arrivals', column: 'arrivals' },
  { field: 'attempts', column: 'attempts' },
  { field: 'lookups', column: 'lookups' },
  { field: 'conflicts', column: 'conflicts' },
  { field: 'mismatches', column: 'mismatches' },
  { field: 'dedupHits', column: 'dedup_hits' },
  { field: 'executions', column: 'executions' },
  { field: 'serverCrashes', column: 'server_crashes' },
  { field: 'duplicates', column: 'duplicates' },
  { field: 'unknownOutcomes', column: 'unknown_outcomes' },
  { field: 'liveKeys', column: 'live_keys' },
  { field: 'conflictRate', column: 'conflict_rate' },
  { field: 'mismatchRate', column: 'mismatch_rate' },
  { field: 'dedupHitRate', column: 'dedup_hit_rate' },
];

export const TIME_SERIES_HEADER = ['scenario', 'interval_ms', ...TIME_SERIES_COLUMNS.map((c) => c.column)] as const;

export const TIME_SERIES_CSV = 'timeseries.csv';
export const TIME_SERIES_JSON = 'timeseries.json';

/** A copy with keys in the order of the type, so that serialised output never depends on who built it. */
export function canonicalTimeSeries(series: TimeSeries): TimeSeries {
  return {
    interval: series.interval,
    points: series.points.map((p) => {
      const point = {} as Record<keyof TimeSeriesPoint, number>;
      for (const { field } of TIME_SERIES_COLUMNS) point[field] = p[field];
      return point;
    }),
  };
}

/** The runs that have a time series, in run order. */
export function withTimeSeries<R extends ScenarioRun>(
  runs: readonly R[],
): (R & { result: { timeSeries: TimeSeries } })[] {
  return runs.filter((run): run is R & { result: { timeSeries: TimeSeries } } => run.result.timeSeries !== undefined);
}

/**
 * One row per scenario and interval: the scenario's name, the interval's length and start
 * (ms), then every counter and rate of the interval, at full precision, as summary.csv writes
 * numbers. Only runs that have a time series have rows.
 */
export function renderTimeSeriesCsv(runs: readonly ScenarioRun[]): string {
  const lines = [TIME_SERIES_HEADER.join(',')];
  for (const { scenario, result } of withTimeSeries(runs)) {
    const { interval, points } = result.timeSeries;
    for (const point of points) {
      const cells = TIME_SERIES_COLUMNS.map(({ field }) => csvNumber(point[field]));
      lines.push([csvField(scenario.name), csvNumber(interval), ...cells].join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** { idemsim, runs: [{ scenario: NAME, timeSeries: { interval, points } }] }, for the runs that have one. */
export function renderTimeSeriesJson(runs: readonly ScenarioRun[], version: string): string {
  const document = {
    idemsim: version,
    runs: withTimeSeries(runs).map((run) => ({
      scenario: run.scenario.name,
      timeSeries: canonicalTimeSeries(run.result.timeSeries),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
