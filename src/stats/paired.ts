// The change between two runs that share their random draws, as a paired design: both runs
// on the same seed with the same number of actions draw the same numbers action by action
// (model/batches.ts), so batch b of one run is paired with batch b of the other and the
// change is estimated from the batches' own differences. Where the two runs are alike, the
// differences vary far less than either run does, and the change's interval shrinks by the
// correlation. The interval is Student's t over the batch differences: batch means, each
// batch a few hundred consecutive actions, treated as independent, as every per-action
// interval idemsim reports already treats actions (a batch whose expected difference differs
// from the others', as one inside an incident, only widens it).
import { PAIRED_METRICS, batchCount, batchSize, type Batches } from '../model/batches.js';
import type { Interval } from '../model/result.js';
import { studentQuantile } from './student.js';

/**
 * Fewer events than this differ between the two runs' batches (summed over batches, the
 * net difference in each): too few for the batch differences to show their spread, and the
 * two runs are compared as independent ones instead. Two runs that differ nowhere (the same
 * scenario) would otherwise read [0, 0], a claim no finite run supports.
 */
export const MIN_DIFFERING_EVENTS = 20;

export interface PairedChange {
  /** The standard error of the change, in the metric's unit. */
  se: number;
  /** Degrees of freedom of Student's t: the batches less one. */
  df: number;
  /** The change's 95% interval: change +- t(0.975, df) se. */
  interval: Interval;
}

/** Whether two runs drew the same numbers action by action: the same seed, the same actions, both cut alike. */
export function sharesDraws(base: Batches, fresh: Batches): boolean {
  // The streams are keyed by the seed's text: 1 and "1" draw the same numbers.
  if (String(base.seed) !== String(fresh.seed) || base.actions !== fresh.actions) return false;
  const count = batchCount(base.actions);
  return Object.values(base.sums)
    .concat(Object.values(fresh.sums))
    .every((sums) => sums.length === count);
}

/**
 * The paired interval of `metric`'s change (new - base = `change`), or null where the design
 * does not apply: a metric that is not a per-action mean of batched counts, a side without
 * batches (a saved run from an older idemsim, pooled replicas), runs that do not share their
 * draws, or fewer than MIN_DIFFERING_EVENTS events differing.
 */
export function pairedChange(
  metric: string,
  change: number,
  base: Batches | undefined,
  fresh: Batches | undefined,
): PairedChange | null {
  const how = PAIRED_METRICS[metric];
  if (how === undefined || base === undefined || fresh === undefined || !sharesDraws(base, fresh)) return null;
  const actions = base.actions;
  const count = batchCount(actions);
  if (count < 2) return null;
  const differences: number[] = [];
  let differing = 0;
  for (let b = 0; b < count; b++) {
    let x = 0;
    for (const [name, sign] of how.terms) {
      const d = (fresh.sums[name][b] as number) - (base.sums[name][b] as number);
      differing += Math.abs(d);
      x += sign * d;
    }
    differences.push(x);
  }
  if (!(differing >= MIN_DIFFERING_EVENTS)) return null;
  // The change per action, and the spread of each batch's total about its share of it.
  const perAction = differences.reduce((a, x) => a + x, 0) / actions;
  const squares = differences.reduce((sum, x, b) => sum + (x - batchSize(b, actions, count) * perAction) ** 2, 0);
  const se = (how.scale * Math.sqrt((count / (count - 1)) * squares)) / actions;
  if (!(se > 0) || !Number.isFinite(se)) return null;
  const df = count - 1;
  const half = studentQuantile(0.975, df) * se;
  return { se, df, interval: { low: change - half, high: change + half } };
}
