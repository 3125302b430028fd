// Which metrics a run's reports carry. The part-two metrics (MODEL.md part two: the
// service's crashes, leases, checks, the key store's peak time) appear only for scenarios
// that use a part-two feature, so a report of any other scenario stays as it was before
// they existed. Whether a run carries them is decided by its scenario, never by the
// values, so a folder redrawn from summary.json is the folder `run` wrote.
import { usesPartTwo } from '../../model/features.js';
import { canonicalMetrics, type Metrics } from '../../model/result.js';
import type { Scenario } from '../../model/scenario.js';

/** The run's scenario uses a part-two feature, so its reports carry the part-two metrics. */
export function carriesPartTwo(run: { scenario: Scenario }): boolean {
  return usesPartTwo(run.scenario);
}

/** Some run carries the part-two metrics: a report of them all shows their rows. */
export function anyPartTwo(runs: readonly { scenario: Scenario }[]): boolean {
  return runs.some(carriesPartTwo);
}

/** The metrics as a report writes them: in canonical order, the part-two ones only where the scenario uses them. */
export function reportedMetrics(scenario: Scenario, metrics: Metrics): Metrics {
  return canonicalMetrics(metrics, usesPartTwo(scenario));
}
