// The charts of a sweep, each a pure function from the sweep to a Vega-Lite spec with
// inline data (the same sweep always gives byte-identical specs). One dimension: a line
// chart per metric, the varied value across, the metric up, its 95% interval shaded and
// each point marked. Two dimensions: a heatmap per metric, the first dimension across, the
// second up, the colour the value, written in each cell when the cells are big enough.
// More than two dimensions: no charts (the report says so).
import type { TopLevelSpec } from 'vega-lite';
import { metricInfo, metricValue, type Unit } from '../../model/metrics.js';
import type { Sweep, Vary } from '../../model/sweep.js';
import { formatCount, formatMetric } from '../../model/format.js';
import type { Chart } from './chart.js';
import { INK, frame } from './common.js';

/** Most dimensions a sweep may have and still be drawn. */
export const MAX_CHART_DIMENSIONS = 2;

const LINE_COLOR = '#1f5fbf';
const WIDTH = 560;
const HEIGHT = 300;

/** A display unit: divide the stored value by `factor`, name it `suffix` in axis titles. */
interface Scale {
  factor: number;
  suffix: string;
}

/** Six significant digits: enough for any axis, short and stable in the JSON. */
const sig = (x: number): number => {
  const r = Number(x.toPrecision(6));
  return r === 0 ? 0 : r;
};

function durationScale(max: number): Scale {
  if (max >= 7_200_000) return { factor: 3_600_000, suffix: 'h' };
  if (max >= 120_000) return { factor: 60_000, suffix: 'min' };
  if (max >= 2000) return { factor: 1000, suffix: 's' };
  return { factor: 1, suffix: 'ms' };
}

function sizeScale(max: number): Scale {
  if (max >= 1e9) return { factor: 1e9, suffix: 'GB' };
  if (max >= 1e6) return { factor: 1e6, suffix: 'MB' };
  if (max >= 1e3) return { factor: 1e3, suffix: 'KB' };
  return { factor: 1, suffix: 'bytes' };
}

const maxAbs = (values: readonly number[]): number =>
  values.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, Math.abs(v)) : m), 0);

/** How a metric is drawn: its display unit from the largest value of the sweep. */
function metricScale(unit: Unit, values: readonly number[]): Scale {
  switch (unit) {
    case 'ms':
      return durationScale(maxAbs(values));
    case 'bytes':
      return sizeScale(maxAbs(values));
    case 'ratio':
      return { factor: 0.01, suffix: '%' };
    case 'perThousand':
      return { factor: 1, suffix: 'per 1,000 actions' };
    case 'perAction':
      return { factor: 1, suffix: 'per action' };
    case 'keys':
      return { factor: 1, suffix: 'keys' };
    case 'count':
      return { factor: 1, suffix: 'count' };
  }
}

/** The varied value's axis: numeric (a unit chosen for the range) or the words in order. */
interface Dimension {
  path: string;
  title: string;
  numeric: boolean;
  /** Each value on the axis: a number in the display unit, or the label. */
  at: (number | string)[];
  labels: string[];
}

function dimension(vary: Vary): Dimension {
  const numbers = vary.values.every((v) => typeof v === 'number') ? (vary.values as number[]) : undefined;
  if (numbers === undefined) {
    return { path: vary.path, title: vary.path, numeric: false, at: [...vary.labels], labels: vary.labels };
  }
  const unit = vary.kind;
  const scale =
    unit === 'duration'
      ? durationScale(maxAbs(numbers))
      : unit === 'size'
        ? sizeScale(maxAbs(numbers))
        : unit === 'probability'
          ? { factor: 0.01, suffix: '%' }
          : undefined;
  return {
    path: vary.path,
    title: scale === undefined ? vary.path : `${vary.path} (${scale.suffix})`,
    numeric: true,
    at: numbers.map((v) => sig(v / (scale?.factor ?? 1))),
    labels: vary.labels,
  };
}

