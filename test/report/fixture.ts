// Hand-built runs for renderer tests: plausible numbers for the article defaults (about
// 44 duplicates per thousand) and for an intent-keyed variant, independent of the core.
import { defaultScenario } from '../../src/model/scenario.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { Intervals, Metrics, RunResult } from '../../src/model/result.js';
import type { ScenarioRun } from '../../src/model/result.js';

export function fixtureMetrics(): Metrics {
  return {
    actions: 4000,
    attempts: 4185,
    toolCalls: 4003,
    executions: 4175,
    duplicates: 175,
    duplicatesPerThousand: 43.75,
    duplicatesBySource: { transport: 172, replan: 3, replay: 0 },
    retentionMisses: 0,
    raceDuplicates: 0,
    lostActions: 0,
    lostPerThousand: 0,
    mergedActions: 0,
    unknownOutcomes: 2,
    unknownPerThousand: 0.5,
    falseFailures: 2,
    falseFailuresPerThousand: 0.5,
    serverCrashes: { total: 0, beforeEffect: 0, afterEffect: 0 },
    orphanedRecords: 0,
    leaseTakeovers: 0,
    leaseTakeoverDuplicates: 0,
    checks: 0,
    checksThatFoundCommit: 0,
    checksMisled: 0,
    hedges: 0,
    retriesRefused: { budget: 0, throttle: 0 },
    responses: {
      ok: 4010,
      replayed: 0,
      conflict: 0,
      mismatch: 0,
      rejected: 0,
      serverError: 0,
      timeout: { total: 175, slow: 94, replyLost: 81, requestLost: 0, serverCrash: 0 },
    },
    conflictRate: 0,
    mismatchRate: 0,
    dedupHitRate: 0,
    attemptsPerAction: 1.04625,
    attemptsPerCall: { mean: 0, max: 0 },
    executionsPerAction: 1.04375,
    latency: {
      call: { p50: 312.4, p95: 1234.5, p99: 1890.2, max: 4810.7, mean: 402.1 },
      step: { p50: 318.9, p95: 1290.0, p99: 2001.3, max: 125_000.4, mean: 488.8 },
    },
    keyStore: { peakKeys: 0, peakKeysAt: 0, peakBytes: 0, steadyStateKeys: 0, steadyStateBytes: 0 },
    service: { peakConcurrency: 41, queueWait: { p95: 0 } },
  };
}

export function fixtureIntervals(): Intervals {
  return {
    duplicatesPerThousand: { low: 37.41, high: 50.09 },
    lostPerThousand: { low: 0, high: 0 },
    unknownPerThousand: { low: 0, high: 1.19 },
    attemptsPerAction: { low: 1.0397, high: 1.0528 },
    'latency.call.p95': { low: 1180.2, high: 1301.9 },
    'latency.call.mean': { low: 395.3, high: 408.9 },
  };
}

export function fixtureResult(): RunResult {
  return { metrics: fixtureMetrics(), intervals: fixtureIntervals() };
}

/** The article defaults, as the loader would normalize them. */
export function defaultsRun(): ScenarioRun {
  return { scenario: defaultScenario(), result: fixtureResult() };
}

/** An intent-keyed scenario: no duplicates, a key store of 180,000 records (36 MB). */
export function intentRun(name = 'refunds-3-intent-key'): ScenarioRun {
  const scenario: Scenario = defaultScenario();
  scenario.name = name;
  scenario.keys.scope = 'intent';
  const metrics = fixtureMetrics();
  metrics.duplicates = 0;
  metrics.duplicatesPerThousand = 0;
  metrics.duplicatesBySource = { transport: 0, replan: 0, replay: 0 };
  metrics.responses.replayed = 171;
  metrics.dedupHitRate = 171 / 4185;
  metrics.conflictRate = 4 / 4185;
  metrics.responses.conflict = 4;
  metrics.keyStore = {
    peakKeys: 4000,
    peakKeysAt: 80_012.5,
    peakBytes: 800_000,
    steadyStateKeys: 180_000.4,
    steadyStateBytes: 36_000_080,
  };
  const intervals = fixtureIntervals();
  intervals['duplicatesPerThousand'] = { low: 0, high: 0 };
  return { scenario, result: { metrics, intervals } };
}
