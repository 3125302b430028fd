// Runs sweep points on the main thread and on worker threads. Each point's result depends
// on its scenario alone (seeded streams, no shared state), so results are identical
// whatever --jobs is; they are returned in point order.
//
// With --jobs N the main thread is one of the N runners and N - 1 workers start: a worker
// pays 0.1 to 0.2 s to start (a new isolate, every module loaded and compiled again) that
// the main thread, already loaded, does not. All runners take points from one shared
// counter, so a worker never waits for the main thread to hand it work while the main
// thread simulates, and points of unequal cost balance themselves. A worker ends when the
// counter runs out, and nobody waits for its teardown (freeing a large heap takes 0.1 s).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Scenario } from '../model/scenario.js';
import type { Sizing } from '../model/precision.js';
import type { SizedRun } from '../sim/sized.js';
import { runPoint } from './point.js';
import type { RunResult } from '../model/result.js';
import type { PointResult, PointsJob } from './worker.js';

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
  const total = scenarios.length;
  const runners = Math.min(jobs, total);
  if (runners <= 1) {
    return scenarios.map((scenario, i) => {
      const run = runPoint(scenario, sizing);
      onPointDone(i + 1);
      return run;
    });
  }
  // Beside this module, in its format: worker.js from tsc; in the CLI's bundle, the
  // bundle's worker.cjs, started by the bundle's worker-boot.cjs from its stored code.
  const inBundle = import.meta.url.endsWith('.cjs');
  const script = new URL(inBundle ? './worker-boot.cjs' : './worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(script))) throw new Error(`sweep worker not built: ${fileURLToPath(script)}`);
  const results = new Array<SizedRun | undefined>(total);
  const next = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const job: PointsJob = { scenarios, sizing, next: next.buffer as SharedArrayBuffer };
  let done = 0;
  let failed = false;
  let allIn: () => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    allIn = resolve;
    fail = (error) => {
      failed = true;
      // No runner takes another point.
      Atomics.store(next, 0, total);
      reject(error);
    };
  });
  // A worker may fail while the main thread simulates, before anyone awaits `finished`.
  finished.catch(() => {});
  const record = (index: number, run: SizedRun): void => {
    results[index] = run;
    onPointDone(++done);
    if (done === total) allIn();
  };
  const workers = Array.from({ length: runners - 1 }, () => {
    const worker = new Worker(script, { workerData: job });
    worker.on('message', (message: PointResult) => record(message.index, message.run));
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`sweep worker stopped with exit code ${code}`));
    });
    return worker;
  });
  try {
    // Past the end, Atomics.add still counts up: every runner sees that no point is left.
    for (let index = Atomics.add(next, 0, 1); index < total; index = Atomics.add(next, 0, 1)) {
      record(index, runPoint(scenarios[index] as Scenario, sizing));
      // Between its points the main thread takes in the workers' results and errors.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await finished;
  } catch (error) {
    if (!failed) fail(error);
    await Promise.all(workers.map((worker) => worker.terminate()));
    throw error;
  }
  // Every result is in, so every worker has found the counter past the end and is ending.
  for (const worker of workers) worker.unref();
  return results as SizedRun[];
}
