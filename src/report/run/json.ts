// The machine-readable report: { idemsim, runs: [{ scenario, metrics, intervals }] }.
// Stable by construction: keys in the order of the types (canonical.ts), two-space
// indent, a trailing newline, numbers in JavaScript's shortest round-trip form, so the
// same scenario, seed and version give byte-identical output. Non-finite numbers (NaN,
// +-Infinity, e.g. a mean over nothing) are written as null, as JSON.stringify does;
// -0 is written as 0.
import { canonicalIntervals, canonicalMetrics, type ScenarioRun } from '../../model/result.js';
import { canonicalScenario } from '../../model/scenario.js';

export function renderJson(runs: readonly ScenarioRun[], version: string): string {
  const document = {
    idemsim: version,
    runs: runs.map((run) => ({
      scenario: canonicalScenario(run.scenario),
      metrics: canonicalMetrics(run.result.metrics),
      intervals: canonicalIntervals(run.result.intervals),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
