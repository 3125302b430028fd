#!/usr/bin/env node
// Runs `idemsim sweep` many times with worker threads and counts the runs that did not
// exit: a sweep that prints its whole output and then never ends is a silent hang in CI.
// Each run gets a deadline; a run past it is killed and counted as a hang.
//
//   node scripts/sweep-stress.mjs --jobs 2 --runs 500
//   node scripts/sweep-stress.mjs --jobs 7 --runs 500 --parallel 2
//
// The runs cycle through sweeps of different shapes (points that finish before a worker
// has started, points of unequal cost, sized points, a report folder, JSON), so that the
// main thread ends at every stage of a worker's life. It prints one line per failure and
// a summary line; it exits 1 if any run hung or failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout, clearTimeout } from 'node:timers';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '2' },
    runs: { type: 'string', default: '100' },
    parallel: { type: 'string', default: '1' },
    deadline: { type: 'string', default: '60' },
  },
});
const jobs = Number(values.jobs);
const runs = Number(values.runs);
const parallel = Number(values.parallel);
const deadlineMs = Number(values.deadline) * 1000;
if (![jobs, runs, parallel, deadlineMs].every((n) => Number.isInteger(n) && n > 0)) {
  process.stderr.write('sweep-stress: --jobs, --runs, --parallel and --deadline take whole numbers above 0\n');
  process.exit(2);
}

const BIN = join(import.meta.dirname, '..', 'bin', 'idemsim.js');
const scratch = mkdtempSync(join(tmpdir(), 'idemsim-stress-'));

/** The arguments of run `i`: a shape from the cycle, at a size that varies with i. */
function argsOf(i) {
  const actions = String(500 + (i % 7) * 7000);
  const shapes = [
    ['--vary', 'client.retries=0..3', '--actions', '500'],
    ['--vary', `client.retries=0..${1 + (i % 6)}`, '--vary', 'client.timeout=2s,4s', '--actions', actions],
    ['--vary', 'network.replyLoss=0..0.1:0.02', '--actions', actions, '--format', 'json'],
    ['--vary', 'client.retries=0,1,3', '--precision', 'duplicatesPerThousand=30%', '--max-actions', '60000'],
    ['--vary', 'keys.retention=5m,1h', '--actions', actions, '--out', join(scratch, `out-${i}`)],
    ['--vary', 'client.timeout=400ms..3s:200ms', '--actions', '300', '--format', 'csv'],
  ];
  return ['sweep', ...shapes[i % shapes.length], '--jobs', String(jobs), '--quiet'];
}

function runOne(i) {
  return new Promise((resolve) => {
    const args = argsOf(i);
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 2000) stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      rmSync(join(scratch, `out-${i}`), { recursive: true, force: true });
      resolve({ i, args, code, signal, stderr });
    });
  });
}

let hangs = 0;
let failures = 0;
let next = 0;
const started = Date.now();
async function lane() {
  while (next < runs) {
    const r = await runOne(next++);
    if (r.signal === 'SIGKILL') {
      hangs++;
      console.log(`hang: run ${r.i}: idemsim ${r.args.join(' ')}`);
    } else if (r.code !== 0) {
      failures++;
      console.log(`failed (exit ${r.code ?? r.signal}): run ${r.i}: idemsim ${r.args.join(' ')}: ${r.stderr.trim()}`);
    }
  }
}
await Promise.all(Array.from({ length: parallel }, lane));
rmSync(scratch, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`sweep --jobs ${jobs}: ${runs} runs, ${hangs} hung, ${failures} failed, in ${seconds} s`);
process.exit(hangs + failures > 0 ? 1 : 0);
