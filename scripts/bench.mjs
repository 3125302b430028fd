#!/usr/bin/env node
// npm run bench: actions per second and peak resident memory of the simulation core.
// Each case runs in its own process, so each peak RSS is that case's alone.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CASES = [
  { id: 'a', title: 'article defaults, 1,000,000 actions', sets: { actions: 1_000_000 } },
  {
    id: 'b',
    title: 'one day at 50/s (4,320,000 actions), scope intent, retention 24h',
    sets: { actions: 4_320_000, 'keys.scope': 'intent', 'keys.retention': 86_400_000 },
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
  const { simulate } = await import('../dist/sim/simulate.js');
  const { defaultScenario } = await import('../dist/model/scenario.js');
  const scenario = defaultScenario();
  for (const [path, value] of Object.entries(JSON.parse(process.argv[3]))) {
    const parts = path.split('.');
    let node = scenario;
    for (const part of parts.slice(0, -1)) node = node[part];
    node[parts.at(-1)] = value;
  }
  const started = process.hrtime.bigint();
  const result = simulate(scenario);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rssMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    JSON.stringify({ actions: scenario.actions, seconds, rssMB, duplicatesPerThousand: result.metrics.duplicatesPerThousand }),
  );
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(`idemsim bench (node ${process.version})`);
  console.log(startUp());
  for (const c of CASES) {
    const child = spawnSync(process.execPath, [self, '--case', JSON.stringify(c.sets)], { encoding: 'utf8' });
    if (child.status !== 0) {
      console.error(child.stderr);
      process.exit(1);
    }
    const r = JSON.parse(child.stdout);
    const perSecond = r.actions / r.seconds;
    console.log(
      `(${c.id}) ${c.title}\n    ${r.seconds.toFixed(2)} s, ${(perSecond / 1e6).toFixed(2)} million actions/s, ` +
        `peak RSS ${r.rssMB.toFixed(0)} MB, duplicates/1000 ${r.duplicatesPerThousand.toFixed(2)}`,
    );
  }
}

/**
 * Start-up: the wall time of `idemsim run --actions 1 --format json`, a whole process from
 * spawn to exit, the median of seven runs after one to warm the file cache.
 */
function startUp() {
  const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'idemsim.js');
  const args = [bin, 'run', '--actions', '1', '--format', 'json'];
  const times = [];
  for (let i = 0; i < 8; i++) {
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (child.status !== 0) {
      console.error(child.stderr);
      process.exit(1);
    }
    if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  return `(start-up) idemsim run --actions 1 --format json, whole process\n    ${median.toFixed(2)} s (median of ${times.length}; fastest ${times[0].toFixed(2)} s)`;
}
