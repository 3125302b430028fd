// A replica's part written: replica I of N of each scenario a `run` was given, each with its
// result and the run's tallies as data (src/sim/tally-state.ts), so `idemsim merge` can pool
// the replicas exactly. Tallies hold non-finite numbers (an empty histogram's minimum is
// Infinity), which the part writes by name.
import { canonicalScenario } from '../../model/canonical-scenario.js';
import type { ReplicaPart } from '../../saved/replica-part.js';
import { canonicalTimeSeries } from '../run/time-series.js';
import { runEntry } from './run.js';

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