interface MetricColumn {
  metric: string;
  unit: Unit;
  scale: Scale;
  title: string;
  /** Per point, in sweep order: the value and interval in the display unit (null where not finite). */
  values: (number | null)[];
  low: (number | null)[];
  high: (number | null)[];
  /** Per point: the value as the table writes it. */
  text: string[];
}

function column(sweep: Sweep, metric: string): MetricColumn {
  const info = metricInfo(metric);
  if (info === undefined) throw new RangeError(`sweep charts: unknown metric ${metric}`);
  const raw = sweep.points.map((p) => metricValue(p.result.metrics, metric));
  const scale = metricScale(info.unit, raw);
  const ref = maxAbs(raw);
  const shown = (x: number | undefined): number | null =>
    x === undefined || !Number.isFinite(x) ? null : sig(x / scale.factor);
  return {
    metric,
    unit: info.unit,
    scale,
    title: `${metric} (${scale.suffix})`,
    values: raw.map((x) => shown(x)),
    low: sweep.points.map((p) => shown(p.result.intervals[metric]?.low)),
    high: sweep.points.map((p) => shown(p.result.intervals[metric]?.high)),
    text: raw.map((x) => formatMetric(x, info.unit, ref)),
  };
}

/** A metric name as a file stem: `latency.call.p95` -> `latency-call-p95`. */
function stem(metric: string): string {
  return metric
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function facts(sweep: Sweep): string {
  const first = sweep.points[0]?.scenario;
  if (first === undefined) return '';
  return `${formatCount(first.actions)} actions a point, seed ${String(first.seed)} each`;
}

function lineChart(sweep: Sweep, vary: Vary, metric: string): Chart {
  const dim = dimension(vary);
  const col = column(sweep, metric);
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
        scale: { domain: [Math.min(...xNumbers), Math.max(...xNumbers)], nice: false, zero: false },
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

/** Cell sizes that keep the heatmap near WIDTH x HEIGHT; text only where it fits. */
function cells(nx: number, ny: number): { w: number; h: number; text: boolean } {
  const w = Math.max(12, Math.min(64, Math.floor(WIDTH / nx)));
  const h = Math.max(10, Math.min(36, Math.floor(HEIGHT / ny)));
  return { w, h, text: w >= 44 && h >= 16 };
}

function heatmap(sweep: Sweep, across: Vary, up: Vary, metric: string): Chart {
  const col = column(sweep, metric);
  const size = cells(across.values.length, up.values.length);
  const finite = col.values.filter((x): x is number => x !== null);
  const lowest = finite.length === 0 ? 0 : Math.min(...finite);
  const highest = finite.length === 0 ? 1 : Math.max(...finite);
  const middle = (lowest + highest) / 2;
  const values = sweep.points.map((p, i) => {
    const v = col.values[i] ?? null;
    return {
      x: across.labels[p.at[0] ?? 0] ?? '',
      y: up.labels[p.at[1] ?? 0] ?? '',
      value: v,
      text: col.text[i] ?? '',
      // Dark cells of the scheme take white text.
      dark: v !== null && highest > lowest && v > middle,
    };
  });
  const x = {
    field: 'x',
    type: 'ordinal' as const,
    title: dim2title(across),
    sort: across.labels,
    axis: { labelAngle: across.labels.length > 12 ? -45 : 0 },
  };
  // The first value at the bottom, as on a numeric axis.
  const y = { field: 'y', type: 'ordinal' as const, title: dim2title(up), sort: [...up.labels].reverse() };
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

/** An ordinal axis title: the path, with the unit its labels are written in when they share one. */
function dim2title(vary: Vary): string {
  const unit = vary.kind;
  return unit === 'probability' ? `${vary.path} (probability)` : vary.path;
}

/** Every chart of the sweep, one per metric in --metric order; none beyond two dimensions. */
export function sweepCharts(sweep: Sweep): Chart[] {
  const [first, second] = sweep.vary;
  if (sweep.points.length === 0 || first === undefined || sweep.vary.length > MAX_CHART_DIMENSIONS) return [];
  return sweep.metrics.map((metric) =>
    second === undefined ? lineChart(sweep, first, metric) : heatmap(sweep, first, second, metric),
  );
}
