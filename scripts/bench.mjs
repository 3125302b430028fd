#!/usr/bin/env node
// npm run bench: actions per second and peak resident memory of the simulation core, the
// same for a plain C implementation of the model (bench/reference/idemsim.c) on cases (a)
// and (b), the start-up time, how much faster a sweep runs on two workers than on one, and
// what the same sweep split over two separate processes gets from the machine.
// Each case runs in its own process, so each peak RSS is that case's alone. The machine's
// load average is printed first and last: other work on the machine moves every figure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'idemsim.js');
const REFERENCE_SOURCE = join(ROOT, 'bench', 'reference', 'idemsim.c');
/** Preloaded into the timed sweeps: reports their CPU time, every thread (scripts/bench-cpu.cjs). */
const CPU_PROBE = join(ROOT, 'scripts', 'bench-cpu.cjs');

/** idemsim's speed targets: our throughput over C's, and a sweep's --jobs 1 time over its --jobs 2 time. */
const C_RATIO_TARGET = 0.5;
const SWEEP_RATIO_TARGET = 1.7;
/**
 * Cases beside the C reference run this many times each, idemsim and C alternately, and
 * report their medians: one run of each moved the ratio by a tenth or two on a shared machine.
 */
const PAIRS = 3;

const CASES = [
  {
    id: 'a',
    title: 'article defaults, 1,000,000 actions',
    sets: { actions: 1_000_000 },
    reference: ['--actions', '1000000'],
  },
  {
    id: 'b',
    title: 'one day at 50/s (4,320,000 actions), scope intent, retention 24h',
    sets: { actions: 4_320_000, 'keys.scope': 'intent', 'keys.retention': 86_400_000 },
    reference: ['--actions', '4320000', '--scope', 'intent', '--retention', '86400000'],
  },
  {
    id: 'c',
    title: 'article defaults, 10,000,000 actions (memory must stay flat)',
    sets: { actions: 10_000_000 },
  },
  {
    id: 'd',
    title: 'part two on: 1,000,000 actions, scope intent, 1% server crashes, lease 30s, a 10 min 4x incident, reads',
    sets: {
      actions: 1_000_000,
      'keys.scope': 'intent',
      'service.crash': { probability: 0.01, afterEffect: 0.5 },
      'keys.lease': 30_000,
      incidents: [{ at: 600_000, for: 600_000, latencyFactor: 4 }],
      'agent.checkFirst': { probability: 1, latency: 200 },
    },
  },
  {
    id: 'e',
    title: "real clients: 1,000,000 actions, 5% 503s, the AWS SDK's retry quota and a 20% retry budget",
    sets: {
      actions: 1_000_000,
      'service.errorRate': 0.05,
      'client.throttle': { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 },
      'client.budget': { percent: 20, minConcurrency: 3 },
    },
  },
  {
    id: 'f',
    title: 'hedging: 1,000,000 actions, no retries, a hedge after 500ms, up to 2, scope call',
    sets: { actions: 1_000_000, 'client.retries': 0, 'client.hedge': { after: 500, max: 2 }, 'keys.scope': 'call' },
  },
];

