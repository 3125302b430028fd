// Metrics and intervals in one fixed key order, built field by field, so that serialised
// output never depends on the order in which a run filled its objects (see canonicalScenario).
import { PART_TWO_METRICS, inCatalogueOrder } from './metrics.js';
import type { Interval, Intervals, Metrics, Quantiles } from './result.js';

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
