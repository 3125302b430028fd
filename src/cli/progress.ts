// The progress line a person sees on stderr while a long run simulates: a bar, the percent
// done and an estimate of the time left, redrawn in place and cleared at the end. Only on
// a terminal (never in a pipe or a log file), never on stdout, and only for runs long
// enough to wonder about. The one place in idemsim that reads a wall clock.
import { formatDuration, type Precision } from '../model/format.js';
import type { CommandContext } from './context.js';

export interface Progress {
  /** simulate()'s onProgress for the scenario whose actions follow `before` of the total. */
  reporter(before: number): (done: number, total: number) => void;
  /** Clears the line, if one was drawn. */
  finish(): void;
}

/** Runs this long (ms of wall time) start showing progress at their next report. */
export const SHOW_AFTER_MS = 1000;
/** Runs of this many actions show progress from the first report: they take seconds. */
export const LONG_RUN_ACTIONS = 300_000;
const BAR_WIDTH = 24;
const CLEAR_LINE = '\r\u001b[K';
/** An estimate is rough: two significant digits ("12 s", "1.5 min"). */
const ETA: Precision = { digits: 2, trim: true };

const SILENT: Progress = { reporter: () => () => undefined, finish: () => undefined };

const systemClock = (): number => performance.now();

/** `total`: the actions of every scenario of the run together. */
export function startProgress(ctx: Pick<CommandContext, 'err' | 'errIsTTY' | 'now'>, total: number): Progress {
  if (ctx.errIsTTY !== true || total <= 0) return SILENT;
  const now = ctx.now ?? systemClock;
  const start = now();
  let shown = '';
  return {
    reporter: (before) => (done) => {
      const elapsed = now() - start;
      if (shown === '' && elapsed < SHOW_AFTER_MS && total < LONG_RUN_ACTIONS) return;
      const line = progressLine(Math.min(1, (before + done) / total), elapsed);
      if (line === shown) return;
      ctx.err.write(`${CLEAR_LINE}${line}`);
      shown = line;
    },
    finish: () => {
      if (shown !== '') ctx.err.write(CLEAR_LINE);
      shown = '';
    },
  };
}

/** "simulating [#########...............]  37%  about 12s left" */
export function progressLine(fraction: number, elapsedMs: number): string {
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}`;
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const left = fraction > 0 ? (elapsedMs * (1 - fraction)) / fraction : Number.NaN;
  return `simulating [${bar}] ${percent}  ${Number.isFinite(left) ? `about ${formatDuration(left, ETA)} left` : ''}`.trimEnd();
}