if (process.argv[2] === '--case') {
  // The core runs as the CLI runs it: the bundle's chunk that holds it, compiled from its
  // stored code (src/cli/boot.ts).
  (await import('../dist/cli/boot.js')).useStoredCode();
  const { simulate } = bundledCore();
  const { defaultsWithSets } = await import('../dist/scenario/index.js');
  const { formatIssue } = await import('../dist/scenario/issues.js');
  // The case's fields go through the scenario loader, as --set would: a value it refuses
  // (say a retention of "24 hours") is an error here, not a run of who knows what.
  const sets = Object.entries(caseFields(process.argv[3] ?? '')).map(
    ([path, value]) => `${path}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  const loaded = defaultsWithSets(sets);
  if (!loaded.ok) {
    for (const issue of loaded.issues) console.error(formatIssue(issue));
    process.exit(2);
  }
  const scenario = loaded.scenario;
  const started = process.hrtime.bigint();
  const result = simulate(scenario);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rssMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    JSON.stringify({
      actions: scenario.actions,
      seconds,
      rssMB,
      duplicatesPerThousand: result.metrics.duplicatesPerThousand,
      interval: result.intervals.duplicatesPerThousand ?? null,
    }),
  );
} else {
  console.log(
    `idemsim bench (node ${process.version}, ${availableParallelism()} cores, load average ${loadAverage()})`,
  );
  console.log(startUp());
  const work = mkdtempSync(join(tmpdir(), 'idemsim-bench-'));
  // On every way out, process.exit included: the compiled reference lives only for the bench.
  process.on('exit', () => rmSync(work, { recursive: true, force: true }));
  const reference = compileReference(work);
  console.log(reference.note);
  for (const c of CASES) {
    const paired = c.reference !== undefined && reference.binary !== null;
    const ours = [];
    const theirs = [];
    for (let i = 0; i < (paired ? PAIRS : 1); i++) {
      ours.push(childJson(process.execPath, [fileURLToPath(import.meta.url), '--case', JSON.stringify(c.sets)]));
      if (paired) theirs.push(childJson(reference.binary, c.reference));
    }
    const r = medianRun(ours);
    const perSecond = r.actions / r.seconds;
    const how = paired ? ` (median of ${PAIRS}, alternating with the C reference's)` : '';
    console.log(
      `(${c.id}) ${c.title}\n    ${r.seconds.toFixed(2)} s${how}, ${(perSecond / 1e6).toFixed(2)} million actions/s, ` +
        `peak RSS ${r.rssMB.toFixed(0)} MB, duplicates/1000 ${r.duplicatesPerThousand.toFixed(2)}`,
    );
    if (paired) console.log(compared(r, medianRun(theirs)));
  }
  console.log(rareRuns());
  const sweeps = sweepSpeedUp();
  console.log(sweeps.text);
  console.log(await twoProcesses(sweeps.jobs1));
  if (reference.binary !== null) console.log(await twoAtOnce(reference.binary));
  console.log(`load average at the end ${loadAverage()}`);
}

/**
 * The simulation core as the CLI's commands load it: the bundle's chunk that exports
 * simulate (dist/bundle/simulate-HASH.cjs, one file with every module of the core in one
 * scope). Not the tsc output in dist/sim/, which no command runs: there each function
 * compiles on its first call and every call between modules goes through an ES module
 * binding, about 10% slower on case (a).
 */
function bundledCore() {
  const dir = join(ROOT, 'dist', 'bundle');
  const chunks = readdirSync(dir).filter((name) => /^simulate-[\w-]+\.cjs$/.test(name));
  const core = chunks.length === 1 ? createRequire(import.meta.url)(join(dir, chunks[0])) : {};
  if (typeof core.simulate !== 'function') {
    console.error(
      `bench: no bundle chunk exporting simulate in ${dir} (found ${chunks.join(', ') || 'none'}); ` +
        'run npm run build, or update bundledCore() if the bundle is laid out differently',
    );
    process.exit(1);
  }
  return core;
}

/** --case's argument: a JSON object of scenario fields, or one line and exit 2. */
function caseFields(text) {
  let fields;
  try {
    fields = JSON.parse(text);
  } catch {
    fields = undefined;
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    console.error(
      `bench --case: expected a JSON object of scenario fields, like '{"actions":1000000}', got ${JSON.stringify(text.slice(0, 80))}`,
    );
    process.exit(2);
  }
  return fields;
}

/** The middle item of an odd number of items, by `key` (the number itself by default). */
function median(items, key = (item) => item) {
  return [...items].sort((a, b) => key(a) - key(b))[(items.length - 1) / 2];
}

/** The run of median time among an odd number of runs. */
function medianRun(runs) {
  return median(runs, (run) => run.seconds);
}

function loadAverage() {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

/** Runs a child to completion and parses its stdout as JSON; a failure ends the bench. */
function childJson(command, args) {
  const child = spawnSync(command, args, { encoding: 'utf8' });
  if (child.status !== 0) {
    console.error(child.error?.message ?? child.stderr);
    process.exit(1);
  }
  return JSON.parse(child.stdout);
}

/**
 * Compiles the C reference with `cc -O2` (or $CC) into `dir`. No compiler: the C lines are
 * skipped with a note. A compiler that fails on the file ends the bench: that is a bug here.
 */
function compileReference(dir) {
  const cc = process.env.CC || 'cc';
  const binary = join(dir, 'idemsim-ref');
  const child = spawnSync(cc, ['-O2', '-std=c11', '-o', binary, REFERENCE_SOURCE, '-lm'], { encoding: 'utf8' });
  if (child.error !== undefined) {
    return {
      binary: null,
      note: `(C) no C compiler found (${cc}: ${child.error.code}): the C reference lines are skipped; set CC to name one`,
    };
  }
  if (child.status !== 0) {
    console.error(`${cc} failed on ${REFERENCE_SOURCE}:\n${child.stderr}`);
    process.exit(1);
  }
  const version = spawnSync(cc, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  return {
    binary,
    note: `(C) reference: bench/reference/idemsim.c, ${cc} -O2 (${version}), single-threaded; cases (a) and (b)`,
  };
}

/** The C run beside ours: its throughput, ours over its, and whether its duplicates fall in our interval. */
function compared(ours, c) {
  const perSecond = c.actions / c.seconds;
  const ratio = ours.actions / ours.seconds / perSecond;
  const interval = ours.interval;
  const digits = interval !== null && interval.high < 1 ? 4 : 2;
  const inside =
    interval !== null && c.duplicatesPerThousand >= interval.low && c.duplicatesPerThousand <= interval.high;
  const where =
    interval === null
      ? 'idemsim reported no interval'
      : `${inside ? 'inside' : 'OUTSIDE'} idemsim's 95% interval ${interval.low.toFixed(digits)} to ${interval.high.toFixed(digits)}`;
  return (
    `    C reference: ${c.seconds.toFixed(2)} s (median of ${PAIRS}), ${(perSecond / 1e6).toFixed(2)} million actions/s, ` +
    `peak RSS ${c.rssMB.toFixed(0)} MB, duplicates/1000 ${c.duplicatesPerThousand.toFixed(digits)} (${where})\n` +
    `    idemsim / C throughput ${ratio.toFixed(2)} (target: at least ${C_RATIO_TARGET})`
  );
}

/**
 * A sweep of four 1,000,000-action points, timed as whole processes with --jobs 1 and
 * --jobs 2, alternately, twice each; the fastest of each. The two outputs must be the same
 * bytes. The same sweep at one action a point shows the fixed costs inside those times
 * (the process's start-up, and with --jobs 2 a worker's start), and from them the most a
 * perfect split of the rest could give; at 4,000,000 actions a point, the ratio where the
 * simulation outweighs them.
 *
 * Each process also reports the CPU time of all its threads. Had --jobs 2 needed no more
 * CPU than --jobs 1 (it needs more: the same points, and each engine compiles the
 * simulator for itself), only the part beyond the fixed costs could spread over the
 * machine's cores, so it could not take less than the fixed costs plus that part over
 * the cores: an upper bound on the ratio while the simulator costs what it costs now.
 * The bound leans low on time (the least CPU of --jobs 1, the most of the fixed costs).
 */
function sweepSpeedUp() {
  const full = fastestSweeps('1000000');
  const fixed = fastestSweeps('1');
  const long = fastestSweeps('4000000');
  const same = full.outputs[1] === full.outputs[2] && long.outputs[1] === long.outputs[2];
  if (!same) process.exitCode = 1;
  // Were the four points' simulation split perfectly over two cores, with no worker to
  // start and no second warm-up, --jobs 2 would take the fixed costs and half the rest.
  const split = fixed.seconds[1] + (full.seconds[1] - fixed.seconds[1]) / 2;
  const ratio = (sweep) => (sweep.seconds[1] / sweep.seconds[2]).toFixed(2);
  const cores = availableParallelism();
  const least = (runs) => Math.min(...runs);
  const fixedCpu = Math.max(...fixed.cpu[1]);
  const floor = fixed.seconds[1] + Math.max(0, least(full.cpu[1]) - fixedCpu) / cores;
  const text =
    `(sweep) idemsim ${sweepArgs('1000000').join(' ')}: 4 points, whole processes, fastest of 2\n` +
    `    --jobs 1 ${full.seconds[1].toFixed(2)} s, --jobs 2 ${full.seconds[2].toFixed(2)} s, ` +
    `ratio ${ratio(full)} (target: at least ${SWEEP_RATIO_TARGET}); ` +
    `outputs ${same ? 'identical' : 'DIFFER'}\n` +
    `    the same at 1 action a point (fixed costs): --jobs 1 ${fixed.seconds[1].toFixed(2)} s, ` +
    `--jobs 2 ${fixed.seconds[2].toFixed(2)} s\n` +
    `    so with the simulation split perfectly over two cores the ratio would be at most ` +
    `${(full.seconds[1] / split).toFixed(2)}\n` +
    `    CPU time, all threads: --jobs 1 ${least(full.cpu[1]).toFixed(2)} s in its ${full.seconds[1].toFixed(2)} s, ` +
    `--jobs 2 ${least(full.cpu[2]).toFixed(2)} s (least of 2 each); at 1 action a point, --jobs 1 ${fixedCpu.toFixed(2)} s (most of 2)\n` +
    `    so on ${cores} core${cores === 1 ? '' : 's'}, even had --jobs 2 needed no more CPU than --jobs 1, it could not take less than ` +
    `${floor.toFixed(2)} s: a ratio of at most ${(full.seconds[1] / floor).toFixed(2)}\n` +
    `    the same at 4,000,000 actions a point (the simulation outweighs the fixed costs): ` +
    `--jobs 1 ${long.seconds[1].toFixed(2)} s, --jobs 2 ${long.seconds[2].toFixed(2)} s, ratio ${ratio(long)}`;
  return { text, jobs1: full.seconds[1] };
}

/**
 * The same sweep split over two separate idemsim processes (points 1-2 and 3-4, each
 * --jobs 1) started together, the fastest of two tries. The processes share nothing, not
 * even a heap, so the --jobs 1 time over theirs is what splitting this sweep in two gets
 * from this machine: no scheduling inside one process can do better than that.
 */
async function twoProcesses(jobs1) {
  const half = (seeds) => [BIN, ...sweepArgs('1000000').map((a) => (a === 'seed=1,2,3,4' ? seeds : a)), '--jobs', '1'];
  const wall = async () => {
    const started = process.hrtime.bigint();
    await Promise.all(
      ['seed=1,2', 'seed=3,4'].map((seeds) => finished(spawn(process.execPath, half(seeds), { stdio: 'ignore' }))),
    );
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const pair = Math.min(await wall(), await wall());
  return (
    `(split) the same 4 points as two separate idemsim processes of 2 points (--jobs 1 each), side by side: ${pair.toFixed(2)} s\n` +
    `    --jobs 1 over that: ${(jobs1 / pair).toFixed(2)}, the most that splitting this sweep in two gave on this machine just now`
  );
}

function sweepArgs(actions) {
  return ['sweep', '--actions', actions, '--vary', 'seed=1,2,3,4', '--format', 'json', '--quiet'];
}

/**
 * The fastest of two whole-process runs with each of --jobs 1 and 2, alternately, the CPU
 * time of every run (seconds, all threads), and their outputs.
 */
function fastestSweeps(actions) {
  const seconds = { 1: Infinity, 2: Infinity };
  const cpu = { 1: [], 2: [] };
  const outputs = {};
  for (let round = 0; round < 2; round++) {
    for (const jobs of [1, 2]) {
      const started = process.hrtime.bigint();
      const args = ['--require', CPU_PROBE, BIN, ...sweepArgs(actions), '--jobs', String(jobs)];
      const child = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const used = /\nbench-cpu (\d+)\n$/.exec(child.stderr);
      if (child.status !== 0 || used === null) {
        console.error(child.stderr || `bench: ${CPU_PROBE} reported no CPU time`);
        process.exit(1);
      }
      seconds[jobs] = Math.min(seconds[jobs], wall);
      cpu[jobs].push(Number(used[1]) / 1e6);
      outputs[jobs] = child.stdout;
    }
  }
  return { seconds, cpu, outputs };
}

/**
 * What two threads of work get from this machine right now: the C reference on 3,000,000
 * actions alone, and two copies at once (the fastest of two tries each). Twice the time
 * alone over the time of the pair is the highest --jobs 1 / --jobs 2 ratio any program
 * could show here: 2 on two idle cores, less when other work takes a core.
 */
async function twoAtOnce(binary) {
  const args = ['--actions', '3000000'];
  const wall = async (copies) => {
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: copies }, () => finished(spawn(binary, args, { stdio: 'ignore' }))));
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const alone = Math.min(await wall(1), await wall(1));
  const pair = Math.min(await wall(2), await wall(2));
  return (
    `(machine) the C reference on 3,000,000 actions: ${alone.toFixed(2)} s alone, ${pair.toFixed(2)} s for two at once\n` +
    `    so two threads of compiled code got about ${((2 * alone) / pair).toFixed(2)} times one from this machine just now (Node: the split line)`
  );
}

/** Resolves when the child exits with status 0; ends the bench otherwise. */
function finished(child) {
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      if (code !== 0) {
        console.error(`${child.spawnfile} exited with ${code}`);
        process.exit(1);
      }
      resolve();
    });
  });
}

