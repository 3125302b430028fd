// Runs sweep points on the main thread and on worker threads. Each point's result depends
// on its scenario alone (seeded streams, no shared state), so results are identical
// whatever --jobs is; they are returned in point order.
//
// With --jobs N the main thread is one of the N runners and N - 1 workers start: a worker
// pays 0.1 to 0.2 s to start (a new isolate, every module loaded and compiled again) that
// the main thread, already loaded, does not. All runners take points from one shared
// counter, so a worker never waits for the main thread to hand it work while the main
// thread simulates, and points of unequal cost balance themselves. A worker ends when the
// counter runs out.
//
// The pool returns only once every worker has exited. The process exits right after the
// command prints, and a process that exits while one of its worker threads is still
// starting or tearing down its heap can wait forever in Node's shutdown (the main thread
// joining a thread that never ends): about 2 sweeps in 100 hung so before the pool
// waited. Waiting costs the teardown of a worker's heap, about 0.1 s. Should a worker not
// have exited WORKER_EXIT_MS after the last result, it is terminated.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Scenario } from '../model/scenario.js';
import type { Sizing } from '../model/precision.js';
import type { SizedRun } from '../sim/sized.js';
import { runPoint } from './point.js';
import type { RunResult } from '../model/result.js';
import type { PointResult, PointsJob } from './worker.js';

/** Each scenario at its own actions, on worker threads, under `ceiling` bytes; in order. */
export async function simulateAll(
  scenarios: readonly Scenario[],
  jobs: number,
  ceiling: number,
  onPointDone: (done: number) => void = () => {},
): Promise<RunResult[]> {
  const runs = await pointsOnWorkers(scenarios, null, jobs, ceiling, onPointDone);
  return runs.map((r) => r.result);
}

/** Each scenario sized by `sizing` (see src/sim/sized.ts), on worker threads; in order. */
export async function simulateAllSized(
  scenarios: readonly Scenario[],
  sizing: Sizing,
  jobs: number,
  ceiling: number,
  onPointDone: (done: number) => void = () => {},
): Promise<SizedRun[]> {
  return pointsOnWorkers(scenarios, sizing, jobs, ceiling, onPointDone);
}

async function pointsOnWorkers(
  scenarios: readonly Scenario[],
  sizing: Sizing | null,
  jobs: number,
  ceiling: number,
  onPointDone: (done: number) => void,
): Promise<SizedRun[]> {
  const total = scenarios.length;
  const runners = Math.min(jobs, total);
  // What the process held before any point ran: the memory guard counts what the runs add.
  const before = process.memoryUsage.rss();
  if (runners <= 1) {
    return scenarios.map((scenario, i) => {
      const run = runPoint(scenario, sizing, ceiling, { before });
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
  const job: PointsJob = { scenarios, sizing, next: next.buffer as SharedArrayBuffer, ceiling, runners, before };
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
  const exits: Promise<void>[] = [];
  const workers = Array.from({ length: runners - 1 }, () => {
    const worker = new Worker(script, { workerData: job });
    exits.push(new Promise<void>((resolve) => worker.once('exit', () => resolve())));
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
      record(index, runPoint(scenarios[index] as Scenario, sizing, ceiling, { threads: runners, before }));
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
  await Promise.all(exits.map((exited, i) => ended(exited, workers[i] as Worker)));
  return results as SizedRun[];
}

/** How long a worker has to exit once every result is in before it is terminated, ms. */
export const WORKER_EXIT_MS = 10_000;

/** Resolves when `worker` has exited (`exited`), terminating it if it takes WORKER_EXIT_MS. */
async function ended(exited: Promise<void>, worker: Worker): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), WORKER_EXIT_MS);
  });
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') await worker.terminate();
}
