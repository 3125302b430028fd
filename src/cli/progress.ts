// The progress line a person sees on stderr while a command works: a bar, the percent
// done, what is counted (actions of a run, points of a sweep or a search round, runs of
// the article) and an estimate of the time left, redrawn in place and cleared at the end.
// Only on a terminal (never in a pipe or a log file), never on stdout, never with
// --quiet, and only for work long enough to wonder about. The one place in idemsim that
// reads a wall clock.
import type { Command } from 'commander';
import { DEFAULT_MAX_MEMORY } from '../analytic/memory.js';
import { memoryGuard } from '../pool/memory-guard.js';
import type { SimulateOptions } from '../sim/simulate.js';
import { formatCount, formatDuration, type Precision } from '../format/format.js';
import type { CommandContext, Sink } from './context.js';

export interface Progress {
  /** simulate()'s onProgress for the scenario whose actions follow `before` of the total. */
  reporter(before: number): (done: number, total: number) => void;
  /** simulate()'s options for that scenario: its progress, and the memory guard of the context's ceiling. */
  options(before: number): Required<Pick<SimulateOptions, 'onProgress' | 'onLive'>>;
  /** Clears the line, if one was drawn. */
  finish(): void;
}

/** Work this long (ms of wall time) starts showing progress at its next report. */
export const SHOW_AFTER_MS = 1000;
/** Runs of this many actions show progress from the first report: they take seconds. */
export const LONG_RUN_ACTIONS = 300_000;
const BAR_WIDTH = 24;
/** Narrower for lines that also count points, so that the line fits 80 columns. */
const POINTS_BAR_WIDTH = 16;
/** Back to the start of the line and clear it: how the progress line redraws itself. */
export const CLEAR_LINE = '\r\u001b[K';
/** An estimate is rough: two significant digits ("12 s", "1.5 min"). */
const ETA: Precision = { digits: 2, trim: true };

type ProgressContext = Pick<CommandContext, 'err' | 'errIsTTY' | 'now' | 'errColumns' | 'memoryCeiling'>;

type Line = Omit<Progress, 'options'>;

const SILENT: Line = { reporter: () => () => undefined, finish: () => undefined };

const systemClock = (): number => performance.now();

/** The context's clock (a test's fake, else the process clock). */
export function clockOf(ctx: Pick<CommandContext, 'now'>): () => number {
  return ctx.now ?? systemClock;
}

/**
 * One line on stderr, redrawn only when it changes, and cut to the terminal's width (one
 * column spare): a line that wrapped would leave a copy of itself on every redraw.
 */
function liveLine(ctx: ProgressContext): { draw(line: string): void; clear(): void; drawn(): boolean } {
  const err: Sink = ctx.err;
  let shown = '';
  return {
    draw: (whole) => {
      const columns = ctx.errColumns?.();
      const line = columns !== undefined && columns > 1 ? [...whole].slice(0, columns - 1).join('') : whole;
      if (line === shown) return;
      err.write(`${CLEAR_LINE}${line}`);
      shown = line;
    },
    clear: () => {
      if (shown !== '') err.write(CLEAR_LINE);
      shown = '';
    },
    drawn: () => shown !== '',
  };
}

/** `total`: the actions of every scenario of the run together. */
export function startProgress(ctx: ProgressContext, total: number): Progress {
  const line = progressLineOf(ctx, total);
  const onLive = memoryGuard(ctx.memoryCeiling ?? DEFAULT_MAX_MEMORY);
  return { ...line, options: (before) => ({ onProgress: line.reporter(before), onLive }) };
}

function progressLineOf(ctx: ProgressContext, total: number): Line {
  if (ctx.errIsTTY !== true || total <= 0) return SILENT;
  const now = clockOf(ctx);
  const start = now();
  const line = liveLine(ctx);
  return {
    reporter: (before) => (done) => {
      const elapsed = now() - start;
      if (!line.drawn() && elapsed < SHOW_AFTER_MS && total < LONG_RUN_ACTIONS) return;
      line.draw(progressLine(Math.min(1, (before + done) / total), elapsed));
    },
    finish: () => line.clear(),
  };
}

/** "simulating [#########...............]  37%  about 12 s left" */
export function progressLine(fraction: number, elapsedMs: number): string {
  return `simulating ${bar(fraction, BAR_WIDTH)}  ${timeLeft(fraction, elapsedMs)}`.trimEnd();
}

/** Progress counted in points: a sweep's grid, a round of recommend's search, the article's runs. */
export interface PointProgress {
  /** `done` points have finished; `work` is the share of the whole work they were (default: done / total). */
  update(done: number, work?: number): void;
  /** Clears the line, if one was drawn. */
  finish(): void;
}

