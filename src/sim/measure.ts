// What a finished run measured: its tallies turned into MODEL.md's metrics and their 95%
// intervals, and the detail a report draws (traces, the key store over time, quantiles).
import type { Scenario } from '../model/scenario.js';
import type { Histogram } from '../stats/histogram.js';
import { Z975 } from '../stats/welford.js';
import { countMeanInterval, offsetCountInterval } from '../stats/exact.js';
import type {
  Interval,
  Intervals,
  Metrics,
  QuantilePoint,
  Quantiles,
  RunDetail,
  RunResult,
  TimeSeries,
} from '../model/result.js';
import type { Sim } from './state.js';
import type { Tally } from './tally.js';

/** What the metrics are computed from: a run's tallies, its key store's peak, its time series. */
export interface Measured {
  tally: Tally;
  store: { peakKeys: number; peakKeysAt: number } | null;
  timeSeries: TimeSeries | null;
}

/** One run's metrics, and its counts by batch of actions (pooled runs carry none: measureFrom). */
export function measure(sim: Sim, scenario: Scenario): RunResult {
  const result = measureFrom({ tally: sim.tally, store: sim.store, timeSeries: sim.timeSeries }, scenario);
  result.batches = sim.batches.batches(scenario.seed);
  return result;
}

/** The metrics and intervals of `measured` (one run's, or several runs' pooled). */
export function measureFrom(measured: Measured, scenario: Scenario): RunResult {
  const t = measured.tally;
  const n = t.actions;
  const store = measured.store;
  const recordBytes = scenario.keys.recordBytes;
  const rate = (count: number): number => (t.lookups > 0 ? count / t.lookups : 0);
  const intervals: Intervals = {};

  // Little's law: arrivals/s * claims per action * mean record lifetime (s).
  const claims = t.lifetimes.n;
  const perSecond = scenario.arrivals.rate / 1000;
  const keysPerLifetime = n > 0 ? (perSecond * claims) / n : 0;
  const steadyStateKeys = keysPerLifetime * t.lifetimes.mean;
  const claimsPerAction = offsetCountInterval(1, t.extraClaims, t.missingClaims);
  if (claims > 0 && claimsPerAction !== null) {
    // Both factors vary from run to run: the product of their intervals' ends bounds it.
    const lifetime = t.lifetimes.interval();
    const ci = {
      low: perSecond * claimsPerAction.low * Math.max(0, lifetime.low),
      high: perSecond * claimsPerAction.high * lifetime.high,
    };
    intervals['keyStore.steadyStateKeys'] = ci;
    intervals['keyStore.steadyStateBytes'] = { low: ci.low * recordBytes, high: ci.high * recordBytes };
  }

  const metrics: Metrics = {
    actions: n,
    attempts: t.attempts,
    toolCalls: t.toolCalls,
    executions: t.executions,
    duplicates: t.duplicates,
    duplicatesPerThousand: perThousand(t.duplicates, n),
    duplicatesBySource: { transport: t.byTransport, replan: t.byReplan, replay: t.byReplay },
    retentionMisses: t.retentionMisses,
    raceDuplicates: t.raceDuplicates,
    lostActions: t.lostActions,
    lostPerThousand: perThousand(t.lostActions, n),
    mergedActions: t.mergedActions,
    unknownOutcomes: t.unknownOutcomes,
    unknownPerThousand: perThousand(t.unknownOutcomes, n),
    falseFailures: t.falseFailures,
    falseFailuresPerThousand: perThousand(t.falseFailures, n),
    serverCrashes: { total: t.serverCrashes, beforeEffect: t.crashesBeforeEffect, afterEffect: t.crashesAfterEffect },
    orphanedRecords: t.orphanedRecords,
    leaseTakeovers: t.leaseTakeovers,
    leaseTakeoverDuplicates: t.leaseTakeoverDuplicates,
    checks: t.checks,
    checksThatFoundCommit: t.checksFound,
    checksMisled: t.checksMisled,
    hedges: t.hedges,
    retriesRefused: { budget: t.refusedByBudget, throttle: t.refusedByThrottle },
    responses: {
      ok: t.ok,
      replayed: t.replayed,
      conflict: t.conflict,
      mismatch: t.mismatch,
      rejected: t.rejected,
      serverError: t.serverErrors,
      timeout: {
        total: t.slow + t.replyLost + t.requestLost + t.serverCrashTimeouts,
        slow: t.slow,
        replyLost: t.replyLost,
        requestLost: t.requestLost,
        serverCrash: t.serverCrashTimeouts,
      },
    },
    conflictRate: rate(t.sentConflict),
    mismatchRate: rate(t.sentMismatch),
    dedupHitRate: rate(t.sentStored),
    attemptsPerAction: n > 0 ? t.attempts / n : 0,
    attemptsPerCall: {
      mean: t.callAttempts.n > 0 ? 1 + t.callAttempts.mean : 0,
      max: t.maxCallAttempts,
    },
    executionsPerAction: n > 0 ? t.executions / n : 0,
    latency: {
      call: quantiles(t.callLatency, 'latency.call', intervals),
      step: quantiles(t.stepLatency, 'latency.step', intervals),
    },
    keyStore: {
      peakKeys: store?.peakKeys ?? 0,
      peakKeysAt: store?.peakKeysAt ?? 0,
      peakBytes: (store?.peakKeys ?? 0) * recordBytes,
      steadyStateKeys,
      steadyStateBytes: steadyStateKeys * recordBytes,
    },
    service: { peakConcurrency: t.peakConcurrency, queueWait: { p95: t.queueWait.quantile(0.95) } },
  };
  if (t.queueWait.count > 0) intervals['service.queueWait.p95'] = t.queueWait.quantileInterval(0.95);
  // Counted metrics: exact intervals that stay honest at zero (see src/stats/exact.ts).
  const counted: [string, Interval | null][] = [
    ['duplicatesPerThousand', countMeanInterval(t.duplicatesPerAction, 1000)],
    // An action is lost at most once: no more than 1000 per thousand, whatever a count interval says.
    ['lostPerThousand', atMost(countMeanInterval(t.lostPerAction, 1000), 1000)],
    ['unknownPerThousand', countMeanInterval(t.unknownPerAction, 1000)],
    ['falseFailuresPerThousand', countMeanInterval(t.falseFailuresPerAction, 1000)],
    ['attemptsPerAction', offsetCountInterval(1, t.extraAttempts, null)],
    ['attemptsPerCall.mean', t.callAttempts.n > 0 ? offsetCountInterval(1, t.callAttempts, null) : null],
    ['executionsPerAction', offsetCountInterval(1, t.extraExecutions, t.missingExecutions)],
    ['conflictRate', t.conflictShare.interval()],
    ['mismatchRate', t.mismatchShare.interval()],
    ['dedupHitRate', t.storedShare.interval()],
  ];
  for (const [name, interval] of counted) if (interval !== null) intervals[name] = interval;
  const result: RunResult = { metrics, intervals: sortedIntervals(intervals) };
  if (measured.timeSeries !== null) result.timeSeries = measured.timeSeries;
  return result;
}

