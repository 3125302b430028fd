// A run's per-action counts summed over batches of consecutive actions (by arrival order):
// what lets `diff` compare two runs that share their random draws as a paired design.
// Action i of a run draws from streams that depend only on (seed, i) (MODEL.md "Event
// semantics"), so two runs on the same seed with the same number of actions see the same
// draws action by action, and batch b of one lines up with batch b of the other.

/** The per-action counts kept by batch. */
export const BatchedCount = {
  duplicates: 'duplicates',
  lost: 'lost',
  unknown: 'unknown',
  falseFailures: 'falseFailures',
  extraAttempts: 'extraAttempts',
  extraExecutions: 'extraExecutions',
  missingExecutions: 'missingExecutions',
} as const;
export type BatchedCount = keyof typeof BatchedCount;
export const BATCHED_COUNTS = Object.keys(BatchedCount) as BatchedCount[];

/** How many batches a run is cut into (fewer when it has fewer actions). */
export const BATCHES = 50;

export interface Batches {
  /** The seed and the number of actions: two runs pair only when both agree. */
  seed: number | string;
  actions: number;
  /** Per count, its sum over each batch's actions; batch b holds actions i with floor(i B / actions) = b. */
  sums: Record<BatchedCount, number[]>;
}

/** How many batches a run of `actions` actions is cut into. */
export const batchCount = (actions: number): number => Math.max(1, Math.min(BATCHES, actions));

/** The batch of action `i` (0-based) of a run of `actions` actions cut into `count` batches. */
export const batchOf = (i: number, actions: number, count: number): number => Math.floor((i * count) / actions);

/** How many actions batch `b` holds: the i with b <= i count / actions < b + 1. */
export const batchSize = (b: number, actions: number, count: number): number =>
  Math.ceil(((b + 1) * actions) / count) - Math.ceil((b * actions) / count);

/**
 * The metrics a paired comparison covers, each a per-action mean of batched counts:
 * scale times the sum of (sign, count) terms over the actions.
 */
export const PAIRED_METRICS: Readonly<Record<string, { scale: number; terms: readonly [BatchedCount, 1 | -1][] }>> = {
  duplicatesPerThousand: { scale: 1000, terms: [['duplicates', 1]] },
  lostPerThousand: { scale: 1000, terms: [['lost', 1]] },
  unknownPerThousand: { scale: 1000, terms: [['unknown', 1]] },
  falseFailuresPerThousand: { scale: 1000, terms: [['falseFailures', 1]] },
  attemptsPerAction: { scale: 1, terms: [['extraAttempts', 1]] },
  executionsPerAction: {
    scale: 1,
    terms: [
      ['extraExecutions', 1],
      ['missingExecutions', -1],
    ],
  },
};
