// The operator's dashboard: the run interval by interval (MODEL.md, B), one column
// per scenario that has a time series, its panels stacked on one time axis: the load
// (arrivals, attempts sent, executions ended), what the key store answered (409s, stored
// 200s, 422s if any), what reached the world badly (duplicates, unknown outcomes, server
// crashes if any) and the live key records with the run's peak marked. Every incident
// window is shaded across the panels and labelled, above them, with what it changed.
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionDef } from 'vega-lite/types_unstable/channeldef.js';
import type { NonNormalizedSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { TimeSeries, TimeSeriesPoint } from '../../../model/result.js';
import { durationUnit, formatCount, proseDuration } from '../../../format/format.js';
import type { Chart, ChartRun } from '../../chart.js';
import { DUPLICATE_PINK, INK, OUTCOME, STORED_CYAN, frame, round, runLabels } from '../../chart.js';
import { clockTime } from '../../text.js';
import {
  incidentStrip,
  seriesPanel,
  stripLayout,
  type Frame,
  type PanelInput,
  type Series,
  type StripLayout,
} from './time-series-parts.js';
import { COLOR, SERVER_CRASH } from '../../palette.js';
import { maxOf } from '../../../stats/extent.js';

const LOAD: readonly Series[] = [
  // Dashed and on top: without retries or losses, executions run along arrivals.
  { key: 'arrivals', label: 'arrivals', color: COLOR.grey, dash: [5, 3] },
  { key: 'attempts', label: 'attempts', color: COLOR.blue },
  { key: 'executions', label: 'executions', color: OUTCOME.ok.color },
];

const ANSWERS: readonly Series[] = [
  { key: 'conflicts', label: '409s', color: OUTCOME.conflict.color },
  { key: 'dedupHits', label: 'stored 200s', color: STORED_CYAN },
  { key: 'mismatches', label: '422s', color: OUTCOME.mismatch.color, optional: true },
];

const HARM: readonly Series[] = [
  { key: 'duplicates', label: 'duplicates', color: DUPLICATE_PINK },
  // Red, not the timeline's amber: a light line would vanish on the incident's shading.
  { key: 'unknownOutcomes', label: 'unknown', color: COLOR.red },
  { key: 'serverCrashes', label: 'server crashes', color: SERVER_CRASH.color, optional: true },
];

const KEYS: readonly Series[] = [{ key: 'liveKeys', label: 'live keys', color: COLOR.blue }];

const PEAK_COLOR = INK;

const ZERO: TimeSeriesPoint = {
  t: 0,
  arrivals: 0,
  attempts: 0,
  lookups: 0,
  conflicts: 0,
  mismatches: 0,
  dedupHits: 0,
  executions: 0,
  serverCrashes: 0,
  duplicates: 0,
  unknownOutcomes: 0,
  liveKeys: 0,
  conflictRate: 0,
  mismatchRate: 0,
  dedupHitRate: 0,
};

type SeriesRun = ChartRun & { result: { timeSeries: TimeSeries } };

export const TIME_SERIES_DETAIL =
  'What to look for: inside a shaded window, attempts pulling away from arrivals are calls timing out and being retried; ' +
  '409s (a retry meeting its own execution still running) and stored 200s (a retry answered from the key store) rise with them, ' +
  'and the duplicates and unknown outcomes there are what the incident cost. After it, attempts should fall back to the ' +
  'arrival rate and 409s to their base level; the live keys show how long the store carries the extra records.';

/** Whether any run has a series to draw: the chart exists only then. */
export function hasTimeSeries(runs: readonly ChartRun[]): boolean {
  return runs.some((run) => run.result.timeSeries !== undefined);
}

/** The time axis of a run's column: from 0 to the end of its last interval, in the unit that reads shortest. */
function frameOf(run: SeriesRun, width: number): Frame {
  const { interval, points } = run.result.timeSeries;
  const last = points[points.length - 1];
  const endMs = last === undefined ? interval : last.t + interval;
  const unit = durationUnit([endMs / 5, endMs]);
  return { width, factor: unit.factor, end: round(endMs / unit.factor, 4), title: `simulated time (${unit.suffix})` };
}

interface Column {
  run: SeriesRun;
  index: number;
  /** The scenario's name over the column, when there are several. */
  label: string | null;
  axis: Frame;
  strip: StripLayout;
}

function column({ run, index, label, axis, strip }: Column, stripRows: number): NonNormalizedSpec {
  const { interval, points } = run.result.timeSeries;
  const windows = strip.windows;
  const per = `per ${proseDuration(interval)}`;
  const counts = (name: string, series: readonly Series[], bottom = false): PanelInput => ({
    name: `${name}_${index}`,
    note: per,
    series,
    points,
    at: (p) => p.t,
    windows,
    bottom,
    steps: true,
  });
  const keyStore = run.scenario.keys.scope !== 'none';
  const panels: NonNormalizedSpec[] = [
    seriesPanel(counts('load', LOAD), axis),
    keyStore
      ? seriesPanel(counts('answers', ANSWERS), axis)
      : notePanel(`answers_${index}`, 'no key store (scope none): no 409s, no stored 200s', axis),
    seriesPanel(counts('harm', HARM, !keyStore), axis),
  ];
  if (keyStore) panels.push(seriesPanel(keysPanel(run, index, windows, axis), axis));
  return {
    ...(label === null ? {} : { title: { text: label, fontSize: 13, anchor: 'start' } }),
    vconcat: stripRows === 0 ? panels : [incidentStrip(`incidents_${index}`, strip, stripRows, axis), ...panels],
    spacing: 10,
  };
}

/** Live keys sampled at each interval's end (from 0 at time 0), with the run's peak as a labelled dot. */
function keysPanel(run: SeriesRun, index: number, windows: PanelInput['windows'], axis: Frame): PanelInput {
  const { interval, points } = run.result.timeSeries;
  const { peakKeys, peakKeysAt } = run.result.metrics.keyStore;
  const peakX = round(peakKeysAt / axis.factor, 4);
  const right = peakX > axis.end * 0.6;
  const text = `peak ${formatCount(peakKeys)} keys at ${clockTime(peakKeysAt)}`;
  return {
    name: `keys_${index}`,
    note: "at each interval's end",
    series: KEYS,
    // The store starts empty: a sample of 0 at time 0.
    points: [{ ...ZERO, t: -interval }, ...points],
    at: (p) => p.t + interval,
    windows,
    bottom: true,
    steps: false,
    headroom: 1.3,
    extra: (x: PositionDef<Field>, y: PositionDef<Field>) =>
      peakKeys <= 0
        ? []
        : [
            {
              data: { values: [{ x: peakX, v: peakKeys, text }] },
              layer: [
                { mark: { type: 'point', filled: true, size: 40, color: PEAK_COLOR, opacity: 1 }, encoding: { x, y } },
                {
                  mark: {
                    type: 'text',
                    align: right ? 'right' : 'left',
                    baseline: 'bottom',
                    dx: right ? -6 : 6,
                    dy: -3,
                    fontSize: 11,
                    color: PEAK_COLOR,
                  },
                  encoding: { x, y, text: { field: 'text' } },
                },
              ],
            },
          ],
  };
}

function notePanel(name: string, text: string, axis: Frame): NonNormalizedSpec {
  return {
    name,
    width: axis.width,
    height: 24,
    view: { stroke: null },
    data: { values: [{ text }] },
    mark: { type: 'text', align: 'left', fontSize: 12, color: '#555555' },
    encoding: { text: { field: 'text', type: 'nominal' }, x: { value: 0 }, y: { value: 12 } },
  };
}

export function timeSeriesChart(runs: readonly ChartRun[]): Chart {
  const labels = runLabels(runs);
  const drawn = runs.flatMap((run, i) =>
    run.result.timeSeries === undefined ? [] : [{ run: run as SeriesRun, label: labels[i] ?? '' }],
  );
  const [only] = drawn;
  if (only === undefined) throw new RangeError('the time-series chart needs a run with a time series');
  const width = drawn.length === 1 ? 620 : 340;
  const layouts: Column[] = drawn.map((d, index) => {
    const axis = frameOf(d.run, width);
    const label = drawn.length === 1 ? null : d.label;
    return { run: d.run, index, label, axis, strip: stripLayout(d.run.scenario.incidents, axis) };
  });
  // Every column's strip as tall as the tallest, so that the panels stay level.
  const stripRows = Math.max(0, maxOf(layouts.map((l) => l.strip.rows)));
  const columns = layouts.map((l) => column(l, stripRows));
  const title = 'Over time: load, key-store answers, duplicates and live keys';
  const caption =
    drawn.length === 1 ? captionOf(only.run) : 'Each scenario interval by interval; shaded: incident windows.';
  const description =
    'Time series, one column per scenario with a series, panels stacked on one simulated-time axis: arrivals, attempts and executions per interval; 409s, stored 200s (and 422s) per interval; duplicates, unknown outcomes (and server crashes) per interval; live key records at each interval end with the peak marked. Incident windows are shaded across the panels and labelled above them with what they changed.';
  const [first] = columns;
  const body = columns.length === 1 && first !== undefined ? first : { hconcat: columns, spacing: 40 };
  const spec = { ...frame(title, caption, description), ...body } as TopLevelSpec;
  return { name: 'timeseries', title, caption, spec, detail: TIME_SERIES_DETAIL };
}

function captionOf(run: SeriesRun): string {
  const { interval, points } = run.result.timeSeries;
  const n = run.scenario.incidents.length;
  const shaded = n === 0 ? '' : `; shaded: ${n === 1 ? 'the incident' : `${n} incidents`}`;
  return `${formatCount(points.length)} intervals of ${proseDuration(interval)}${shaded}. Counts per interval, live keys at its end.`;
}
