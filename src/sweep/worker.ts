// A sweep worker thread: simulates (or sizes) the scenarios it is sent and posts each run
// back with its index, so the results come out in point order whatever the scheduling.
import { parentPort } from 'node:worker_threads';
import type { Scenario } from '../model/scenario.js';
import type { Sizing } from '../model/precision.js';
import { runPoint } from './point.js';

export interface PointJob {
  index: number;
  scenario: Scenario;
  /** Size the run by precision (null: the scenario's own actions). */
  sizing: Sizing | null;
}

parentPort?.on('message', (job: PointJob) => {
  parentPort?.postMessage({ index: job.index, run: runPoint(job.scenario, job.sizing) });
});
