#!/usr/bin/env node
// npm run fuzz [-- --runs N --seed S --jobs J]: the long fuzz campaign. Random scenario
// documents, valid and broken, through the loader, the simulator and the JSON Schema, with
// the checks of test/scenario/fuzz.test.ts (the CI share of the same campaign). Prints the
// cases tried and every failure, and exits 1 if there was any.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { URL, fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { runnerImport } from 'vite';

const BATCH = 500;
const CAMPAIGN = fileURLToPath(new URL('../test/scenario/fuzz/campaign.ts', import.meta.url));

/** `--runs 100000 --seed 1 --jobs 2`; anything else is a usage error. */
function options(argv) {
  const out = { runs: 100_000, seed: 1, jobs: Math.min(availableParallelism(), 4) };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = Number(argv[i + 1]);
    if (!(name in out) || !Number.isSafeInteger(value) || value < (name === 'seed' ? 0 : 1)) {
      console.error(`usage: npm run fuzz -- [--runs N] [--seed S] [--jobs J]; got ${argv.slice(i, i + 2).join(' ')}`);
      process.exit(2);
    }
    out[name] = value;
  }
  return out;
}

const n = (x) => x.toLocaleString('en-US');

async function main() {
  const { runs, seed, jobs } = options(process.argv.slice(2));
  const batches = [];
  for (let start = 0, b = 0; start < runs; start += BATCH, b++)
    batches.push({ seed: seed + b, count: Math.min(BATCH, runs - start) });
  const total = { cases: 0, valid: 0, simulated: 0, refused: 0, schemaGaps: 0, failures: [] };
  const started = performance.now();
  let next = 0;
  let reported = 0;
  const work = (worker) =>
    new Promise((resolve, reject) => {
      const give = () => {
        const job = batches[next++];
        if (job === undefined) {
          void worker.terminate().then(resolve);
          return;
        }
        worker.postMessage(job);
      };
      worker.on('message', (result) => {
        for (const key of ['cases', 'valid', 'simulated', 'refused', 'schemaGaps']) total[key] += result[key];
        total.failures.push(...result.failures);
        if (total.cases - reported >= runs / 10 || total.cases === runs) {
          reported = total.cases;
          const seconds = ((performance.now() - started) / 1000).toFixed(0);
          console.error(`fuzz: ${n(total.cases)}/${n(runs)} cases, ${total.failures.length} failures, ${seconds} s`);
        }
        give();
      });
      worker.on('error', reject);
      worker.once('online', give);
    });
  const workers = Array.from(
    { length: Math.min(jobs, batches.length) },
    () => new Worker(fileURLToPath(import.meta.url)),
  );
  await Promise.all(workers.map(work));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `fuzz: ${n(total.cases)} cases tried in ${seconds} s (seeds ${seed}..${seed + batches.length - 1}, ${jobs} jobs)`,
  );
  console.log(`  valid by construction: ${n(total.valid)}, each loaded to exactly the scenario it spells out`);
  console.log(`  loaded, within the ranges of docs/model.md, simulated conserving counts, every metric finite, a finite memory estimate: ${n(total.simulated)}`);
  console.log(`  refused with every issue located in the text or --set: ${n(total.refused)}`);
  console.log(
    `  JSON Schema agreed with the loader on all of them (${n(total.schemaGaps)} refused by the loader alone, for rules beyond JSON Schema)`,
  );
  console.log(`failures: ${total.failures.length}`);
  for (const f of total.failures.slice(0, 5)) {
    console.log(`\n--- seed ${f.seed}, case ${f.index}: ${f.message}`);
    if (f.sets.length > 0) console.log(`sets: ${JSON.stringify(f.sets)}`);
    console.log(f.text.length > 2000 ? `${f.text.slice(0, 2000)}...` : f.text);
  }
  process.exitCode = total.failures.length > 0 ? 1 : 0;
}

if (isMainThread) {
  await main();
} else {
  const { module } = await runnerImport(CAMPAIGN, { configFile: false, logLevel: 'error' });
  parentPort.on('message', (job) => parentPort.postMessage(module.runBatch(job.seed, job.count)));
}
