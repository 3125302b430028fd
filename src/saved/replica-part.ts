// A replica's part read back (src/report/parts/replica.ts writes it): each run's scenario as
// given and as run, its result, and its tallies with exactly the fields this idemsim's
// tallies have, non-finite numbers by name.
import type { RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import type {
  HistogramState,
  RatioState,
  RunState,
  TallyShape,
  TallyState,
  WelfordState,
} from '../model/tally-state.js';
import { HISTOGRAM_BUCKETS } from '../stats/histogram.js';
import { readRunEntry } from './run-entry.js';
import { type ScenarioReader, scenarioOf } from './scenario.js';
import { ShapeError, count, describe, list, nullable, object, record, type Reader } from './shape.js';
import { readTimeSeries } from './time-series.js';

export interface ReplicaRun {
  /** The scenario as given: its own seed, before the replica's is derived from it. */
  base: Scenario;
  /** The scenario the replica ran (its derived seed). */
  scenario: Scenario;
  result: RunResult;
  state: RunState;
}

export interface ReplicaPart {
  idemsim: string;
  /** 1 to `of`. */
  replica: number;
  of: number;
  runs: ReplicaRun[];
}

const anyNumber: Reader<number> = (value, path) => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  if (value === 'NaN') return Number.NaN;
  throw new ShapeError(path, `expected a number; found ${describe(value)}`);
};

const readWelford = record<WelfordState>({ n: count, mean: anyNumber, m2: anyNumber });
const readRatio = record<RatioState>({
  n: count,
  x: anyNumber,
  y: anyNumber,
  xx: anyNumber,
  yy: anyNumber,
  xy: anyNumber,
});

const readHistogram: Reader<HistogramState> = (value, path) => {
  const source = object(value, path);
  const buckets = list((pair, at) => {
    const [bucket, n] = list(count)(pair, at);
    if (bucket === undefined || n === undefined || bucket >= HISTOGRAM_BUCKETS || n === 0) {
      throw new ShapeError(at, `expected [bucket, count] with a bucket below ${HISTOGRAM_BUCKETS} and a count above 0`);
    }
    return [bucket, n] as [number, number];
  })(source['buckets'], `${path}.buckets`);
  return {
    count: count(source['count'], `${path}.count`),
    min: anyNumber(source['min'], `${path}.min`),
    max: anyNumber(source['max'], `${path}.max`),
    moments: readWelford(source['moments'], `${path}.moments`),
    buckets,
  };
};

/** Exactly the fields a Tally has (`shape`), each of its kind. */
function readTally(value: unknown, path: string, shape: TallyShape): TallyState {
  const source = object(value, path);
  const group = <T>(kind: keyof TallyState, read: Reader<T>): Record<string, T> => {
    const fields = object(source[kind], `${path}.${kind}`);
    const names = shape[kind];
    const extra = Object.keys(fields).find((name) => !names.includes(name));
    if (extra !== undefined) throw new ShapeError(`${path}.${kind}.${extra}`, 'not a tally of this idemsim');
    return Object.fromEntries(names.map((name) => [name, read(fields[name], `${path}.${kind}.${name}`)]));
  };
  return {
    counts: group('counts', anyNumber),
    welfords: group('welfords', readWelford),
    ratios: group('ratios', readRatio),
    histograms: group('histograms', readHistogram),
  };
}

const readStore = nullable(
  record<{ peakKeys: number; peakKeysAt: number }>({ peakKeys: count, peakKeysAt: anyNumber }),
);

export function readReplicaPart(
  top: Record<string, unknown>,
  header: { idemsim: string; replica: number; of: number },
  readScenario: ScenarioReader,
  shape: TallyShape,
): ReplicaPart {
  const runs = list((entry, path) => {
    const run = object(entry, path);
    const base = scenarioOf(run['base'], `${path}.base`, readScenario);
    const { scenario, result } = readRunEntry(run, path, readScenario);
    const state = object(run['state'], `${path}.state`);
    const series = state['timeSeries'];
    return {
      base,
      scenario,
      result,
      state: {
        tally: readTally(state['tally'], `${path}.state.tally`, shape),
        store: readStore(state['store'], `${path}.state.store`),
        timeSeries: series === null ? null : readTimeSeries(series, `${path}.state.timeSeries`),
      },
    };
  })(top['runs'], 'runs');
  if (runs.length === 0) throw new ShapeError('runs', 'expected at least one run; found none');
  return { ...header, runs };
}
