// The per-action counts of a run summed by batch of consecutive actions (model/batches.ts),
// kept as the actions close: seven additions per action into one array, batch by batch in
// BATCHED_COUNTS order, its size fixed by the batch count.
import { BATCHED_COUNTS, batchCount, batchOf, type Batches } from '../model/batches.js';

const COUNTS = BATCHED_COUNTS.length;

export class BatchTally {
  readonly count: number;
  /** sums[b * COUNTS + k]: count k of BATCHED_COUNTS over batch b. */
  private readonly sums: Float64Array;

  constructor(readonly actions: number) {
    this.count = batchCount(actions);
    this.sums = new Float64Array(this.count * COUNTS);
  }

  /** Action `id`'s counts, as it closes, in BATCHED_COUNTS order (an action with only zeros need not be added). */
  add(
    id: number,
    duplicates: number,
    lost: number,
    unknown: number,
    falseFailures: number,
    extraAttempts: number,
    extraExecutions: number,
    missingExecutions: number,
  ): void {
    const sums = this.sums;
    const at = batchOf(id, this.actions, this.count) * COUNTS;
    sums[at] = (sums[at] as number) + duplicates;
    sums[at + 1] = (sums[at + 1] as number) + lost;
    sums[at + 2] = (sums[at + 2] as number) + unknown;
    sums[at + 3] = (sums[at + 3] as number) + falseFailures;
    sums[at + 4] = (sums[at + 4] as number) + extraAttempts;
    sums[at + 5] = (sums[at + 5] as number) + extraExecutions;
    sums[at + 6] = (sums[at + 6] as number) + missingExecutions;
  }

  /** As data, for a saved run. */
  batches(seed: number | string): Batches {
    const sums = Object.fromEntries(
      BATCHED_COUNTS.map((name, k) => [
        name,
        Array.from({ length: this.count }, (_, b) => this.sums[b * COUNTS + k] as number),
      ]),
    );
    return { seed, actions: this.actions, sums: sums as Batches['sums'] };
  }
}
