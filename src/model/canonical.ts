// Copies of the scenario, metrics and intervals with keys in one fixed order (the order
// of the types, then the metric catalogue), built field by field so that serialised output
// never depends on the order in which a loader or a simulation happened to fill objects.
// Typing each copy as its interface makes the compiler flag a field added to the type.
import type { Bound, Range, Scenario } from './scenario.js';
import { METRIC_NAMES } from './metrics.js';
import type { Interval, Intervals, Metrics, Quantiles } from './result.js';

export function canonicalScenario(s: Scenario): Scenario {
  return {
    name: s.name,
    description: s.description,
    seed: s.seed,
    actions: s.actions,
    arrivals: { rate: s.arrivals.rate },
    service: {
      latency: { median: s.service.latency.median, sigma: s.service.latency.sigma },
      errorRate: s.service.errorRate,
      concurrency: s.service.concurrency,
    },
    network: { requestLoss: s.network.requestLoss, replyLoss: s.network.replyLoss },
    client: {
      timeout: s.client.timeout,
      retries: s.client.retries,
      backoff: {
        base: s.client.backoff.base,
        multiplier: s.client.backoff.multiplier,
        max: s.client.backoff.max,
        jitter: s.client.backoff.jitter,
      },
      deadline: s.client.deadline,
    },
    keys: {
      scope: s.keys.scope,
      retention: s.keys.retention,
      claim: s.keys.claim,
      raceWindow: s.keys.raceWindow,
      fingerprint: s.keys.fingerprint,
      recordBytes: s.keys.recordBytes,
    },
    agent: {
      replan: {
        probability: s.agent.replan.probability,
        max: s.agent.replan.max,
        delay: range(s.agent.replan.delay),
        argsChange: s.agent.replan.argsChange,
      },
      crash: {
        probability: s.agent.crash.probability,
        max: s.agent.crash.max,
        resumeDelay: range(s.agent.crash.resumeDelay),
      },
      identicalRepeats: s.agent.identicalRepeats,
    },
    expect: byMetricName(s.expect, bound),
  };
}

export function canonicalMetrics(m: Metrics): Metrics {
  const r = m.responses;
  return {
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
      peakBytes: m.keyStore.peakBytes,
      steadyStateKeys: m.keyStore.steadyStateKeys,
      steadyStateBytes: m.keyStore.steadyStateBytes,
    },
    service: {
      peakConcurrency: m.service.peakConcurrency,
      queueWait: { p95: m.service.queueWait.p95 },
    },
  };
}

export function canonicalIntervals(intervals: Intervals): Intervals {
  return byMetricName(intervals, (i: Interval): Interval => ({ low: i.low, high: i.high }));
}

/** Metric-keyed records: catalogue order first, then any other names by code point. */
function byMetricName<T>(record: Readonly<Record<string, T>>, copy: (value: T) => T): Record<string, T> {
  const present = new Set(Object.keys(record));
  const known = METRIC_NAMES.filter((name) => present.has(name));
  const knownSet = new Set(known);
  const others = [...present].filter((name) => !knownSet.has(name)).sort(byCodePoint);
  const out: Record<string, T> = {};
  for (const name of [...known, ...others]) {
    const value = record[name];
    if (value !== undefined) out[name] = copy(value);
  }
  return out;
}

function quantiles(q: Quantiles): Quantiles {
  return { p50: q.p50, p95: q.p95, p99: q.p99, max: q.max, mean: q.mean };
}

function range(r: Range): Range {
  return { min: r.min, max: r.max };
}

function bound(b: Bound): Bound {
  const out: Bound = {};
  if (b.min !== undefined) out.min = b.min;
  if (b.max !== undefined) out.max = b.max;
  return out;
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
