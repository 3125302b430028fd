// Small multiples of points and their 95% intervals, the picture of every `--compare`: one
// panel per metric, one band per row (a preset, a handler profile) shared by every panel so
// that a row reads across, its series (the key it ran with, yours or a profile) as
// coloured points, set a little apart when a band holds more than one. Inline data: the
// same points give the same bytes.
import type { TopLevelSpec } from 'vega-lite';
import { metricUnit, metricValue } from '../model/metrics.js';
import type { RunResult } from '../model/result.js';
import { significant } from './chart.js';
import { metricScale } from './sweep/axes.js';

/** One colour of the legend. */
export interface Series {
  label: string;
  color: string;
}

export interface DotLayout {
  /** The data fields of the band and of the series: the words a reader of the spec sees. */
  rowField: string;
  seriesField: string;
  /** The bands, top to bottom. */
  rows: readonly string[];
  /** The legend, in order, with each series' colour. */
  series: readonly Series[];
  /** Several points to a band (set apart by yOffset), or one. */
  offset: boolean;
  panelWidth: number;
  /** Height of one band, in pixels. */
  rowHeight: number;
  /** Panels a line: the first of each carries the band labels. */
  columns: number;
  /** The longest band label drawn whole, in pixels (vega-lite's default: 180). */
  labelLimit?: number;
  /**
   * Whether the x axis rounds its ends to a tick (vega-lite's default). With the padding
   * that keeps a point at zero off the frame, a rounded end can be a tick below zero.
   */
  nice?: boolean;
}

export interface DotMetric {
  metric: string;
  title: string;
  /** The x axis title from the unit's suffix ("per 1,000 actions", "MB"); the suffix itself without it. */
  axisTitle?: (suffix: string) => string;
  /** Whether the x axis starts at zero (default true). */
  zero?: boolean;
}

/** One run: its band, its series' label and its result. */
export interface DotPoint {
  row: string;
  series: string;
  result: RunResult;
}

export type Panel = Extract<TopLevelSpec, { hconcat: unknown }>['hconcat'][number];

/** Every metric's data values (each in the unit its panel's axis names) and its panel, in order. */
export function dotPanels(
  metrics: readonly DotMetric[],
  points: readonly DotPoint[],
  layout: DotLayout,
): { values: Record<string, string | number>[]; panels: Panel[] } {
  const values: Record<string, string | number>[] = [];
  const panels = metrics.map((m, i) => {
    const raw = points.map((point) => metricValue(point.result.metrics, m.metric));
    const scale = metricScale(metricUnit(m.metric), raw);
    const put = (x: number): number => significant(x / scale.factor, 6);
    for (const point of points) {
      const value = metricValue(point.result.metrics, m.metric);
      const interval = point.result.intervals[m.metric];
      // An open or missing end draws no bar on that side.
      const end = (x: number | undefined): number => (x !== undefined && Number.isFinite(x) ? x : value);
      if (!Number.isFinite(value)) continue;
      values.push({
        metric: m.metric,
        [layout.rowField]: point.row,
        [layout.seriesField]: point.series,
        value: put(value),
        low: put(end(interval?.low)),
        high: put(end(interval?.high)),
      });
    }
    const xTitle = m.axisTitle === undefined ? scale.suffix : m.axisTitle(scale.suffix);
    return panel(m, xTitle, layout, i % layout.columns === 0);
  });
  return { values, panels };
}

function panel(m: DotMetric, xTitle: string, layout: DotLayout, labelled: boolean): Panel {
  const y = {
    field: layout.rowField,
    type: 'nominal' as const,
    sort: [...layout.rows],
    title: null,
    axis: labelled
      ? {
          labelFontSize: 12,
          ticks: false,
          domain: false,
          labelPadding: 6,
          ...(layout.labelLimit === undefined ? {} : { labelLimit: layout.labelLimit }),
        }
      : { labels: false, ticks: false, domain: false },
  };
  const labels = layout.series.map((s) => s.label);
  const yOffset = { field: layout.seriesField, type: 'nominal' as const, sort: labels };
  const color = {
    field: layout.seriesField,
    type: 'nominal' as const,
    title: null,
    scale: { domain: labels, range: layout.series.map((s) => s.color) },
    // The same legend in every panel: vega-lite merges them into one.
    legend: { orient: 'top' as const, direction: 'horizontal' as const, symbolType: 'circle' },
  };
  const band = layout.offset ? { y, yOffset, color } : { y, color };
  // Padding keeps a point at zero, or a bar at the domain's end, off the frame.
  const scale = { zero: m.zero ?? true, padding: 8, ...(layout.nice === undefined ? {} : { nice: layout.nice }) };
  const x = { field: 'value', type: 'quantitative' as const, title: xTitle, scale };
  return {
    title: { text: m.title, fontSize: 13, anchor: 'start' },
    width: layout.panelWidth,
    height: layout.rows.length * layout.rowHeight,
    transform: [{ filter: { field: 'metric', equal: m.metric } }],
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          ...band,
          x: { field: 'low', type: 'quantitative', title: xTitle, scale },
          x2: { field: 'high' },
        },
      },
      { mark: { type: 'point', filled: true, size: 50, opacity: 1 }, encoding: { ...band, x } },
    ],
  } as Panel;
}