export interface PointsOptions {
  total: number;
  /** Before the bar (default "simulating"); recommend names its rounds. */
  label?: string;
  /** What a point is called (default "points"). */
  noun?: string;
  /**
   * When the command began, on the context's clock (default: now). The line shows once the
   * command, not this batch, has run SHOW_AFTER_MS: a search of many short rounds shows them all.
   */
  since?: number;
}

const SILENT_POINTS: PointProgress = { update: () => undefined, finish: () => undefined };

/** How often a line is redrawn while no point finishes (where the work leaves the event loop free). */
const REDRAW_MS = 1000;

export function startPoints(ctx: ProgressContext, options: PointsOptions): PointProgress {
  const { total } = options;
  if (ctx.errIsTTY !== true || total <= 0) return SILENT_POINTS;
  const now = clockOf(ctx);
  const start = now();
  const since = options.since ?? start;
  const line = liveLine(ctx);
  const text = { label: options.label ?? 'simulating', noun: options.noun ?? 'points' };
  // The last count, and when the pace so far said the work would end (NaN before any point).
  let last = { done: 0, fraction: 0, end: Number.NaN };
  const draw = (t: number): void => {
    if (!line.drawn() && t - since < SHOW_AFTER_MS) return;
    line.draw(pointsText(last.fraction, last.done, total, Math.max(0, last.end - t), text));
  };
  const update = (done: number, work = done / total): void => {
    const t = now();
    const fraction = Math.min(1, work);
    last = { done, fraction, end: t + paceLeft(fraction, t - start) };
    draw(t);
  };
  // Sweeps and searches simulate on worker threads: between points, the line still
  // appears after the first second and its estimate counts down.
  const timer = setInterval(() => draw(now()), REDRAW_MS);
  timer.unref();
  // Past the first second, a new batch shows at once: its first point may take a while.
  if (start - since >= SHOW_AFTER_MS) draw(start);
  return {
    update,
    finish: () => {
      clearInterval(timer);
      line.clear();
    },
  };
}

/**
 * A count with no total yet ("listing the article's runs: 12 so far"), for a step that
 * finds out how much there is to do; shown, like the others, after the first second.
 */
export function startCount(ctx: ProgressContext, label: string, since?: number): PointProgress {
  if (ctx.errIsTTY !== true) return SILENT_POINTS;
  const now = clockOf(ctx);
  const start = since ?? now();
  const line = liveLine(ctx);
  return {
    update: (done) => {
      if (!line.drawn() && now() - start < SHOW_AFTER_MS) return;
      line.draw(`${label}: ${formatCount(done)} so far`);
    },
    finish: () => line.clear(),
  };
}

/** "simulating [######..........]  37%  12 of 32 points  about 12 s left" */
export function pointsLine(
  fraction: number,
  done: number,
  total: number,
  elapsedMs: number,
  text: { label: string; noun: string } = { label: 'simulating', noun: 'points' },
): string {
  return pointsText(fraction, done, total, paceLeft(fraction, elapsedMs), text);
}

function pointsText(
  fraction: number,
  done: number,
  total: number,
  leftMs: number,
  text: { label: string; noun: string },
): string {
  const count = `${formatCount(done)} of ${formatCount(total)} ${text.noun}`;
  return `${text.label} ${bar(fraction, POINTS_BAR_WIDTH)}  ${count}  ${leftText(fraction, leftMs)}`.trimEnd();
}

/** "[######..........]  37%" */
function bar(fraction: number, width: number): string {
  const filled = Math.round(fraction * width);
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}`;
}

/** The time left at the pace so far; NaN before anything is done. */
function paceLeft(fraction: number, elapsedMs: number): number {
  return fraction > 0 ? (elapsedMs * (1 - fraction)) / fraction : Number.NaN;
}

/** "about 12 s left"; empty before anything is done, and once everything is. */
function leftText(fraction: number, leftMs: number): string {
  return Number.isFinite(leftMs) && fraction < 1 ? `about ${formatDuration(leftMs, ETA)} left` : '';
}

function timeLeft(fraction: number, elapsedMs: number): string {
  return leftText(fraction, paceLeft(fraction, elapsedMs));
}

export const QUIET_HELP =
  'print no progress line and no notes on stderr, only errors (default: progress on a terminal)';

/** Adds --quiet to a command that draws progress or writes notes on stderr. */
export function withQuiet(command: Command): Command {
  return command.option('--quiet', QUIET_HELP);
}

const NOWHERE: Sink = { write: () => true };

/**
 * The context a command works with under --quiet: stderr's notes and progress go nowhere
 * (the command's errors are still printed, on the context it was called with).
 */
export function quietly<T extends CommandContext>(ctx: T, quiet: boolean | undefined): T {
  return quiet === true ? { ...ctx, err: NOWHERE, errIsTTY: false } : ctx;
}
