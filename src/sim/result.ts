// What one simulation run reports: every metric of MODEL.md under its documented name,
// plus the 95% confidence intervals MODEL.md asks for, keyed by dotted metric name.

export interface Quantiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface Metrics {
  actions: number;
  attempts: number;
  toolCalls: number;
  executions: number;
  duplicates: number;
  duplicatesPerThousand: number;
  duplicatesBySource: { transport: number; replan: number; replay: number };
  retentionMisses: number;
  raceDuplicates: number;
  lostActions: number;
  lostPerThousand: number;
  mergedActions: number;
  unknownOutcomes: number;
  unknownPerThousand: number;
  falseFailures: number;
  responses: {
    ok: number;
    replayed: number;
    conflict: number;
    mismatch: number;
    rejected: number;
    timeout: { total: number; slow: number; replyLost: number; requestLost: number };
  };
  conflictRate: number;
  mismatchRate: number;
  dedupHitRate: number;
  attemptsPerAction: number;
  executionsPerAction: number;
  latency: { call: Quantiles; step: Quantiles };
  keyStore: { peakKeys: number; peakBytes: number; steadyStateKeys: number; steadyStateBytes: number };
  service: { peakConcurrency: number; queueWait: { p95: number } };
}

/** A two-sided 95% interval around a reported value. */
export interface Interval {
  low: number;
  high: number;
}

/** Dotted metric name (e.g. `latency.call.p95`) to its 95% interval. */
export type Intervals = Record<string, Interval>;

export interface RunResult {
  metrics: Metrics;
  intervals: Intervals;
}
