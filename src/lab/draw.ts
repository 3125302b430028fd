/// <reference lib="dom" />
// The lab picture on a Canvas: the report's timeline (timeline.ts) drawn for thousands of
// rows. One row per action, one bar per attempt from send to end coloured by how it ended,
// white dots for executions, pink for duplicate executions, cyan rings for answers the key
// store gave without executing, and a mark where a re-plan or a replay started a new call.
// Only the rows in view are drawn, so a redraw costs the same for 400 rows or 40,000.
import type { TracedAction } from '../model/result.js';
import { DUPLICATE_PINK, INK, STORED_CYAN } from '../report/chart.js';
import { type AttemptRow, CALL, rowsOf } from '../report/run/charts/timeline-rows.js';
import { outcomeScale, tracesServerCrash, tracesServerError } from '../report/run/charts/timeline-marks.js';
import { SYMLOG_ABOVE, TICKS, axisEnd } from '../report/run/charts/time-axis.js';
import { PROSE, durationUnit, numberIn } from '../format/format.js';

/** The axis strip above the rows, px. */
export const AXIS = 26;
const LEFT = 8;
const RIGHT = 14;

/** How an attempt's bar is drawn: its fill, and for a timeout the dash of its second cue (empty: none). */
export interface BarLook {
  fill: string;
  dash: readonly number[];
}

export interface PictureData {
  /** Attempts of each traced action, in row order. */
  rows: AttemptRow[][];
  looks: Map<string, BarLook>;
  legend: ({ label: string } & BarLook)[];
  /** The kinds of new call (CALL's labels) the rows mark, for the legend. */
  calls: string[];
  /** The axis' end, s. */
  top: number;
}

export function pictureData(trace: readonly TracedAction[]): PictureData {
  const scale = outcomeScale(tracesServerCrash(trace), tracesServerError(trace));
  // The report's cue as data: vega's solid [1, 0] is no dash here.
  const looks = new Map(
    scale.domain.map((label, i) => {
      const dash = scale.dashes[i] ?? [];
      return [label, { fill: scale.range[i] as string, dash: dash.length === 2 && dash[1] === 0 ? [] : dash }];
    }),
  );
  const all = rowsOf(trace, false);
  const byAction = new Map<number, AttemptRow[]>();
  for (const row of all) {
    const list = byAction.get(row.action);
    if (list === undefined) byAction.set(row.action, [row]);
    else list.push(row);
  }
  const rows = trace.map((t) => byAction.get(t.action) ?? []);
  const end = all.reduce((m, r) => Math.max(m, r.end, r.firstCommit ?? 0, r.duplicateCommit ?? 0), 0);
  const top = axisEnd(end);
  const used = new Set(all.map((r) => r.outcome));
  const legend = scale.domain.filter((l) => used.has(l)).map((label) => ({ label, ...(looks.get(label) as BarLook) }));
  const marked = new Set(all.map((r) => r.newCall));
  const calls = Object.values(CALL).filter((kind) => marked.has(kind));
  return { rows, looks, legend, calls, top };
}

/** x of a time in seconds: a linear axis when it ends within SYMLOG_ABOVE s, else log(1 + t) across it, as the report's axis. */
export function xOf(seconds: number, top: number, width: number): number {
  const span = width - LEFT - RIGHT;
  const at = top <= SYMLOG_ABOVE ? seconds / top : Math.log1p(seconds) / Math.log1p(top);
  return LEFT + span * Math.min(1, Math.max(0, at));
}

export interface View {
  width: number;
  height: number;
  rowHeight: number;
  /** Pixels scrolled past the first row. */
  scrollTop: number;
  /** The row under the pointer or the keyboard's cursor, outlined. */
  selected: number | null;
  ratio: number;
}

export function drawPicture(canvas: HTMLCanvasElement, data: PictureData, view: View): void {
  const { width, height, rowHeight, scrollTop, ratio } = view;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const g = canvas.getContext('2d');
  if (g === null) return;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight));
  const last = Math.min(data.rows.length, Math.ceil((scrollTop + height - AXIS) / rowHeight) + 1);
  const x = (s: number): number => xOf(s, data.top, width);
  g.save();
  g.beginPath();
  g.rect(0, AXIS, width, height - AXIS);
  g.clip();
  gridLines(g, data.top, width, height);
  for (let i = first; i < last; i++) {
    const y = AXIS + i * rowHeight - scrollTop;
    drawRow(g, data.rows[i] as AttemptRow[], data.looks, x, y, rowHeight);
    if (view.selected === i) {
      g.strokeStyle = INK;
      g.lineWidth = 1;
      g.strokeRect(0.5, y + 0.5, width - 1, Math.max(rowHeight - 1, 2));
    }
  }
  g.restore();
  axis(g, data.top, width);
}