/**
 * Start-up: the wall time of `idemsim run --actions 1 --format json`, a whole process from
 * spawn to exit, the median of seven runs after one to warm the file cache; beside it, Node
 * alone (`node -e 0`), timed alternately with it, for the share that is Node's own, and the
 * median of the differences, idemsim's own part.
 */
function startUp() {
  const times = { idemsim: [], node: [] };
  const commands = { idemsim: [BIN, 'run', '--actions', '1', '--format', 'json'], node: ['-e', '0'] };
  for (let i = 0; i < 8; i++) {
    for (const which of ['node', 'idemsim']) {
      const started = process.hrtime.bigint();
      const child = spawnSync(process.execPath, commands[which], { encoding: 'utf8' });
      if (child.status !== 0) {
        console.error(child.stderr);
        process.exit(1);
      }
      if (i > 0) times[which].push(Number(process.hrtime.bigint() - started) / 1e9);
    }
  }
  const fastest = (list) => Math.min(...list);
  // Each idemsim start less the Node start just before it: the part that is idemsim's own,
  // which moves less with how busy the machine is than either time does.
  const own = times.idemsim.map((t, i) => t - times.node[i]);
  return (
    `(start-up) idemsim run --actions 1 --format json, whole process\n` +
    `    ${median(times.idemsim).toFixed(3)} s (median of ${times.idemsim.length}; fastest ${fastest(times.idemsim).toFixed(3)} s; target: under 0.2 s); ` +
    `node -e 0 alone ${median(times.node).toFixed(3)} s; idemsim's own part ${median(own).toFixed(3)} s (median of the differences)`
  );
}

