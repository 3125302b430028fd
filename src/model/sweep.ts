// What a sweep is made of: the dimensions it varies (each value normalized, labelled as a
// person writes it), and the points it ran, each a scenario beside its result. Sweeps,
// their report and the recommend search's `--vary` dimensions all share these shapes.
import type { RunResult } from './result.js';
import type { Scenario } from './scenario.js';

/** Most points one sweep may ask for (all dimensions multiplied). */
export const MAX_SWEEP_POINTS = 10_000;

/** The metrics a sweep reports unless --metric or the file's `sweep:` block says otherwise. */
export const DEFAULT_SWEEP_METRICS: readonly string[] = [
  'duplicatesPerThousand',
  'lostPerThousand',
  'conflictRate',
  'latency.call.p95',
  'keyStore.steadyStateBytes',
];

/** What kind of quantity a varied field holds, which decides how an axis shows it. */
export type VaryKind = 'duration' | 'size' | 'probability' | 'other';

/** One dimension of a sweep: `--vary PATH=SPEC`, or an entry of the `sweep:` block. */
export interface Vary {
  path: string;
  kind: VaryKind;
  /** The `--set path=value` argument of each value, in order. */
  sets: string[];
  /** Each value normalized (ms, bytes, ratio), as the scenario holds it. */
  values: (number | string | boolean)[];
  /** Each value as a person writes it (`1.5s`, `5m`), for tables and axes. */
  labels: string[];
}

export interface SweepPoint {
  /** Index into each dimension's values, in --vary order. */
  at: number[];
  scenario: Scenario;
}

export interface SweepRun extends SweepPoint {
  result: RunResult;
}

export interface Sweep {
  name: string;
  vary: Vary[];
  metrics: string[];
  points: SweepRun[];
}

/** The coordinates of point `index`: the last dimension varies fastest. */
export function atOf(index: number, vary: readonly Vary[]): number[] {
  const at: number[] = [];
  let rest = index;
  for (let d = vary.length - 1; d >= 0; d--) {
    const n = (vary[d] as Vary).values.length;
    at[d] = rest % n;
    rest = Math.floor(rest / n);
  }
  return at;
}
