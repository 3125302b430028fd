// What one simulation run reports: every metric of MODEL.md under its documented name,
// plus the 95% confidence intervals MODEL.md asks for, keyed by dotted metric name; and
// what renderers receive: each scenario beside the result of simulating it.
import type { Batches } from './batches.js';
import type { Scenario } from './scenario.js';

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
  falseFailuresPerThousand: number;
  /** MODEL.md, A: the service's workers dying mid-execution, and what their records became. */
  serverCrashes: { total: number; beforeEffect: number; afterEffect: number };
  orphanedRecords: number;
  leaseTakeovers: number;
  leaseTakeoverDuplicates: number;
  /** MODEL.md, C: reads before a re-plan or replay call. */
  checks: number;
  checksThatFoundCommit: number;
  checksMisled: number;
  /** MODEL.md, D: hedged attempts, and retries the budget or the throttle refused. */
  hedges: number;
  retriesRefused: { budget: number; throttle: number };
  responses: {
    ok: number;
    replayed: number;
    conflict: number;
    mismatch: number;
    rejected: number;
    /** MODEL.md F: 500s, from a failed execution or a stored error result. */
    serverError: number;
    timeout: { total: number; slow: number; replyLost: number; requestLost: number; serverCrash: number };
  };
  conflictRate: number;
  mismatchRate: number;
  dedupHitRate: number;
  attemptsPerAction: number;
  /** MODEL.md E: requests sent per tool call, every retry layer's included. */
  attemptsPerCall: { mean: number; max: number };
  executionsPerAction: number;
  latency: { call: Quantiles; step: Quantiles };
  keyStore: {
    peakKeys: number;
    /** The first instant (ms) the peak was reached; 0 without a key store. */
    peakKeysAt: number;
    peakBytes: number;
    steadyStateKeys: number;
    steadyStateBytes: number;
  };
  service: { peakConcurrency: number; queueWait: { p95: number } };
}

/** A two-sided 95% interval around a reported value. */
export interface Interval {
  low: number;
  high: number;
}

/** Dotted metric name (e.g. `latency.call.p95`) to its 95% interval. */
export type Intervals = Record<string, Interval>;

/**
 * Interval j of the time series, [t, t + interval): what an operator's dashboard shows
 * (MODEL.md, B). Counted at their instants: arrivals; attempts, lookups, 409s,
 * 422s and stored 200s at the send; executions and server crashes at the execution's end;
 * duplicates at the extra commit; unknown outcomes at the tool call's end; live keys at the
 * interval's end. Rates are per key lookup in the interval (0 without lookups).
 */
export interface TimeSeriesPoint {
  t: number;
  arrivals: number;
  attempts: number;
  lookups: number;
  conflicts: number;
  mismatches: number;
  dedupHits: number;
  executions: number;
  serverCrashes: number;
  duplicates: number;
  unknownOutcomes: number;
  liveKeys: number;
  conflictRate: number;
  mismatchRate: number;
  dedupHitRate: number;
}

export interface TimeSeries {
  /** The interval's length, ms. */
  interval: number;
  points: TimeSeriesPoint[];
}

export interface RunResult {
  metrics: Metrics;
  intervals: Intervals;
  /** Present when the scenario asks for it (a profile, incidents or a `report.interval`). */
  timeSeries?: TimeSeries;
  /** The per-action counts by batch of actions: a single run's, for a paired comparison (batches.ts). */
  batches?: Batches;
}

/** How an attempt ended, as the client saw it (`replayed`: a stored 200 from the key store). */
export const AttemptOutcome = {
  ok: 'ok',
  replayed: 'replayed',
  conflict: 'conflict',
  mismatch: 'mismatch',
  rejected: 'rejected',
  slow: 'slow',
  replyLost: 'replyLost',
  requestLost: 'requestLost',
  serverCrash: 'serverCrash',
  serverError: 'serverError',
} as const;
export type AttemptOutcome = keyof typeof AttemptOutcome;

export const CallOrigin = { original: 'original', replan: 'replan', replay: 'replay' } as const;
export type CallOrigin = keyof typeof CallOrigin;

/** One attempt of a traced action, for the timeline picture. Times in ms of simulated time. */
export interface TracedAttempt {
  /** The call's place in the action: 0 for the first call, then in the order calls were issued. */
  call: number;
  origin: CallOrigin;
  segment: number;
  attempt: number;
  sent: number;
  end: number;
  outcome: AttemptOutcome;
  /** The key store answered this attempt with a stored result (at `sent`) without executing. */
  stored: boolean;
  /** When this attempt's execution committed (possibly after the attempt ended), or null. */
  commit: number | null;
  /** That commit was not the action's first: a duplicate side effect. */
  duplicate: boolean;
  /** The execution's worker died (MODEL.md, A): when, and whether after the effect committed. */
  crash?: { at: number; afterEffect: boolean };
  /** The attempt executed by taking over a `running` record whose lease had run out. */
  takeover?: boolean;
  /** Its execution failed (a 500) and the handler deleted the key record then (MODEL.md F, `errors: delete`). */
  deleted?: number;
  /** A hedged attempt (MODEL.md, D): sent beside the call's earlier attempts, not after them. */
  hedge?: boolean;
  /** The first attempt of a client call that retry layer `layer` sent (MODEL.md E), not the SDK's own retry. */
  layer?: number;
  /** The call wanted a retry after this attempt and the retry budget or throttle refused it. */
  refused?: 'budget' | 'throttle';
}

/** A read of the business identity before a re-plan or replay call (MODEL.md, C). */
export interface TracedCheck {
  at: number;
  end: number;
  /** It saw a commit, so no call followed. */
  found: boolean;
}

export interface TracedAction {
  action: number;
  arrival: number;
  commits: number;
  attempts: TracedAttempt[];
  /** Reads made before re-plan or replay calls; absent when there were none. */
  checks?: TracedCheck[];
}

/** Live key records at simulated time t (ms). */
export interface KeyStorePoint {
  t: number;
  keys: number;
}

/** A latency quantile: probability p, value in ms. */
export interface QuantilePoint {
  p: number;
  ms: number;
}

/** What the report's charts need beyond the metrics; computed only when asked for. */
export interface RunDetail {
  trace: TracedAction[];
  keyStore: KeyStorePoint[];
  latency: { call: QuantilePoint[]; step: QuantilePoint[] };
}

export interface DetailedRunResult extends RunResult {
  detail: RunDetail;
}

/** A scenario beside the result of simulating it: what tables, JSON and CSV render. */
export interface ScenarioRun {
  scenario: Scenario;
  result: RunResult;
  /** Pooled from this many independent replications (`run --replicas N`); absent for one run. */
  replicas?: number;
}

/** A scenario beside its detailed result: what a run's report folder and charts draw. */
export interface DetailedScenarioRun {
  scenario: Scenario;
  result: DetailedRunResult;
}
