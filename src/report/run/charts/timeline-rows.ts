// The lab picture's rows: one per traced action, one data row per attempt, and the row
// geometry. A bar keeps its height (ROW (1 - 0.3) = 9.8 px) whatever else a row holds: a
// line of extended labels above it, or lanes of hedged attempts under it, each widening
// the row by what it needs, so a trace with neither draws the rows it always drew.
import type { TracedAction } from '../../../model/result.js';
import { formatCount } from '../../../format/format.js';
import type { ChartRun } from '../../chart.js';
import { seconds } from '../../chart.js';
import { outcomeLabel } from './timeline-marks.js';

const ROW = 14;
// With extended labels each row also holds a line of them above its bar.
const WIDE_ROW = 24;
/**
 * A lane of hedged attempts under the bar: a thinner bar and the gap above it, px (each
 * bar's 2 px stroke takes 1 px of the gap on either side), and the room left under the
 * last lane, so that a row's lanes stay closer to its bar than to the next row's.
 */
export const LANE = { bar: 4, gap: 4, below: 4 } as const;

/** The new-call marks: a re-plan, a replay, and a retry layer's attempt (MODEL.md E: a new client call, not an SDK retry). */
export const CALL = { replan: 're-plan call', replay: 'replay after crash', layer: 'retry layer: new client call' };

/** The y encoding of narrow rows (no labels, no lanes), as the timeline always drew them. */
export const Y = {
  field: 'action',
  type: 'ordinal',
  title: 'action',
  scale: { paddingInner: 0.3, paddingOuter: 0.2 },
  axis: { labelFontSize: 9 },
} as const;
export type RowY = Omit<typeof Y, 'scale'> & { scale: { paddingInner: number; paddingOuter: number } };

/** The height of an attempt's bar, px. */
const BAND = ROW * (1 - Y.scale.paddingInner);

/** The rows' step and y encoding: a label line above each bar, and `lanes` lanes of hedges under it. */
export function rowLayout(labels: boolean, lanes: number): { step: number; y: RowY } {
  if (!labels && lanes === 0) return { step: ROW, y: Y };
  const lanesBelow = lanes === 0 ? 0 : lanes * (LANE.bar + LANE.gap) + LANE.below;
  const step = (labels ? WIDE_ROW : ROW) + lanesBelow;
  // Vega puts paddingOuter steps before the first bar and after the last: room for the
  // first row's labels and the last row's lanes.
  const outer = lanesBelow <= step / 2 ? 0.5 : Math.round((1000 * lanesBelow) / step) / 1000;
  return { step, y: { ...Y, scale: { paddingInner: 1 - BAND / step, paddingOuter: outer } } };
}

/** From the bar's centre down to the centre of hedge lane `lane` (0: the bar itself), px. */
export function laneOffset(lane: number): number {
  return lane === 0 ? 0 : BAND / 2 + lane * LANE.gap + (lane - 0.5) * LANE.bar;
}

/** One attempt; times in seconds since the action arrived, null where a marker is absent. */
export interface AttemptRow {
  action: number;
  outcome: string;
  sent: number;
  end: number;
  firstCommit: number | null;
  duplicateCommit: number | null;
  /** `sent` of an attempt the key store answered with a stored result. */
  storedAt: number | null;
  /** `sent` of the first attempt of a re-plan or replay call, and which it is. */
  callAt: number | null;
  newCall: string | null;
  /** Only in a picture with hedges: the attempt's lane (its hedge number, 0 for the rest) and its offset, px. */
  lane?: number;
  dy?: number;
}

// x is time since the action's arrival, not absolute simulated time: rows then line up (every
// action starts at 0), the retries of different actions can be compared by eye, and the
// N most eventful actions, scattered over hours of a run, fit on one axis. Past SYMLOG_ABOVE
// seconds the axis turns symmetric-log, so a replay 15 minutes later and the 1 s timeouts
// before it are both visible.
export function rowsOf(trace: readonly TracedAction[], lanes: boolean): AttemptRow[] {
  return trace.flatMap((action) =>
    action.attempts.map((a) => {
      const sent = seconds(a.sent - action.arrival);
      const commit = a.commit === null ? null : seconds(a.commit - action.arrival);
      const newCall =
        a.attempt !== 0 ? null : a.layer !== undefined ? CALL.layer : a.origin !== 'original' ? CALL[a.origin] : null;
      const row: AttemptRow = {
        action: action.action,
        outcome: outcomeLabel(a),
        sent,
        end: seconds(a.end - action.arrival),
        firstCommit: a.duplicate ? null : commit,
        duplicateCommit: a.duplicate ? commit : null,
        storedAt: a.stored ? sent : null,
        callAt: newCall === null ? null : sent,
        newCall,
      };
      if (lanes) {
        row.lane = a.hedge === true ? a.attempt : 0;
        row.dy = laneOffset(row.lane);
      }
      return row;
    }),
  );
}

interface Counts {
  attempts: number;
  duplicates: number;
  stored: number;
}

function countsOf(trace: readonly TracedAction[]): Counts {
  const attempts = trace.flatMap((t) => t.attempts);
  return {
    attempts: attempts.length,
    duplicates: attempts.filter((a) => a.commit !== null && a.duplicate).length,
    stored: attempts.filter((a) => a.stored).length,
  };
}

/**
 * "first 40 of 4,000" when the trace is actions 0..n-1, else "40 most eventful of 4,000"
 * (the result does not say which mode traced it; this is what the mode leaves behind).
 */
function sampleOf(run: ChartRun): string {
  const trace = run.result.detail.trace;
  const first = trace.every((t, i) => t.action === i);
  const total = formatCount(run.result.metrics.actions);
  return first ? `first ${trace.length} of ${total}` : `${trace.length} most eventful of ${total}`;
}

export function panelLabel(label: string, run: ChartRun): string {
  const c = countsOf(run.result.detail.trace);
  return `${label}: ${sampleOf(run)} actions, ${c.duplicates} duplicates, ${c.stored} stored answers`;
}

export function captionOf(runs: readonly ChartRun[]): string {
  const [only] = runs;
  if (runs.length === 1 && only !== undefined) {
    const c = countsOf(only.result.detail.trace);
    return `The ${sampleOf(only)} actions: ${c.attempts} attempts, ${c.duplicates} duplicate executions (pink), ${c.stored} stored answers (cyan).`;
  }
  return 'Traced actions per scenario: bars are attempts; white dots executions, pink duplicates, cyan rings stored answers.';
}
