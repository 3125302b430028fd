// What a sweep's charts share: the display unit of each metric and of each varied value
// (one unit for all the values the sweep holds, chosen by format.ts), one column of values
// per metric with its interval and its text in that same unit, and the chart's file stem
// and facts line.
import {
  formatCount,
  formatIn,
  formatMetric,
  numberIn,
  durationUnit,
  sizeUnit,
  type DisplayUnit,
} from '../../format/format.js';
import { metricInfo, metricValue } from '../../model/metrics.js';
import { type Unit } from '../../model/metric-types.js';
import type { Sweep, Vary } from '../../model/sweep.js';
import { significant } from '../chart.js';
import { COLOR } from '../palette.js';

export const LINE_COLOR = COLOR.blue;
export const WIDTH = 560;
export const HEIGHT = 300;

/** A display unit: divide the stored value by `factor`, name it `suffix` in axis titles. */
export type Scale = DisplayUnit;

/** Six significant digits: enough for any axis, short and stable in the JSON. */
const sig = (x: number): number => significant(x, 6);

export const maxAbs = (values: readonly number[]): number =>
  values.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, Math.abs(v)) : m), 0);

/** How a metric is drawn: durations and sizes in the one unit all the sweep's values read best in. */
export function metricScale(unit: Unit, values: readonly number[]): Scale {
  switch (unit) {
    case 'ms':
      return durationUnit(values);
    case 'bytes':
      return sizeUnit(values);
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
export interface Dimension {
  path: string;
  /** The path, with the unit every label is written in when the values have one. */
  title: string;
  numeric: boolean;
  /** Each value on the axis: a number in the display unit, or the label. */
  at: (number | string)[];
  /** Each value as an ordinal axis writes it: a number in the title's unit ("0.5"), or the value as given. */
  labels: string[];
}

export function dimension(vary: Vary): Dimension {
  const numbers = vary.values.every((v) => typeof v === 'number') ? (vary.values as number[]) : undefined;
  if (numbers === undefined) {
    return { path: vary.path, title: vary.path, numeric: false, at: [...vary.labels], labels: vary.labels };
  }
  const unit = vary.kind;
  const scale =
    unit === 'duration'
      ? durationUnit(numbers)
      : unit === 'size'
        ? sizeUnit(numbers)
        : unit === 'probability'
          ? { factor: 0.01, suffix: '%' }
          : undefined;
  return {
    path: vary.path,
    title: scale === undefined ? vary.path : `${vary.path} (${scale.suffix})`,
    numeric: true,
    at: numbers.map((v) => sig(v / (scale?.factor ?? 1))),
    // Six digits, so that two values of the sweep never share a label.
    labels: scale === undefined ? vary.labels : numbers.map((v) => numberIn(v, scale, { digits: 6, trim: true })),
  };
}

export interface MetricColumn {
  metric: string;
  unit: Unit;
  scale: Scale;
  title: string;
  /** Per point, in sweep order: the value and interval in the display unit (null where not finite). */
  values: (number | null)[];
  low: (number | null)[];
  high: (number | null)[];
  /** Per point: the value written in the column's unit, with two significant digits at least. */
  text: string[];
}

/**
 * What a chart writes of a metric: `cells`, each value (a heatmap), whose unit is chosen
 * from the values; `axis`, a value axis from 0 (a line chart), whose ticks run up to the
 * highest value or interval end, which chooses the unit.
 */
export type Written = 'cells' | 'axis';

export function column(sweep: Sweep, metric: string, written: Written): MetricColumn {
  const info = metricInfo(metric);
  if (info === undefined) throw new RangeError(`sweep charts: unknown metric ${metric}`);
  const raw = sweep.points.map((p) => metricValue(p.result.metrics, metric));
  const top = maxAbs([...raw, ...sweep.points.map((p) => p.result.intervals[metric]?.high ?? 0)]);
  const scale = metricScale(info.unit, written === 'cells' ? raw : [top / 5, top]);
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
    text: raw.map((x) =>
      info.unit === 'ms' || info.unit === 'bytes' ? formatIn(x, scale, { ref }) : formatMetric(x, info.unit, ref),
    ),
  };
}

/** A metric name as a file stem: `latency.call.p95` -> `latency-call-p95`. */
export function stem(metric: string): string {
  return metric
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function facts(sweep: Sweep): string {
  const first = sweep.points[0]?.scenario;
  if (first === undefined) return '';
  return `${formatCount(first.actions)} actions a point, seed ${String(first.seed)} each`;
}
