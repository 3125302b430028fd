// Metrics and intervals in one fixed key order, built field by field, so that serialised
// output never depends on the order in which a run filled its objects (see canonicalScenario).
import { type Carried, PART_ONE_ONLY, inCatalogueOrder } from './metrics.js';
import type { Interval, Intervals, Metrics, Quantiles } from './result.js';

/**
 * The metrics in the order of the type, built field by field (see canonicalScenario). Each
 * optional group (metrics.ts) is read and written only when `carried` says the scenario
 * uses its features, so that a scenario using none of them is reported exactly as before
 * they existed, and metrics read from a document written without them need nothing filled in.
 */
export function canonicalMetrics(m: Metrics, carried: Carried = PART_ONE_ONLY): Metrics {
  const r = m.responses;
  const two = <T>(fields: () => T): T | Record<string, never> => (carried.partTwo ? fields() : {});
  const clients = <T>(fields: () => T): T | Record<string, never> => (carried.clients ? fields() : {});
  const out = {
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
    ...two(() => ({
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
    })),
    ...clients(() => ({
      hedges: m.hedges,
      retriesRefused: { budget: m.retriesRefused.budget, throttle: m.retriesRefused.throttle },
    })),
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
        ...two(() => ({ serverCrash: r.timeout.serverCrash })),
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
      ...two(() => ({ peakKeysAt: m.keyStore.peakKeysAt })),
      peakBytes: m.keyStore.peakBytes,
      steadyStateKeys: m.keyStore.steadyStateKeys,
      steadyStateBytes: m.keyStore.steadyStateBytes,
    },
    service: {
      peakConcurrency: m.service.peakConcurrency,
      queueWait: { p95: m.service.queueWait.p95 },
    },
  };
  // Without part two the object lacks their fields, as the document it becomes does.
  return out as Metrics;
}

/** Intervals in catalogue order. */
export function canonicalIntervals(intervals: Intervals): Intervals {
  return inCatalogueOrder(intervals, (i: Interval): Interval => ({ low: i.low, high: i.high }));
}

function quantiles(q: Quantiles): Quantiles {
  return { p50: q.p50, p95: q.p95, p99: q.p99, max: q.max, mean: q.mean };
}
