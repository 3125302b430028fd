#!/usr/bin/env node
/* global structuredClone */
// The coverage study of `--rare` (importance sampling): on two chains whose true duplicate
// rate is known in closed form, at 1e-4, 1e-6 and 1e-9 per action, how often the weighted
// estimate's 95% interval holds the truth over seeded replicates, with the mean relative
// half-width and the median variance reduction. Run on dist/ after the plain study by
// `npm run coverage` (--write puts both tables into docs/coverage.md), or alone; exits 1
// when a cell is short of 93%.
//   node scripts/rare-coverage.mjs [--replicates N] [--write]
import { readFileSync } from 'node:fs';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';
import { writeAtomically } from './write-atomically.mjs';

const DOC = fileURLToPath(new URL('../docs/coverage.md', import.meta.url));
const START = '<!-- rare-coverage-table:start -->';
const END = '<!-- rare-coverage-table:end -->';
const REQUIRED = 0.93;
const ACTIONS = 2000;

const { defaultScenario } = await import('../dist/model/scenario.js');
const { simulateRare } = await import('../dist/sim/rare-run.js');
const { VERSION } = await import('../dist/cli/version.js');

/** A lost first reply, one retry, scope none: the duplicate rate per action is the reply loss. */
function replyLoss(rate, seed) {
  const s = structuredClone(defaultScenario());
  Object.assign(s, { name: 'reply-loss', seed, actions: ACTIONS });
  s.network.replyLoss = rate;
  s.network.requestLoss = 0;
  s.service.errorRate = 0;
  s.service.latency = { median: 300, sigma: 0.3 };
  s.client.timeout = 10_000;
  s.client.retries = 1;
  s.agent.replan.probability = 0;
  s.agent.crash.probability = 0;
  s.keys.scope = 'none';
  return s;
}

/**
 * An agent that crashes after its step with chance c and resumes U(0, 1000 s) later, an intent
 * key kept (1 - f) 1000 s from the commit, nothing else failing: the replay executes again
 * exactly when it resumes after the record expired, so the rate is c f. c = f = sqrt(rate),
 * but at 1e-9: c = 1e-4, f = 1e-5.
 */
function crashThenExpiredReplay(rate, seed) {
  const c = rate === 1e-9 ? 1e-4 : Math.sqrt(rate);
  const f = rate / c;
  const s = structuredClone(defaultScenario());
  Object.assign(s, { name: 'crash-then-expired-replay', seed, actions: ACTIONS });
  s.network.replyLoss = 0;
  s.network.requestLoss = 0;
  s.service.errorRate = 0;
  s.service.latency = { median: 100, sigma: 0 };
  s.client.timeout = 10_000;
  s.agent.replan.probability = 0;
  s.agent.crash = { probability: c, max: 1, resumeDelay: { min: 0, max: 1_000_000 } };
  s.keys.scope = 'intent';
  s.keys.retention = (1 - f) * 1_000_000;
  return s;
}

/** Runs the study; prints its table (and with `write`, puts it into docs/coverage.md). True when no cell is short. */
export async function runRareCoverage({ replicates = 500, write = false } = {}) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows = [];
  let short = false;
  for (const [chain, make] of [
    ['reply loss', replyLoss],
    ['crash, then expired replay', crashThenExpiredReplay],
  ]) {
    for (const rate of [1e-4, 1e-6, 1e-9]) {
      let covered = 0;
      let below = 0;
      let above = 0;
      const widths = [];
      const reductions = [];
      for (let i = 0; i < replicates; i++) {
        const d = simulateRare(make(rate, `rare-coverage-${i}`)).estimates.duplicates;
        if (d.high === null || d.high < rate) below++;
        else if (d.low > rate) above++;
        else covered++;
        if (d.high !== null) widths.push((d.high - d.mean) / rate);
        if (d.varianceReduction !== null) reductions.push(d.varianceReduction);
      }
      const coverage = covered / replicates;
      if (coverage < REQUIRED) short = true;
      const mean = widths.reduce((a, b) => a + b, 0) / Math.max(1, widths.length);
      rows.push([
        chain,
        rate.toExponential(0),
        ACTIONS.toLocaleString('en-US'),
        replicates.toLocaleString('en-US'),
        `${(100 * coverage).toFixed(1)}%${coverage < REQUIRED ? ' **short**' : ''}`,
        `${below} / ${above}`,
        `${(100 * mean).toFixed(1)}%`,
        reductions.length === 0 ? '-' : `${median(reductions).toExponential(1)}x`,
      ]);
      process.stderr.write(`${chain} ${rate}: ${(100 * coverage).toFixed(1)}%\n`);
    }
  }

  const head = [
    'chain',
    'true rate per action',
    'actions',
    'replicates',
    'coverage',
    'misses below / above',
    'mean half-width',
    'median variance reduction',
  ];
  const table = [
    `Measured by \`npm run coverage\` (scripts/rare-coverage.mjs) with idemsim ${VERSION}: ${replicates.toLocaleString('en-US')} replicates per cell, each tuned on its own pilot runs; a cell below 93% is marked **short**. Half-width: relative to the true rate.`,
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i < 2 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  process.stdout.write(`${table}\n`);
  if (write) {
    // Laid out by prettier, as the plain study's table is.
    const doc = readFileSync(DOC, 'utf8');
    const from = doc.indexOf(START);
    const to = doc.indexOf(END);
    if (from < 0 || to < 0) throw new Error(`docs/coverage.md has no ${START} ... ${END}`);
    const prettier = await import('prettier');
    const text = `${doc.slice(0, from + START.length)}\n\n${table}\n\n${doc.slice(to)}`;
    writeAtomically(DOC, await prettier.format(text, { ...(await prettier.resolveConfig(DOC)), filepath: DOC }));
  }
  return !short;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--replicates');
  const ok = await runRareCoverage({
    replicates: at >= 0 ? Number(args[at + 1]) : 500,
    write: args.includes('--write'),
  });
  process.exitCode = ok ? 0 : 1;
}
