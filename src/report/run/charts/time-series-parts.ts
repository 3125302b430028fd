// The pieces of the time-series dashboard (time-series.ts): the shared time axis, a panel
// of step lines headed by its series' names in their colours (no legend to look up), the
// incident windows as shaded bands, and the strip above the panels that says what each
// incident changed. Label positions are computed here in pixels (vega's own estimate of
// text width is too wide to lay out by), so that labels never run into each other.
import type { Field, PositionDef } from 'vega-lite/types_unstable/channeldef.js';
import type { LayerSpec, NonNormalizedSpec, UnitSpec } from 'vega-lite/types_unstable/spec/index.js';

type Layer = UnitSpec<Field> | LayerSpec<Field>;
import type { TimeSeriesPoint } from '../../../model/result.js';
import type { Incident } from '../../../model/scenario.js';
import { PROSE, formatPercent } from '../../../format/format.js';
import { labelWidth, round, significant } from '../../chart.js';
import { maxOf } from '../../../stats/extent.js';

export const PANEL_HEIGHT = 100;
const LABEL_SIZE = 11;
const HEADER_SIZE = 12;
/** Space between two names in a panel's header, px. */
const HEADER_GAP = 14;
const NOTE_COLOR = '#555555';
/** The incident windows' shading, under every panel's lines. */
export const INCIDENT_FILL = '#f6d7a7';
const INCIDENT_INK = '#8a4b08';
/** One row of incident labels in the strip, px. */
const STRIP_ROW = 15;

/** The time axis every panel of a column shares: x in `factor` ms, from 0 to `end`. */
export interface Frame {
  width: number;
  factor: number;
  end: number;
  title: string;
}

export interface Series {
  key: keyof TimeSeriesPoint;
  label: string;
  color: string;
  /** Drawn only when it is not zero throughout. */
  optional?: boolean;
  /** Dashed, for a line that runs along another (arrivals under executions). */
  dash?: readonly number[];
}

/** The x encoding of every layer of a panel; only the bottom panel shows its labels. */
function xOf(frame: Frame, bottom: boolean): PositionDef<Field> {
  const scale = { domain: [0, frame.end], nice: false, zero: true };
  return bottom
    ? { field: 'x', type: 'quantitative', title: frame.title, scale, axis: { grid: true, tickCount: 8 } }
    : {
        field: 'x',
        type: 'quantitative',
        scale,
        axis: { grid: true, labels: false, ticks: false, title: null, tickCount: 8 },
      };
}

/** A round top for a counts axis and its step: ticks at 0, step, ..., top (2 to 5 of them). */
export function countScale(max: number): { top: number; step: number } {
  const raw = Math.max(1, max) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude);
  return { top: step * Math.max(2, Math.ceil(max / step)), step };
}

/** The shaded incident windows, clipped to the axis, under everything else of a panel; one rect each. */
export function shading(windows: readonly { x: number; x2: number }[], x: PositionDef<Field>): Layer[] {
  if (windows.length === 0) return [];
  return [
    {
      data: { values: windows.map((w) => ({ x: w.x, x2: w.x2 })) },
      mark: { type: 'rect', color: INCIDENT_FILL, opacity: 0.55 },
      encoding: { x, x2: { field: 'x2' } },
    },
  ];
}

/** An incident's window in the axis's unit, clipped to [0, end]; null when it lies beyond the end. */
export function windowOf(incident: Incident, frame: Frame): { x: number; x2: number } | null {
  const x = Math.max(0, incident.at / frame.factor);
  const x2 = Math.min(frame.end, (incident.at + incident.for) / frame.factor);
  return x < x2 ? { x: round(x, 4), x2: round(x2, 4) } : null;
}

/** What an incident changed, in a few words: "incident: latency ×4, errors 20%". */
export function incidentText(incident: Incident): string {
  const parts: string[] = [];
  const percent = (p: number): string => formatPercent(p, PROSE);
  if (incident.latencyFactor !== undefined) parts.push(`latency ×${significant(incident.latencyFactor, 3)}`);
  if (incident.errorRate !== undefined) parts.push(`errors ${percent(incident.errorRate)}`);
  if (incident.requestLoss !== undefined) parts.push(`request loss ${percent(incident.requestLoss)}`);
  if (incident.replyLoss !== undefined) parts.push(`reply loss ${percent(incident.replyLoss)}`);
  return `incident: ${parts.length === 0 ? 'no change' : parts.join(', ')}`;
}

/** Incident labels laid out in rows: each from its window's start, moved left where it would run past the end. */
export interface StripLayout {
  windows: { x: number; x2: number }[];
  labels: { text: string; px: number; row: number }[];
  rows: number;
}

/** A label that would run into an earlier one goes to the next row. */
export function stripLayout(incidents: readonly Incident[], frame: Frame): StripLayout {
  const layout: StripLayout = { windows: [], labels: [], rows: 0 };
  const rowsEnd: number[] = [];
  for (const incident of incidents) {
    const window = windowOf(incident, frame);
    if (window === null) continue;
    layout.windows.push(window);
    const text = incidentText(incident);
    const width = labelWidth(text, LABEL_SIZE) + 8;
    const px = Math.max(0, Math.min((window.x / frame.end) * frame.width, frame.width - width));
    let row = rowsEnd.findIndex((end) => end <= px);
    if (row === -1) row = rowsEnd.push(0) - 1;
    rowsEnd[row] = px + width;
    layout.labels.push({ text, px: round(px + 3, 1), row });
  }
  layout.rows = rowsEnd.length;
  return layout;
}

