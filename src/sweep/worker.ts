// A sweep worker thread: simulates the scenarios it is sent and posts each result back
// with its index, so the results come out in point order whatever the scheduling.
import { parentPort } from 'node:worker_threads';
import type { Scenario } from '../model/scenario.js';
import { simulate } from '../sim/simulate.js';

export interface PointJob {
  index: number;
  scenario: Scenario;
}

parentPort?.on('message', (job: PointJob) => {
  parentPort?.postMessage({ index: job.index, result: simulate(job.scenario) });
});
