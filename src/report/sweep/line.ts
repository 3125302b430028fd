// One dimension: a line chart per metric, the varied value across, the metric up, its 95%
// interval shaded and each point marked.
import type { TopLevelSpec } from 'vega-lite';
import { metricInfo } from '../../model/metrics.js';
import type { Sweep, Vary } from '../../model/sweep.js';
import { frame, type Chart } from '../chart.js';
import { HEIGHT, LINE_COLOR, WIDTH, column, dimension, facts, stem } from './axes.js';
import { maxOf, minOf } from '../../stats/extent.js';

export function lineChart(sweep: Sweep, vary: Vary, metric: string): Chart {
  const dim = dimension(vary);
  const col = column(sweep, metric, 'axis');
  const values = sweep.points.map((p, i) => {
    const j = p.at[0] ?? 0;
    return {
      x: dim.at[j] ?? null,
      label: dim.labels[j] ?? '',
      value: col.values[i],
      low: col.low[i],
      high: col.high[i],
    };
  });
  const hasBand = col.low.some((x) => x !== null) && col.high.some((x) => x !== null);
  const finite = [...col.values, ...col.low, ...col.high].filter((x): x is number => x !== null);
  const xNumbers = dim.at.filter((x): x is number => typeof x === 'number');
  const x = dim.numeric
    ? {
        field: 'x',
        type: 'quantitative' as const,
        title: dim.title,
        scale: { domain: [minOf(xNumbers), maxOf(xNumbers)], nice: false, zero: false },
      }
    : { field: 'label', type: 'ordinal' as const, title: dim.title, sort: dim.labels, axis: { labelAngle: 0 } };
  // An explicit domain where nothing is finite, so that an empty line is not an infinite extent.
  const yScale = finite.length === 0 ? { domain: [0, 1] } : { zero: true };
  const y = { field: 'value', type: 'quantitative' as const, title: col.title, scale: yScale };
  const title = `${metric} against ${vary.path}`;
  // Short: vega sizes the picture by an estimate of the caption's width.
  const caption = hasBand ? `Shaded: 95% interval; ${facts(sweep)}.` : `${facts(sweep)}.`;
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      `Line chart: ${metricInfo(metric)?.description ?? metric} (y, ${col.scale.suffix}) against ${vary.path} (x), one point per sweep value${hasBand ? ', with a shaded band for the 95% confidence interval' : ''}.`,
    ),
    width: WIDTH,
    // Vega sizes a rotated axis title by an estimate (0.8 em a character); a plot shorter
    // than that estimate would get a blank band above it.
    height: Math.max(HEIGHT, Math.ceil(col.title.length * 12 * 0.8)),
    data: { values },
    layer: [
      ...(hasBand
        ? [
            {
              mark: { type: 'area' as const, color: LINE_COLOR, opacity: 0.18 },
              encoding: {
                x,
                y: { field: 'low', type: 'quantitative' as const, title: col.title, scale: yScale },
                y2: { field: 'high' },
              },
            },
          ]
        : []),
      { mark: { type: 'line', color: LINE_COLOR, strokeWidth: 2 }, encoding: { x, y } },
      { mark: { type: 'point', color: LINE_COLOR, filled: true, size: 36 }, encoding: { x, y } },
    ],
  };
  return { name: `sweep-${stem(metric)}`, title, caption, spec };
}