/**
 * The strip above the panels: each incident's band and what it changed. `rows` keeps the
 * columns of several scenarios level (a column with fewer labels gets blank rows).
 */
export function incidentStrip(name: string, layout: StripLayout, rows: number, frame: Frame): NonNormalizedSpec {
  const x = { ...xOf(frame, false), axis: null };
  return {
    name,
    width: frame.width,
    height: rows * STRIP_ROW + 2,
    view: { stroke: null },
    layer: [
      {
        data: { values: layout.windows.map((w) => ({ x: w.x, x2: w.x2 })) },
        mark: { type: 'rect', color: INCIDENT_FILL, opacity: 0.55 },
        encoding: { x, x2: { field: 'x2' } },
      },
      {
        data: { values: layout.labels.map((l) => ({ text: l.text, px: l.px, py: l.row * STRIP_ROW + 2 })) },
        mark: { type: 'text', align: 'left', baseline: 'top', fontSize: LABEL_SIZE, color: INCIDENT_INK },
        encoding: {
          x: { field: 'px', type: 'quantitative', scale: null },
          y: { field: 'py', type: 'quantitative', scale: null },
          text: { field: 'text' },
        },
      },
    ],
  };
}

export interface PanelInput {
  /** Vega's name for the panel (unique in the chart), so tests and readers of the spec can find it. */
  name: string;
  /** After the series' names, in grey: what the values are ("per 1 min"). */
  note: string;
  series: readonly Series[];
  points: readonly TimeSeriesPoint[];
  /** Where each point is drawn from: the interval's start for counts per interval. */
  at: (point: TimeSeriesPoint) => number;
  windows: readonly { x: number; x2: number }[];
  bottom: boolean;
  /** Extra layers on the same scales (a marked peak). */
  extra?: (x: PositionDef<Field>, y: PositionDef<Field>) => Layer[];
  /** Room above the highest value, as a factor of it. */
  headroom?: number;
  /** Draw each value as a step over its interval (counts), or join the samples (levels). */
  steps: boolean;
}

/**
 * The panel's header, where a title would be: each series' name in its colour, then the
 * note in grey, left to right above the plot. Bold names are wider than labelWidth's
 * estimate for regular text, hence the margin.
 */
function header(series: readonly Series[], note: string): Layer {
  let x = 0;
  const items = [
    ...series.map((s) => ({ text: s.label, color: s.color, bold: true })),
    { text: note, color: NOTE_COLOR, bold: false },
  ];
  const values = items.map((item) => {
    const at = round(x, 1);
    x += labelWidth(item.text, HEADER_SIZE) * (item.bold ? 1.12 : 1) + HEADER_GAP;
    return { ...item, px: at };
  });
  return {
    data: { values },
    mark: {
      type: 'text',
      align: 'left',
      baseline: 'bottom',
      fontSize: HEADER_SIZE,
      fontWeight: { expr: "datum.bold ? 'bold' : 'normal'" },
    },
    encoding: {
      x: { field: 'px', type: 'quantitative', scale: null },
      y: { value: -6 },
      text: { field: 'text' },
      color: { field: 'color', type: 'nominal', scale: null },
    },
  };
}

/** One panel: step lines (or a sampled line) per series, under a header that names them in their colours. */
export function seriesPanel(input: PanelInput, frame: Frame): NonNormalizedSpec {
  const { points } = input;
  const shown = input.series.filter((s) => s.optional !== true || points.some((p) => p[s.key] > 0));
  const max = Math.max(0, maxOf(points.flatMap((p) => shown.map((s) => p[s.key]))));
  const { top, step } = countScale(max * (input.headroom ?? 1.05));
  const last = points[points.length - 1];
  const x = xOf(frame, input.bottom);
  const y: PositionDef<Field> = {
    field: 'v',
    type: 'quantitative',
    title: null,
    scale: { domain: [0, top], nice: false },
    axis: { values: ticks(top, step), format: ',d', grid: true },
  };
  return {
    name: input.name,
    width: frame.width,
    height: PANEL_HEIGHT,
    layer: [
      ...shading(input.windows, x),
      // The first-named series on top: it is the one the panel is about.
      ...[...shown].reverse().map((s): Layer => {
        const values = points.map((p) => ({ x: round(input.at(p) / frame.factor, 4), v: p[s.key] }));
        // A step is drawn to the end of its interval: the last one ends at the axis's end.
        if (input.steps && last !== undefined) values.push({ x: frame.end, v: last[s.key] });
        return {
          data: { values },
          mark: {
            type: 'line',
            color: s.color,
            strokeWidth: 1.6,
            ...(s.dash === undefined ? {} : { strokeDash: [...s.dash] }),
            interpolate: input.steps ? 'step-after' : 'linear',
            clip: true,
          },
          encoding: { x, y },
        };
      }),
      ...(input.extra?.(x, y) ?? []),
      header(shown, input.note),
    ],
  };
}

function ticks(top: number, step: number): number[] {
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}
