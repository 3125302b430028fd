// What `--rare` (importance sampling, src/sim/rare.ts) estimates and reports: the counts it
// weighs per action, and each one's weighted estimate with its interval.

/** The per-action counts the estimator weighs, in this order. */
export const RARE_COUNTS = [
  'duplicates',
  'duplicatesTransport',
  'duplicatesReplan',
  'duplicatesReplay',
  'lost',
  'unknown',
  'falseFailures',
  'retentionMisses',
] as const;
export type RareCount = (typeof RARE_COUNTS)[number];

export interface RareEstimate {
  /** Per action. */
  mean: number;
  se: number;
  low: number;
  /** null when no action had the count: nothing bounds it from above. */
  high: number | null;
  /** Actions (of all batches) with a non-zero count. */
  hits: number;
  /** Variance per action of plain sampling over that of the weighted one. */
  varianceReduction: number | null;
}

export interface RareResult {
  /** The count the tilts were tuned for: the other counts' estimates are unbiased but may be far off. */
  target: RareCount;
  actions: number;
  pilotActions: number;
  batches: number;
  /** Kish's effective sample size of the weights, (sum w)^2 / sum w^2. */
  effectiveSampleSize: number;
  tilts: { site: string; nominal: number; tilted: number }[];
  estimates: Record<RareCount, RareEstimate>;
}
