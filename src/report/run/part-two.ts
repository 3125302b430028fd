// Which metrics a run's reports carry. The part-two metrics (MODEL.md part two: the
// service's crashes, leases, checks, the key store's peak time) appear only for scenarios
// that use a part-two feature, so a report of any other scenario stays as it was before
// they existed. Whether a run carries them is decided by its scenario, never by the
// values, so a folder redrawn from summary.json is the folder `run` wrote.
import { carriedBy, usesOptionalMetrics } from '../../model/features.js';
import { type Carried, PART_ONE_ONLY, eitherCarried } from '../../model/metrics.js';
import { canonicalMetrics, type Metrics } from '../../model/result.js';
import type { Scenario } from '../../model/scenario.js';

/** The run's scenario uses a part-two feature, so its reports carry the part-two metrics. */
export function carriesPartTwo(run: { scenario: Scenario }): boolean {
  return usesOptionalMetrics(run.scenario);
}

/** Some run carries the part-two metrics: a report of them all shows their rows. */
export function anyPartTwo(runs: readonly { scenario: Scenario }[]): boolean {
  return runs.some(carriesPartTwo);
}

/** The optional metric groups some run carries: a report of them all shows their rows. */
export function carriedByAny(runs: readonly { scenario: Scenario }[]): Carried {
  return runs.reduce((c, run) => eitherCarried(c, carriedBy(run.scenario)), PART_ONE_ONLY);
}

/** The metrics as a report writes them: in canonical order, each optional group only where the scenario uses it. */
export function reportedMetrics(scenario: Scenario, metrics: Metrics): Metrics {
  return canonicalMetrics(metrics, carriedBy(scenario));
}
