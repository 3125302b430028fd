// The memory estimate is an upper bound: over random scenarios at sizes a test can run
// (every key scope, identical repeats, service crashes and leases, hedges, re-plans and
// agent crashes, concurrency limits, loss), each simulated alone in a fresh process, the
// process's peak resident memory (VmHWM, which misses no peak between samples) never
// exceeds estimateMemory's bytes. Scenarios the loader refuses, and those estimated past
// what a test machine should hold, are skipped; enough of the rest must grow well past
// Node's own start for the bound to be tested where the run's memory matters.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIN, requireBuild } from '../cli/binary.js';
import { estimateMemory } from '../../src/analytic/memory.js';
import { drawingBytes } from '../../src/cli/memory.js';
import { loadScenario } from '../../src/scenario/index.js';

const DIST = new URL('../../dist/', import.meta.url).href;

/** Simulates the scenario of `sets` in a fresh process; its peak resident memory, bytes. */
function peakOf(sets: readonly string[]): number {
  const code = `
    import { readFileSync } from 'node:fs';
    const { loadScenario } = await import(${JSON.stringify(`${DIST}scenario/index.js`)});
    const { simulate } = await import(${JSON.stringify(`${DIST}sim/simulate.js`)});
    const outcome = loadScenario('{}', 'bound.yaml', JSON.parse(process.argv[1]));
    simulate(outcome.scenario);
    const status = readFileSync('/proc/self/status', 'utf8');
    process.stdout.write(String(Number(/VmHWM:\\s+(\\d+) kB/.exec(status)[1]) * 1024));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code, JSON.stringify(sets)], {
    encoding: 'utf8',
  });
  return Number(out);
}

const ms = (n: number): string => `${Math.round(n)}ms`;

/** --set lines of a scenario with a random mix of what makes a run hold memory. */
const scenarioSets = fc
  .record({
    actions: fc.integer({ min: 20_000, max: 200_000 }),
    rate: fc.integer({ min: 500, max: 100_000 }),
    scope: fc.constantFrom('none', 'intent', 'call', 'attempt', 'business'),
    retention: fc.integer({ min: 1000, max: 86_400_000 }),
    repeats: fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 0.6, noNaN: true })),
    median: fc.integer({ min: 20, max: 3000 }),
    sigma: fc.double({ min: 0.1, max: 1.2, noNaN: true }),
    replyLoss: fc.double({ min: 0, max: 0.1, noNaN: true }),
    serverCrash: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.3, noNaN: true })),
    lease: fc.oneof(fc.constant('none'), fc.integer({ min: 200, max: 5000 })),
    hedge: fc.oneof(
      fc.constant(null),
      fc.record({ after: fc.integer({ min: 50, max: 1000 }), max: fc.integer({ min: 1, max: 3 }) }),
    ),
    agentCrash: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.2, noNaN: true })),
    concurrency: fc.oneof(fc.constant('unlimited'), fc.integer({ min: 20, max: 2000 })),
  })
  .map((r) => [
    `actions=${r.actions}`,
    `arrivals.rate=${r.rate}`,
    `keys.scope=${r.scope}`,
    `keys.retention=${ms(r.retention)}`,
    `agent.identicalRepeats=${r.repeats}`,
    `service.latency={median: ${ms(r.median)}, sigma: ${r.sigma}}`,
    `network.replyLoss=${r.replyLoss}`,
    `service.crash.probability=${r.serverCrash}`,
    ...(r.scope !== 'none' && r.lease !== 'none' ? [`keys.lease=${ms(r.lease)}`] : []),
    ...(r.hedge === null
      ? []
      : ['client.retries=0', `client.hedge={after: ${ms(r.hedge.after)}, max: ${r.hedge.max}}`]),
    `agent.crash.probability=${r.agentCrash}`,
    `service.concurrency=${r.concurrency}`,
  ]);

/** Runs estimated past this are not run here: the bound is tested where a test can afford it. */
const AFFORDABLE = 1.2e9;

describe('the memory estimate bounds the measured peak', () => {
  it('over random scenarios, each in its own process', () => {
    requireBuild();
    const runs: { sets: string[]; peak: number; estimate: number }[] = [];
    fc.assert(
      fc.property(scenarioSets, (sets) => {
        const outcome = loadScenario('{}', 'bound.yaml', sets);
        fc.pre(outcome.ok);
        if (!outcome.ok) return;
        const estimate = estimateMemory(outcome.scenario).bytes;
        fc.pre(estimate <= AFFORDABLE);
        const peak = peakOf(sets);
        runs.push({ sets, peak, estimate });
        expect(peak, `${sets.join(' ')}: peak ${peak} over the estimate ${estimate}`).toBeLessThanOrEqual(estimate);
      }),
      { seed: 35, numRuns: 24, endOnFailure: true },
    );
    // Not vacuous: most runs ran, and several grew far past Node's own ~60 MB.
    expect(runs.length).toBeGreaterThanOrEqual(16);
    expect(runs.filter((r) => r.peak > 150e6).length).toBeGreaterThanOrEqual(4);
  });
});

/**
 * Runs `idemsim ARGS` in a fresh process; its peak resident memory (VmHWM, read as the
 * process exits by a preloaded hook), bytes. Not getrusage's maxrss: Linux keeps that
 * across exec, so a child of a large test runner would start with the runner's peak.
 */
function commandPeak(args: readonly string[], cwd: string): number {
  const hook = join(cwd, 'peak-hook.cjs');
  const out = join(cwd, 'peak.txt');
  writeFileSync(
    hook,
    `const fs = require('node:fs');\n` +
      `process.on('exit', () => fs.writeFileSync(${JSON.stringify(out)}, ` +
      `String(Number(/VmHWM:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) * 1024)));\n`,
  );
  execFileSync(process.execPath, ['--require', hook, BIN, ...args], { cwd, stdio: 'ignore' });
  return Number(readFileSync(out, 'utf8'));
}

describe('the estimate a command is refused on bounds the whole command', () => {
  // Past the random runs' sizes: a long run whose calls each send four executions (its
  // garbage settles Node's heap higher than a plain run's), and report folders, drawn once
  // the runs are done (the charts' scene graphs, a time series of 5,000 intervals).
  const cases: { name: string; sets: string[]; args: string[]; drawing?: { png: boolean; series: boolean } }[] = [
    {
      name: 'a million actions with three hedges a call',
      sets: ['actions=1000000', 'client.retries=0', 'client.hedge={after: 50ms, max: 3}'],
      args: ['--format', 'json'],
    },
    { name: 'the defaults drawn to a folder', sets: [], args: ['--out', 'a'], drawing: { png: false, series: true } },
    {
      name: 'the defaults drawn to a folder with PNGs',
      sets: [],
      args: ['--out', 'b', '--png'],
      drawing: { png: true, series: true },
    },
    {
      name: 'a time series of 5,000 intervals drawn',
      sets: ['actions=250000', 'report.interval=1s'],
      args: ['--out', 'c'],
      drawing: { png: false, series: true },
    },
  ];
  for (const { name, sets, args, drawing } of cases) {
    it(
      name,
      () => {
        requireBuild();
        const cwd = mkdtempSync(join(tmpdir(), 'idemsim-peak-'));
        const outcome = loadScenario('{}', 'bound.yaml', sets);
        if (!outcome.ok) throw new Error(sets.join(' '));
        const run = estimateMemory(outcome.scenario).bytes;
        const estimate = drawing === undefined ? run : Math.max(run, drawingBytes([outcome.scenario], drawing).bytes);
        const peak = commandPeak(['run', ...sets.flatMap((set) => ['--set', set]), ...args], cwd);
        expect(peak, `${name}: peak ${peak} over the estimate ${estimate}`).toBeLessThanOrEqual(estimate);
        // Not vacuous: the command holds well past a bare start of Node (about 40 MB).
        expect(peak).toBeGreaterThan(55e6);
      },
      120_000,
    );
  }
});
