// One simulated run as a part carries it: the scenario that ran, its metrics and time
// series as `run --format json` writes them, and its metrics and intervals without loss.
// The report formats write a non-finite number as null (a mean over nothing, a quantile's
// open end, a quantile open-ended past the histogram's 2^44 ms), which a reader cannot tell
// apart; a part is read back to be rendered again (src/saved/run-entry.ts), so it writes
// Infinity and -Infinity by name and null only for NaN.
import { type RunResult } from '../../model/result.js';
import { canonicalIntervals } from '../../model/canonical.js';
import type { Scenario } from '../../model/scenario.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import { reportedMetrics } from '../run/carried.js';
import { canonicalTimeSeries } from '../run/time-series.js';

/** A run as JSON-ready data. */
export function runEntry(scenario: Scenario, result: RunResult): Record<string, unknown> {
  const intervals: Record<string, { low: number | string | null; high: number | string | null }> = {};
  for (const [name, { low, high }] of Object.entries(canonicalIntervals(result.intervals))) {
    intervals[name] = { low: bound(low), high: bound(high) };
  }
  return {
    scenario: canonicalScenario(scenario),
    metrics: namedNumbers(reportedMetrics(scenario, result.metrics)),
    intervals,
    ...(result.timeSeries === undefined ? {} : { timeSeries: canonicalTimeSeries(result.timeSeries) }),
  };
}

/** Every number of the metrics as `bound` writes it (of them only an open-ended quantile is infinite), in key order. */
function namedNumbers(value: unknown): unknown {
  if (typeof value === 'number') return bound(value);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, namedNumbers(v)]));
}

function bound(x: number): number | string | null {
  if (Number.isNaN(x)) return null;
  return Number.isFinite(x) ? x : String(x);
}
