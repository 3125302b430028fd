// One run of a part read back (src/report/parts/run.ts writes it): its scenario through the
// scenario loader, its metrics, intervals and time series checked by the readers every saved
// file goes through, non-finite numbers by name (Infinity and -Infinity; null for NaN) so
// that nothing is lost. A part is merged only with parts of its own version, so a name that
// is no metric of this idemsim was edited in, and refused.
import { carriedBy } from '../model/features.js';
import { type Intervals, type RunResult } from '../model/result.js';
import { canonicalIntervals } from '../model/canonical.js';
import type { Scenario } from '../model/scenario.js';
import { readIntervals, readMetrics } from './metrics.js';
import { type ScenarioReader, scenarioOf } from './scenario.js';
import { object } from './shape.js';
import { readTimeSeries } from './time-series.js';

/** A run read back: its scenario through the scenario loader, its result checked field by field. */
export function readRunEntry(
  value: unknown,
  path: string,
  readScenario: ScenarioReader,
): { scenario: Scenario; result: RunResult } {
  const run = object(value, path);
  const scenario = scenarioOf(run['scenario'], `${path}.scenario`, readScenario);
  const metrics = readMetrics(run['metrics'], `${path}.metrics`, {
    absent: 'error',
    unknown: 'refuse',
    carried: carriedBy(scenario),
    named: true,
  });
  const read = readIntervals(run['intervals'], `${path}.intervals`, { ends: 'named', unknown: 'refuse' });
  const intervals: Intervals = canonicalIntervals(read);
  const result: RunResult = { metrics, intervals };
  if (run['timeSeries'] !== undefined) result.timeSeries = readTimeSeries(run['timeSeries'], `${path}.timeSeries`);
  return { scenario, result };
}
