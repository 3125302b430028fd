// Runs sweep points on worker threads. Each point's result depends on its scenario alone
// (seeded streams, no shared state), so results are identical whatever --jobs is; they are
// returned in point order.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Scenario } from '../model/scenario.js';
import type { Sizing } from '../model/precision.js';
import type { SizedRun } from '../sim/sized.js';
import { runPoint } from './point.js';
import type { RunResult } from '../model/result.js';
import type { PointJob } from './worker.js';

export async function simulateAll(
  scenarios: readonly Scenario[],
  jobs: number,
  onPointDone: (done: number) => void = () => {},
): Promise<RunResult[]> {
  const runs = await pointsOnWorkers(scenarios, null, jobs, onPointDone);
  return runs.map((r) => r.result);
}

/** Each scenario sized by `sizing` (see src/sim/sized.ts), on worker threads; in order. */
export async function simulateAllSized(
  scenarios: readonly Scenario[],
  sizing: Sizing,
  jobs: number,
  onPointDone: (done: number) => void = () => {},
): Promise<SizedRun[]> {
  return pointsOnWorkers(scenarios, sizing, jobs, onPointDone);
}

async function pointsOnWorkers(
  scenarios: readonly Scenario[],
  sizing: Sizing | null,
  jobs: number,
  onPointDone: (done: number) => void,
): Promise<SizedRun[]> {
  if (jobs <= 1 || scenarios.length <= 1) {
    return scenarios.map((scenario, i) => {
      const run = runPoint(scenario, sizing);
      onPointDone(i + 1);
      return run;
    });
  }
  const script = new URL('./worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(script))) throw new Error(`sweep worker not built: ${fileURLToPath(script)}`);
  const results: (SizedRun | undefined)[] = new Array<SizedRun | undefined>(scenarios.length);
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: Math.min(jobs, scenarios.length) }, () => new Worker(script));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = (): void => {
              if (next >= scenarios.length) {
                resolve();
                return;
              }
              const job: PointJob = {
                index: next,
                scenario: scenarios[next] as Scenario,
                sizing,
              };
              next++;
              worker.postMessage(job);
            };
            worker.on('message', (message: { index: number; run: SizedRun }) => {
              results[message.index] = message.run;
              onPointDone(++done);
              feed();
            });
            worker.on('error', reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results as SizedRun[];
}
