// Which metrics a run's reports carry. The extended metrics (the service's crashes, leases
// and checks, the key store's peak time) and the client metrics (retry limits, hedging)
// appear only for scenarios that use those features, so a report of any other scenario
// stays as it was before they existed. Whether a run carries them is decided by its
// scenario, never by the values, so a folder redrawn from summary.json is the folder `run` wrote.
import { carriedBy } from '../../model/features.js';
import { eitherCarried } from '../../model/metrics.js';
import { type Carried, NO_GROUP } from '../../model/metric-types.js';
import { type Metrics } from '../../model/result.js';
import { canonicalMetrics } from '../../model/canonical.js';
import type { Scenario } from '../../model/scenario.js';

/** Some run's scenario uses an extended feature, so a report of them all shows the extended rows. */
export function anyExtended(runs: readonly { scenario: Scenario }[]): boolean {
  return runs.some((run) => carriedBy(run.scenario).extended);
}

/** The optional metric groups some run carries: a report of them all shows their rows. */
export function carriedByAny(runs: readonly { scenario: Scenario }[]): Carried {
  return runs.reduce((c, run) => eitherCarried(c, carriedBy(run.scenario)), NO_GROUP);
}

/** The metrics as a report writes them: in canonical order, each optional group only where the scenario uses it. */
export function reportedMetrics(scenario: Scenario, metrics: Metrics): Metrics {
  return canonicalMetrics(metrics, carriedBy(scenario));
}
