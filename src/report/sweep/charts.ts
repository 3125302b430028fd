// The charts of a sweep, each a pure function from the sweep to a Vega-Lite spec with
// inline data (the same sweep always gives byte-identical specs): a line chart per metric
// for one dimension (line.ts), a heatmap per metric for two (heatmap.ts), none beyond two
// (the report says so).
import type { Sweep } from '../../model/sweep.js';
import type { Chart } from '../chart.js';
import { heatmap } from './heatmap.js';
import { lineChart } from './line.js';

/** Most dimensions a sweep may have and still be drawn. */
export const MAX_CHART_DIMENSIONS = 2;

/** Every chart of the sweep, one per metric in --metric order; none beyond two dimensions. */
export function sweepCharts(sweep: Sweep): Chart[] {
  const [first, second] = sweep.vary;
  if (sweep.points.length === 0 || first === undefined || sweep.vary.length > MAX_CHART_DIMENSIONS) return [];
  return sweep.metrics.map((metric) =>
    second === undefined ? lineChart(sweep, first, metric) : heatmap(sweep, first, second, metric),
  );
}