function drawRow(
  g: CanvasRenderingContext2D,
  row: readonly AttemptRow[],
  looks: Map<string, BarLook>,
  x: (s: number) => number,
  y: number,
  h: number,
): void {
  const bar = Math.max(1, h * 0.7);
  const mid = y + h / 2;
  for (const a of row) {
    const look = looks.get(a.outcome);
    // An instant answer (a 409, a stored 200) still shows: at least 2 px wide.
    drawBar(g, look, x(a.sent), mid, Math.max(2, x(a.end) - x(a.sent)), bar);
  }
  const r = Math.max(1.2, Math.min(4, h * 0.32));
  for (const a of row) {
    if (a.storedAt !== null) ring(g, x(a.storedAt), mid, r + 1.2);
    if (a.firstCommit !== null) dot(g, x(a.firstCommit), mid, r, '#ffffff');
    if (a.duplicateCommit !== null) dot(g, x(a.duplicateCommit), mid, r + 0.4, DUPLICATE_PINK);
    if (a.callAt !== null && a.newCall !== null) callMark(g, x(a.callAt), y, Math.max(3, h * 0.45), a.newCall);
  }
}

/**
 * An attempt's bar: its colour, and for a timeout its dash drawn in ink along the middle
 * (the report outlines its bars in the dash; rows a few pixels high have no room for an
 * outline), so the kinds of timeout differ by more than colour. The legend draws the same.
 */
export function drawBar(
  g: CanvasRenderingContext2D,
  look: BarLook | undefined,
  x: number,
  mid: number,
  width: number,
  height: number,
): void {
  g.fillStyle = look?.fill ?? '#999999';
  g.fillRect(x, mid - height / 2, width, height);
  if (look === undefined || look.dash.length === 0 || width < 3) return;
  g.save();
  g.beginPath();
  g.setLineDash(look.dash as number[]);
  g.lineWidth = Math.max(1, Math.min(2, height * 0.4));
  g.strokeStyle = INK;
  g.moveTo(x, mid);
  g.lineTo(x + width, mid);
  g.stroke();
  g.restore();
}

function dot(g: CanvasRenderingContext2D, x: number, y: number, r: number, fill: string): void {
  g.beginPath();
  g.arc(x, y, r, 0, 2 * Math.PI);
  g.fillStyle = fill;
  g.fill();
  g.lineWidth = r > 2 ? 1 : 0.6;
  g.strokeStyle = INK;
  g.stroke();
}

function ring(g: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  g.beginPath();
  g.arc(x, y, r, 0, 2 * Math.PI);
  g.lineWidth = r > 3 ? 2 : 1.2;
  g.strokeStyle = STORED_CYAN;
  g.stroke();
}

/** A re-plan's new call: a triangle pointing down at its first send; a replay's: a diamond. */
export function callMark(g: CanvasRenderingContext2D, x: number, top: number, size: number, kind: string): void {
  g.beginPath();
  if (kind === CALL.replay) {
    g.moveTo(x, top);
    g.lineTo(x + size / 2, top + size / 2);
    g.lineTo(x, top + size);
    g.lineTo(x - size / 2, top + size / 2);
  } else if (kind === CALL.layer) {
    g.moveTo(x - size / 2, top);
    g.lineTo(x + size / 2, top + size / 2);
    g.lineTo(x - size / 2, top + size);
  } else {
    g.moveTo(x - size / 2, top);
    g.lineTo(x + size / 2, top);
    g.lineTo(x, top + size * 0.8);
  }
  g.closePath();
  g.fillStyle = INK;
  g.fill();
}

function ticksOf(top: number, width: number): number[] {
  const step = top <= 2 ? 0.5 : 1;
  const candidates =
    top > SYMLOG_ABOVE
      ? TICKS.filter((t) => t <= top)
      : Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
  const kept: number[] = [];
  for (const t of candidates) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || xOf(t, top, width) - xOf(previous, top, width) >= 44) kept.push(t);
  }
  return kept;
}

function gridLines(g: CanvasRenderingContext2D, top: number, width: number, height: number): void {
  g.strokeStyle = '#eeeeee';
  g.lineWidth = 1;
  for (const t of ticksOf(top, width)) {
    const x = Math.round(xOf(t, top, width)) + 0.5;
    g.beginPath();
    g.moveTo(x, AXIS);
    g.lineTo(x, height);
    g.stroke();
  }
}

function axis(g: CanvasRenderingContext2D, top: number, width: number): void {
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, AXIS);
  g.strokeStyle = '#888888';
  g.beginPath();
  g.moveTo(LEFT, AXIS - 0.5);
  g.lineTo(width - RIGHT, AXIS - 0.5);
  g.stroke();
  const ticks = ticksOf(top, width);
  const unit = durationUnit(ticks.map((t) => 1000 * t));
  g.fillStyle = '#222222';
  g.font = '11px DejaVu Sans, Arial, sans-serif';
  g.textBaseline = 'alphabetic';
  ticks.forEach((t, i) => {
    const x = xOf(t, top, width);
    g.textAlign = i === 0 ? 'left' : i === ticks.length - 1 && x > width - RIGHT - 20 ? 'right' : 'center';
    g.fillText(
      i === ticks.length - 1 ? `${numberIn(1000 * t, unit, PROSE)} ${unit.suffix}` : numberIn(1000 * t, unit, PROSE),
      x,
      AXIS - 8,
    );
    g.beginPath();
    g.moveTo(Math.round(x) + 0.5, AXIS - 5);
    g.lineTo(Math.round(x) + 0.5, AXIS);
    g.stroke();
  });
}

/** The row at a point of the canvas (css px), or null above or below the rows. */
export function rowAt(y: number, view: View, rows: number): number | null {
  if (y < AXIS) return null;
  const i = Math.floor((y - AXIS + view.scrollTop) / view.rowHeight);
  return i >= 0 && i < rows ? i : null;
}
