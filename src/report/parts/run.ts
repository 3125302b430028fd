// One simulated run as a part carries it: the scenario that ran, its metrics and time
// series as `run --format json` writes them, and its intervals without loss. The report
// formats write a non-finite interval end as null (a mean over nothing, or a quantile's
// open end), which a reader cannot tell apart; a part is read back to be rendered again,
// so it writes Infinity and -Infinity by name and null only for NaN.
import { carriedBy } from '../../model/features.js';
import { canonicalIntervals, type Interval, type Intervals, type RunResult } from '../../model/result.js';
import { canonicalScenario, type Scenario } from '../../model/scenario.js';
import { readMetrics, type ScenarioReader } from '../run/summary.js';
import { reportedMetrics } from '../run/carried.js';
import { canonicalTimeSeries, readTimeSeries } from '../run/time-series.js';
import { ShapeError, describe, dictionary, object, text, type Reader } from '../shape.js';

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

const readBound: Reader<number> = (value, path) => {
  if (value === null) return Number.NaN;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new ShapeError(path, `expected a number, "Infinity", "-Infinity" or null; found ${describe(value)}`);
};

const readIntervals = dictionary<Interval>((value, path) => {
  const source = object(value, path);
  return { low: readBound(source['low'], `${path}.low`), high: readBound(source['high'], `${path}.high`) };
});

/** A run read back: its scenario through the scenario loader, its result checked field by field. */
export function readRunEntry(
  value: unknown,
  path: string,
  readScenario: ScenarioReader,
): { scenario: Scenario; result: RunResult } {
  const run = object(value, path);
  const scenario = scenarioOf(run['scenario'], `${path}.scenario`, readScenario);
  const metrics = readMetrics(run['metrics'], `${path}.metrics`, 'error', carriedBy(scenario));
  const intervals: Intervals = canonicalIntervals(readIntervals(run['intervals'], `${path}.intervals`));
  const result: RunResult = { metrics, intervals };
  if (run['timeSeries'] !== undefined) result.timeSeries = readTimeSeries(run['timeSeries'], `${path}.timeSeries`);
  return { scenario, result };
}

/** A scenario embedded in a part, loaded as a file would be (JSON is YAML). */
export function scenarioOf(value: unknown, path: string, readScenario: ScenarioReader): Scenario {
  const source = object(value, path);
  text(source['name'], `${path}.name`);
  const scenario = readScenario(JSON.stringify(source), path);
  if (typeof scenario === 'string') throw new ShapeError(path, scenario);
  return scenario;
}
