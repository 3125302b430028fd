// One run of a part read back (src/report/parts/run.ts writes it): its scenario through the
// scenario loader, its metrics and time series checked, and its intervals without loss:
// Infinity and -Infinity by name, null for NaN.
import { carriedBy } from '../model/features.js';
import { type Interval, type Intervals, type RunResult } from '../model/result.js';
import { canonicalIntervals } from '../model/canonical.js';
import type { Scenario } from '../model/scenario.js';
import { readMetrics } from './metrics.js';
import { type ScenarioReader, scenarioOf } from './scenario.js';
import { ShapeError, describe, dictionary, object, type Reader } from './shape.js';
import { readTimeSeries } from './time-series.js';

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
  const metrics = readMetrics(run['metrics'], `${path}.metrics`, {
    absent: 'error',
    unknown: 'ignore',
    carried: carriedBy(scenario),
  });
  const intervals: Intervals = canonicalIntervals(readIntervals(run['intervals'], `${path}.intervals`));
  const result: RunResult = { metrics, intervals };
  if (run['timeSeries'] !== undefined) result.timeSeries = readTimeSeries(run['timeSeries'], `${path}.timeSeries`);
  return { scenario, result };
}
