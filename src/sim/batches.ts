// The per-action counts of a run summed by batch of consecutive actions (model/batches.ts),
// kept as the actions close: a few additions per action, memory fixed by the batch count.
import { BATCHED_COUNTS, batchCount, batchOf, type Batches } from '../model/batches.js';

export class BatchTally {
  readonly count: number;
  readonly duplicates: Float64Array;
  readonly lost: Float64Array;
  readonly unknown: Float64Array;
  readonly falseFailures: Float64Array;
  readonly extraAttempts: Float64Array;
  readonly extraExecutions: Float64Array;
  readonly missingExecutions: Float64Array;

  constructor(readonly actions: number) {
    this.count = batchCount(actions);
    this.duplicates = new Float64Array(this.count);
    this.lost = new Float64Array(this.count);
    this.unknown = new Float64Array(this.count);
    this.falseFailures = new Float64Array(this.count);
    this.extraAttempts = new Float64Array(this.count);
    this.extraExecutions = new Float64Array(this.count);
    this.missingExecutions = new Float64Array(this.count);
  }

  /** Action `id`'s counts, as it closes (an action that counts only zeros need not be added). */
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
    const b = batchOf(id, this.actions, this.count);
    bump(this.duplicates, b, duplicates);
    bump(this.lost, b, lost);
    bump(this.unknown, b, unknown);
    bump(this.falseFailures, b, falseFailures);
    bump(this.extraAttempts, b, extraAttempts);
    bump(this.extraExecutions, b, extraExecutions);
    bump(this.missingExecutions, b, missingExecutions);
  }

  /** As data, for a saved run. */
  batches(seed: number | string): Batches {
    const sums = Object.fromEntries(BATCHED_COUNTS.map((name) => [name, Array.from(this[name])]));
    return { seed, actions: this.actions, sums: sums as Batches['sums'] };
  }
}

function bump(sums: Float64Array, b: number, value: number): void {
  sums[b] = (sums[b] as number) + value;
}
