// What one simulation run reports: every metric of MODEL.md under its documented name,
// plus the 95% confidence intervals MODEL.md asks for, keyed by dotted metric name; and
// what renderers receive: each scenario beside the result of simulating it.
import { PART_TWO_METRICS, inCatalogueOrder } from './metrics.js';
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
  /** Part two (A): the service's workers dying mid-execution, and what their records became. */
  serverCrashes: { total: number; beforeEffect: number; afterEffect: number };
  orphanedRecords: number;
  leaseTakeovers: number;
  leaseTakeoverDuplicates: number;
  /** Part two (C): reads before a re-plan or replay call. */
  checks: number;
  checksThatFoundCommit: number;
  checksMisled: number;
  responses: {
    ok: number;
    replayed: number;
    conflict: number;
    mismatch: number;
    rejected: number;
    timeout: { total: number; slow: number; replyLost: number; requestLost: number; serverCrash: number };
  };
  conflictRate: number;
  mismatchRate: number;
  dedupHitRate: number;
  attemptsPerAction: number;
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
 * (MODEL.md part two, B). Counted at their instants: arrivals; attempts, lookups, 409s,
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
  /** The execution's worker died (part two, A): when, and whether after the effect committed. */
  crash?: { at: number; afterEffect: boolean };
  /** The attempt executed by taking over a `running` record whose lease had run out. */
  takeover?: boolean;
}

/** A read of the business identity before a re-plan or replay call (part two, C). */
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
}

/** A scenario beside its detailed result: what a run's report folder and charts draw. */
export interface DetailedScenarioRun {
  scenario: Scenario;
  result: DetailedRunResult;
}

/**
 * The metrics in the order of the type, built field by field (see canonicalScenario). The
 * part-two metrics are left out unless `partTwo` (the scenario uses a part-two feature), so
 * that a scenario using none of them is reported exactly as before they existed.
 */
export function canonicalMetrics(m: Metrics, partTwo = false): Metrics {
  const r = m.responses;
  const out: Metrics = {
    actions: m.actions,
    attempts: m.attempts,
    toolCalls: m.toolCalls,
    executions: m.executions,
    duplicates: m.duplicates,
    duplicatesPerThousand: m.duplicatesPerThousand,
    duplicatesBySource: {
      transport: m.duplicatesBySource.transport,
      replan: m.duplicatesBySource.replan,
      replay: m.duplicatesBySource.replay,
    },
    retentionMisses: m.retentionMisses,
    raceDuplicates: m.raceDuplicates,
    lostActions: m.lostActions,
    lostPerThousand: m.lostPerThousand,
    mergedActions: m.mergedActions,
    unknownOutcomes: m.unknownOutcomes,
    unknownPerThousand: m.unknownPerThousand,
    falseFailures: m.falseFailures,
    falseFailuresPerThousand: m.falseFailuresPerThousand,
    serverCrashes: {
      total: m.serverCrashes.total,
      beforeEffect: m.serverCrashes.beforeEffect,
      afterEffect: m.serverCrashes.afterEffect,
    },
    orphanedRecords: m.orphanedRecords,
    leaseTakeovers: m.leaseTakeovers,
    leaseTakeoverDuplicates: m.leaseTakeoverDuplicates,
    checks: m.checks,
    checksThatFoundCommit: m.checksThatFoundCommit,
    checksMisled: m.checksMisled,
    responses: {
      ok: r.ok,
      replayed: r.replayed,
      conflict: r.conflict,
      mismatch: r.mismatch,
      rejected: r.rejected,
      timeout: {
        total: r.timeout.total,
        slow: r.timeout.slow,
        replyLost: r.timeout.replyLost,
        requestLost: r.timeout.requestLost,
        serverCrash: r.timeout.serverCrash,
      },
    },
    conflictRate: m.conflictRate,
    mismatchRate: m.mismatchRate,
    dedupHitRate: m.dedupHitRate,
    attemptsPerAction: m.attemptsPerAction,
    executionsPerAction: m.executionsPerAction,
    latency: { call: quantiles(m.latency.call), step: quantiles(m.latency.step) },
    keyStore: {
      peakKeys: m.keyStore.peakKeys,
      peakKeysAt: m.keyStore.peakKeysAt,
      peakBytes: m.keyStore.peakBytes,
      steadyStateKeys: m.keyStore.steadyStateKeys,
      steadyStateBytes: m.keyStore.steadyStateBytes,
    },
    service: {
      peakConcurrency: m.service.peakConcurrency,
      queueWait: { p95: m.service.queueWait.p95 },
    },
  };
  if (!partTwo) {
    for (const name of PART_TWO_METRICS) deleteAt(out, name);
  }
  return out;
}

/** Removes a dotted name from a nested object (and its parent, when that is left empty). */
function deleteAt(object: object, name: string): void {
  const parts = name.split('.');
  const last = parts.pop() as string;
  let node = object as Record<string, unknown>;
  const parents: [Record<string, unknown>, string][] = [];
  for (const part of parts) {
    parents.push([node, part]);
    node = node[part] as Record<string, unknown>;
  }
  delete node[last];
  for (let i = parents.length - 1; i >= 0; i--) {
    const [parent, key] = parents[i] as [Record<string, unknown>, string];
    if (Object.keys(parent[key] as object).length > 0) break;
    delete parent[key];
  }
}

/** Intervals in catalogue order. */
export function canonicalIntervals(intervals: Intervals): Intervals {
  return inCatalogueOrder(intervals, (i: Interval): Interval => ({ low: i.low, high: i.high }));
}

function quantiles(q: Quantiles): Quantiles {
  return { p50: q.p50, p95: q.p95, p99: q.p99, max: q.max, mean: q.mean };
}
