// What the `--compare` renderers (presets, handlers) share: a metric of one point as a
// value and its 95% interval, written as `run` and `sweep` write them, and as the numbers
// of a tidy CSV row.
import { formatInterval, formatMetric } from '../format/format.js';
import { metricUnit, metricValue } from '../model/metrics.js';
import type { RunResult } from '../model/result.js';
import { csvNumber } from './text.js';

/** A value and its interval ("[low, high]", empty without one), as `run` and `sweep` write them. */
export function metricParts(result: RunResult, metric: string): { value: string; interval: string } {
  const unit = metricUnit(metric);
  const value = metricValue(result.metrics, metric);
  const interval = result.intervals[metric];
  return {
    value: formatMetric(value, unit),
    interval: interval === undefined ? '' : formatInterval(interval, unit, value),
  };
}

/** "21.3 [20.4, 22.2]", or the value alone where the run has no interval for it. */
export function metricText(result: RunResult, metric: string): string {
  const { value, interval } = metricParts(result, metric);
  return interval === '' ? value : `${value} ${interval}`;
}

/** The value, ci_low and ci_high columns of a CSV row (the ends empty without an interval). */
export function metricCsvNumbers(result: RunResult, metric: string): string[] {
  const interval = result.intervals[metric];
  return [csvNumber(metricValue(result.metrics, metric)), csvNumber(interval?.low), csvNumber(interval?.high)];
}
