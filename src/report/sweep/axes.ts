// What a sweep's charts share: the display unit of each metric and of each varied value
// (chosen from the largest value the sweep holds), one column of values per metric with
// its interval, and the chart's file stem and facts line.
import { formatCount, formatMetric } from '../../model/format.js';
import { metricInfo, metricValue, type Unit } from '../../model/metrics.js';
import type { Sweep, Vary } from '../../model/sweep.js';
import { significant } from '../chart.js';

export const LINE_COLOR = '#1f5fbf';
export const WIDTH = 560;
export const HEIGHT = 300;

/** A display unit: divide the stored value by `factor`, name it `suffix` in axis titles. */
export interface Scale {
  factor: number;
  suffix: string;
}

/** Six significant digits: enough for any axis, short and stable in the JSON. */
const sig = (x: number): number => significant(x, 6);

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

export const maxAbs = (values: readonly number[]): number =>
  values.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, Math.abs(v)) : m), 0);

/** How a metric is drawn: its display unit from the largest value of the sweep. */
export function metricScale(unit: Unit, values: readonly number[]): Scale {
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
export interface Dimension {
  path: string;
  title: string;
  numeric: boolean;
  /** Each value on the axis: a number in the display unit, or the label. */
  at: (number | string)[];
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

export interface MetricColumn {
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

export function column(sweep: Sweep, metric: string): MetricColumn {
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