/**
 * `run --rare` on scenarios/rare/reply-loss-1e-9.yaml, whose true duplicate rate is its
 * reply loss: at 1e-9 and at 1e-6 per action, sized to a 95% interval within 10%, whole
 * process (targets: under 60 s and under 5 s on one core).
 */
function rareRuns() {
  const file = join(ROOT, 'scenarios', 'rare', 'reply-loss-1e-9.yaml');
  const lines = [
    '(rare) idemsim run scenarios/rare/reply-loss-1e-9.yaml --rare --precision duplicatesPerThousand=10%, whole process',
  ];
  for (const [rate, target] of [
    ['1e-9', 60],
    ['1e-6', 5],
  ]) {
    const args = [
      BIN,
      'run',
      file,
      '--rare',
      '--precision',
      'duplicatesPerThousand=10%',
      '--set',
      `network.replyLoss=${rate}`,
      '--format',
      'json',
    ];
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (child.status !== 0) {
      console.error(child.stderr);
      process.exit(1);
    }
    const run = JSON.parse(child.stdout).rare[0];
    const d = run.metrics.duplicatesPerThousand;
    const truth = Number(rate) * 1000;
    lines.push(
      `    true rate ${rate} per action: ${seconds.toFixed(2)} s (target: under ${target} s), ${run.actions.toLocaleString('en-US')} actions, ` +
        `${d.value.toExponential(3)} [${d.ci95[0].toExponential(3)}, ${d.ci95[1].toExponential(3)}] per thousand ` +
        `(${d.ci95[0] <= truth && truth <= d.ci95[1] ? 'holds' : 'misses'} the truth ${truth.toExponential(0)}), variance reduction ${d.varianceReduction.toExponential(1)}x`,
    );
  }
  return lines.join('\n');
}
