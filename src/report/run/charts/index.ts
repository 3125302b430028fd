// The report's charts, in report order, each a pure function from the runs to a
// Vega-Lite spec with inline data: the same runs always give byte-identical specs.
import { duplicatesChart } from './duplicates.js';
import { keyStoreChart } from './key-store.js';
import { latencyChart } from './latency.js';
import { responsesChart } from './responses.js';
import { timelineChart } from './timeline.js';
import { hasTimeSeries, timeSeriesChart } from './time-series.js';
import type { Chart, ChartRun } from '../../chart.js';

export type { Chart, ChartRun } from '../../chart.js';

/**
 * Every chart for these runs, in report order: timeline, the time series (when a run has
 * one: the run as an operator's dashboard shows it), duplicates, responses, latency, key-store.
 */
export function charts(runs: readonly ChartRun[]): Chart[] {
  if (runs.length === 0) throw new RangeError('charts need at least one run');
  return [
    timelineChart(runs),
    ...(hasTimeSeries(runs) ? [timeSeriesChart(runs)] : []),
    duplicatesChart(runs),
    responsesChart(runs),
    latencyChart(runs),
    keyStoreChart(runs),
  ];
}
