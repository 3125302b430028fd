// `expect:` bounds against a run: one row per bound, compared with the point estimate, or
// with --strict with the whole 95% interval (a bound holds only if the interval lies on
// its side). A metric without an interval (a count) is compared by its value either way.
import type { Scenario } from '../model/scenario.js';
import { METRIC_NAMES, metricInfo, metricValue, type Unit } from '../model/metrics.js';
import type { Interval, RunResult } from '../model/result.js';

export interface CheckRow {
  scenario: string;
  metric: string;
  unit: Unit;
  bound: 'min' | 'max';
  limit: number;
  value: number;
  interval: Interval | null;
  /** What was compared with the limit: the value, or the interval's far end (--strict). */
  compared: number;
  pass: boolean;
}

export function evaluate(scenario: Scenario, result: RunResult, strict: boolean): CheckRow[] {
  const rows: CheckRow[] = [];
  // Catalogue order, whatever order the file listed the metrics in.
  for (const metric of METRIC_NAMES) {
    const bounds = scenario.expect[metric];
    if (bounds === undefined) continue;
    const unit = (metricInfo(metric) as NonNullable<ReturnType<typeof metricInfo>>).unit;
    const value = metricValue(result.metrics, metric);
    const interval = result.intervals[metric] ?? null;
    const row = (bound: 'min' | 'max', limit: number): CheckRow => {
      const compared = strict && interval !== null ? (bound === 'min' ? interval.low : interval.high) : value;
      const pass = bound === 'min' ? compared >= limit : compared <= limit;
      return {
        scenario: scenario.name,
        metric,
        unit,
        bound,
        limit,
        value,
        interval,
        compared,
        pass,
      };
    };
    if (bounds.min !== undefined) rows.push(row('min', bounds.min));
    if (bounds.max !== undefined) rows.push(row('max', bounds.max));
  }
  return rows;
}
