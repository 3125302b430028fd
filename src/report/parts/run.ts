// One simulated run as a part carries it: the scenario that ran, its metrics and time
// series as `run --format json` writes them, and its intervals without loss. The report
// formats write a non-finite interval end as null (a mean over nothing, or a quantile's
// open end), which a reader cannot tell apart; a part is read back to be rendered again
// (src/saved/run-entry.ts), so it writes Infinity and -Infinity by name and null only for NaN.
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
    metrics: reportedMetrics(scenario, result.metrics),
    intervals,
    ...(result.timeSeries === undefined ? {} : { timeSeries: canonicalTimeSeries(result.timeSeries) }),
  };
}

function bound(x: number): number | string | null {
  if (Number.isNaN(x)) return null;
  return Number.isFinite(x) ? x : String(x);
}
