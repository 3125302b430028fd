// The machine-readable report: { idemsim, runs: [{ scenario, metrics, intervals, timeSeries?, batches? }] }.
// Stable by construction: keys in the order of the types (canonical.ts), two-space
// indent, a trailing newline, numbers in JavaScript's shortest round-trip form, so the
// same scenario, seed and version give byte-identical output. Non-finite numbers (NaN,
// +-Infinity, e.g. a mean over nothing) are written as null, as JSON.stringify does;
// -0 is written as 0. The extended metrics and the time series appear only for scenarios
// that use them (carried.ts, time-series.ts); the batches only for a single run (not pooled
// replicas), which a later `diff` pairs with a run on the same seed (batches.ts).
import { type ScenarioRun } from '../../model/result.js';
import { canonicalIntervals } from '../../model/canonical.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import { reportedMetrics } from './carried.js';
import { canonicalTimeSeries } from './time-series.js';
import { canonicalBatches, inlineSums } from './batches.js';

export function renderJson(runs: readonly ScenarioRun[], version: string): string {
  const document = {
    idemsim: version,
    runs: runs.map(({ scenario, result, replicas }) => ({
      scenario: canonicalScenario(scenario),
      ...(replicas === undefined ? {} : { replicas }),
      metrics: reportedMetrics(scenario, result.metrics),
      intervals: canonicalIntervals(result.intervals),
      ...(result.timeSeries === undefined ? {} : { timeSeries: canonicalTimeSeries(result.timeSeries) }),
      ...(result.batches === undefined ? {} : { batches: canonicalBatches(result.batches) }),
    })),
  };
  return `${inlineSums(JSON.stringify(document, null, 2))}\n`;
}
