// A sweep shard's part read back (src/report/parts/sweep.ts writes it): its dimensions, each
// point checked to be one of its shard's and to sit where the dimensions put it.
import type { Scenario } from '../model/scenario.js';
import { atOf, type Sweep, type SweepRun, type Vary, type VaryKind } from '../model/sweep.js';
import { readMetricNames, withListed } from './metrics.js';
import { readRunEntry } from './run-entry.js';
import { type ScenarioReader, scenarioOf } from './scenario.js';
import {
  NAME_MAX,
  ShapeError,
  count,
  describe,
  list,
  object,
  oneOf,
  record,
  text,
  textUpTo,
  type Reader,
} from './shape.js';

/** A --vary dimension as given (path and spec), for the sweep: block of a report's scenario.yaml. */
export interface Dimension {
  path: string;
  spec: string;
}

export interface SweepPart {
  idemsim: string;
  /** This part's shard, 1 to `of`. */
  shard: number;
  of: number;
  /** Points in the whole sweep. */
  points: number;
  sweep: Omit<Sweep, 'points'> & { dims: Dimension[]; base: Scenario };
  /** This shard's points, each with its index in the whole sweep. */
  runs: { index: number; run: SweepRun }[];
}

/** Whether point `index` belongs to shard `shard` of `of` (round robin). */
export function inShard(index: number, shard: number, of: number): boolean {
  return index % of === shard - 1;
}

const VARY_KINDS: Record<VaryKind, true> = { duration: true, size: true, probability: true, other: true };

/**
 * A dimension's path, value, label or `path=value` set: a field path and one value of it,
 * the longest a string a sweep may vary (a seed, at most 200 characters) written out.
 */
const short = textUpTo(300);

const value: Reader<number | string | boolean> = (v, path) => {
  if (typeof v === 'string') return short(v, path);
  if (typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
  throw new ShapeError(path, `expected a number, a string or true/false; found ${describe(v)}`);
};

const readVary: Reader<Vary> = (v, path) => {
  const vary = record<Vary>({
    path: short,
    kind: oneOf(VARY_KINDS),
    sets: list(short),
    values: list(value),
    labels: list(short),
  })(v, path);
  const n = vary.values.length;
  if (n === 0 || vary.sets.length !== n || vary.labels.length !== n) {
    throw new ShapeError(path, 'expected as many sets and labels as values, and at least one');
  }
  return vary;
};

/** The rest of a sweep part, once its `part` header says it is one; `header` is already read. */
export function readSweepPart(
  top: Record<string, unknown>,
  header: { idemsim: string; shard: number; of: number; points: number },
  readScenario: ScenarioReader,
): SweepPart {
  const block = object(top['sweep'], 'sweep');
  const vary = list(readVary)(block['vary'], 'sweep.vary');
  const metrics = readMetricNames(block['metrics'], 'sweep.metrics');
  const sweep = {
    name: textUpTo(NAME_MAX)(block['name'], 'sweep.name'),
    vary,
    metrics,
    dims: list(record<Dimension>({ path: short, spec: text }))(block['dims'], 'sweep.dims'),
    base: scenarioOf(block['scenario'], 'sweep.scenario', readScenario),
  };
  const runs = list((entry, path) => {
    const point = object(entry, path);
    const index = count(point['index'], `${path}.index`);
    const at = list(count)(point['at'], `${path}.at`);
    if (index >= header.points || !inShard(index, header.shard, header.of)) {
      throw new ShapeError(`${path}.index`, `point ${index} is not one of shard ${header.shard}/${header.of}'s`);
    }
    if (!sameCell(at, atOf(index, vary))) {
      throw new ShapeError(`${path}.at`, `does not match point ${index} of the sweep's dimensions`);
    }
    const { scenario, result } = readRunEntry(point, path, readScenario);
    // A listed metric of a group the point's scenario does not carry: its part left it out.
    result.metrics = withListed(result.metrics, metrics);
    return { index, run: { at, scenario, result } };
  })(top['points'], 'points');
  return { ...header, sweep, runs };
}

function sameCell(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
