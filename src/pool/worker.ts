// A sweep worker thread: takes points from the counter it shares with the main thread and
// the other workers, simulates (or sizes) each, and posts each run back with its index, so
// the results come out in point order whatever the scheduling. It ends when the counter
// passes the last point.
import { parentPort, workerData } from 'node:worker_threads';
import type { Scenario } from '../model/scenario.js';
import type { Sizing } from '../model/precision.js';
import type { SizedRun } from '../sim/sized.js';
import { runPoint } from './point.js';

/** What every runner of one sweep shares: the points, and the index of the next one to take. */
export interface PointsJob {
  scenarios: readonly Scenario[];
  /** Size each run by precision (null: the scenario's own actions). */
  sizing: Sizing | null;
  /** One Int32: the next point's index, taken with Atomics.add. */
  next: SharedArrayBuffer;
  /** The process's memory ceiling, bytes (memory-guard.ts), the runners sharing it, and its memory before they began. */
  ceiling: number;
  runners: number;
  before: number;
}

export interface PointResult {
  index: number;
  run: SizedRun;
}

const port = parentPort;
if (port !== null) {
  const { scenarios, sizing, next, ceiling, runners, before } = workerData as PointsJob;
  const counter = new Int32Array(next);
  for (let index = Atomics.add(counter, 0, 1); index < scenarios.length; index = Atomics.add(counter, 0, 1)) {
    const result: PointResult = {
      index,
      run: runPoint(scenarios[index] as Scenario, sizing, ceiling, { threads: runners, before }),
    };
    port.postMessage(result);
  }
}
