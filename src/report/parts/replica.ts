// A replica's part: replica I of N of each scenario a `run` was given, each with its result
// and the run's tallies as data (src/sim/tally-state.ts), so `idemsim merge` can pool the
// replicas exactly. Tallies hold non-finite numbers (an empty histogram's minimum is
// Infinity), which the part writes by name.
import { type Scenario } from '../../model/scenario.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import type { RunResult } from '../../model/result.js';
import type {
  HistogramState,
  RatioState,
  RunState,
  TallyShape,
  TallyState,
  WelfordState,
} from '../../model/tally-state.js';
import { HISTOGRAM_BUCKETS } from '../../stats/histogram.js';
import type { ScenarioReader } from '../run/summary.js';
import { readTimeSeries, canonicalTimeSeries } from '../run/time-series.js';
import { ShapeError, count, describe, list, nullable, object, record, type Reader } from '../shape.js';
import { readRunEntry, runEntry, scenarioOf } from './run.js';

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

export function replicaPartDocument(part: ReplicaPart, partVersion: number): unknown {
  return {
    idemsim: part.idemsim,
    part: { version: partVersion, kind: 'replica', replica: part.replica, of: part.of },
    runs: part.runs.map(({ base, scenario, result, state }) => ({
      base: canonicalScenario(base),
      ...runEntry(scenario, result),
      state: {
        tally: named(state.tally),
        store: state.store,
        timeSeries: state.timeSeries === null ? null : canonicalTimeSeries(state.timeSeries),
      },
    })),
  };
}

/** Numbers as JSON keeps them, and Infinity, -Infinity, NaN by name. */
function named(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (Array.isArray(value)) return value.map(named);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, named(v)]));
  }
  return value;
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
