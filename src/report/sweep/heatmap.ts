// Two dimensions: a heatmap per metric, the first dimension across, the second up, the
// colour the value, written in each cell when the cells are big enough: in the legend's
// unit, each axis's values in the unit its title names.
import type { TopLevelSpec } from 'vega-lite';
import { metricInfo } from '../../model/metrics.js';
import type { Sweep, Vary } from '../../model/sweep.js';
import { INK, frame, type Chart } from '../chart.js';
import { HEIGHT, WIDTH, column, dimension, facts, stem } from './axes.js';
import { maxOf, minOf } from '../../stats/extent.js';

/** Cell sizes that keep the heatmap near WIDTH x HEIGHT; text only where it fits. */
function cells(nx: number, ny: number): { w: number; h: number; text: boolean } {
  const w = Math.max(12, Math.min(64, Math.floor(WIDTH / nx)));
  const h = Math.max(10, Math.min(36, Math.floor(HEIGHT / ny)));
  return { w, h, text: w >= 44 && h >= 16 };
}

export function heatmap(sweep: Sweep, across: Vary, up: Vary, metric: string): Chart {
  const col = column(sweep, metric, 'cells');
  const [xDim, yDim] = [dimension(across), dimension(up)];
  const size = cells(across.values.length, up.values.length);
  const finite = col.values.filter((x): x is number => x !== null);
  const lowest = finite.length === 0 ? 0 : minOf(finite);
  const highest = finite.length === 0 ? 1 : maxOf(finite);
  const middle = (lowest + highest) / 2;
  const values = sweep.points.map((p, i) => {
    const v = col.values[i] ?? null;
    return {
      x: xDim.labels[p.at[0] ?? 0] ?? '',
      y: yDim.labels[p.at[1] ?? 0] ?? '',
      value: v,
      text: col.text[i] ?? '',
      // Dark cells of the scheme take white text.
      dark: v !== null && highest > lowest && v > middle,
    };
  });
  const x = {
    field: 'x',
    type: 'ordinal' as const,
    title: xDim.title,
    sort: xDim.labels,
    axis: { labelAngle: xDim.labels.length > 12 ? -45 : 0 },
  };
  // The first value at the bottom, as on a numeric axis.
  const y = { field: 'y', type: 'ordinal' as const, title: yDim.title, sort: [...yDim.labels].reverse() };
  const title = `${metric} by ${across.path} and ${up.path}`;
  const caption = `Colour: ${col.scale.suffix}; ${facts(sweep)}.`;
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      `Heatmap: ${metricInfo(metric)?.description ?? metric} (colour, ${col.scale.suffix}) for each combination of ${across.path} (x) and ${up.path} (y)${size.text ? ', each cell labelled with its value' : ''}.`,
    ),
    width: { step: size.w },
    height: { step: size.h },
    data: { values },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          x,
          y,
          color: {
            field: 'value',
            type: 'quantitative',
            title: col.scale.suffix,
            scale: { scheme: 'viridis', reverse: true, domain: [lowest, highest === lowest ? lowest + 1 : highest] },
            legend: { orient: 'right', gradientLength: Math.min(240, size.h * up.values.length) },
          },
        },
      },
      ...(size.text
        ? [
            {
              mark: { type: 'text' as const, fontSize: 10 },
              encoding: {
                x,
                y,
                text: { field: 'text', type: 'nominal' as const },
                color: {
                  condition: { test: 'datum.dark', value: 'white' },
                  value: INK,
                },
              },
            },
          ]
        : []),
    ],
  };
  return { name: `sweep-${stem(metric)}`, title, caption, spec };
}