function atMost(interval: Interval | null, max: number): Interval | null {
  return interval === null ? null : { low: Math.min(interval.low, max), high: Math.min(interval.high, max) };
}

function perThousand(count: number, actions: number): number {
  return actions > 0 ? (1000 * count) / actions : 0;
}

function quantiles(h: Histogram, name: string, intervals: Intervals): Quantiles {
  if (h.count === 0) return { p50: 0, p95: 0, p99: 0, max: 0, mean: 0 };
  for (const [key, p] of [
    ['p50', 0.5],
    ['p95', 0.95],
    ['p99', 0.99],
  ] as const) {
    intervals[`${name}.${key}`] = h.quantileInterval(p);
  }
  // One observation shows no spread: the mean could be anything from 0 up.
  const half = h.count < 2 ? Infinity : Z975 * Math.sqrt(h.moments.variance / h.count);
  intervals[`${name}.mean`] = { low: Math.max(0, h.mean - half), high: h.mean + half };
  return { p50: h.quantile(0.5), p95: h.quantile(0.95), p99: h.quantile(0.99), max: h.max, mean: h.mean };
}

/** Intervals in a fixed (alphabetical) key order, whatever order they were computed in. */
function sortedIntervals(intervals: Intervals): Intervals {
  const sorted: Intervals = {};
  for (const key of Object.keys(intervals).sort()) sorted[key] = intervals[key] as Intervals[string];
  return sorted;
}

/** Quantile points of the latency charts: every half percent, and the far tail. */
const CHART_PROBABILITIES: readonly number[] = [...Array.from({ length: 199 }, (_, i) => (i + 1) / 200), 0.999, 1];

export function detailOf(sim: Sim): RunDetail {
  const points = (h: Histogram): QuantilePoint[] =>
    h.count === 0 ? [] : CHART_PROBABILITIES.map((p) => ({ p, ms: p === 1 ? h.max : h.quantile(p) }));
  return {
    trace: sim.tracer?.result() ?? [],
    keyStore: sim.timeline?.points ?? [],
    latency: { call: points(sim.tally.callLatency), step: points(sim.tally.stepLatency) },
  };
}
