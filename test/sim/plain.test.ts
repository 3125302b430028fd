// The plain fast path (src/sim/plain.ts) changes nothing a run reports: with it and without
// it, every scenario file (through each of its regimes), every test scenario below and random scenarios over every knob
// give the same result and the same tallies to the last bit (float accumulation order of
// the moments, histograms, key-store peaks, time series, traces). Each comparison also
// checks that the fast path was taken where it may be, so no comparison passes vacuously.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Claim, Scope, type Scenario } from '../../src/model/scenario.js';
import { loadScenario } from '../../src/scenario/index.js';
import { resultAndState, run, simulate, simulateWithState } from '../../src/sim/simulate.js';
import { Sim, paramsOf } from '../../src/sim/state.js';
import { scenarioWith } from './helpers.js';
import { keysOf, logUniform, num } from './arbitraries.js';

const SCENARIOS = fileURLToPath(new URL('../../scenarios', import.meta.url));
const files = readdirSync(SCENARIOS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml'))
  .sort();

function load(file: string, sets: readonly string[] = []): Scenario {
  const outcome = loadScenario(readFileSync(join(SCENARIOS, file), 'utf8'), file, sets);
  if (!outcome.ok) throw new Error(`${file} ${sets.join(' ')}: ${JSON.stringify(outcome.issues)}`);
  return outcome.scenario;
}

/** Actions that took the fast path in a run of `s`. */
function plainActions(s: Scenario): number {
  const sim = new Sim(paramsOf(s), s.arrivals.rate);
  run(sim);
  return sim.plainActions;
}

/** Both paths give the same result and tallies; returns how many actions were plain. */
function same(s: Scenario): number {
  const fast = new Sim(paramsOf(s), s.arrivals.rate);
  run(fast);
  const full = simulateWithState(s, { plain: false });
  expect(JSON.stringify(resultAndState(fast, s))).toBe(JSON.stringify(full));
  return fast.plainActions;
}

/**
 * Actions enough to take a file through every regime it has: at least 50,000, and every
 * arrival up to the end of its last incident (the storms start 30 minutes in); at most
 * the file's own. Past that a longer run repeats what the comparison has already seen.
 */
function coveringActions(s: Scenario): number {
  const lastIncident = Math.max(0, ...s.incidents.map((i) => i.at + i.for));
  return Math.min(s.actions, Math.max(50_000, Math.ceil((lastIncident / 1000) * s.arrivals.rate * 1.1)));
}

/**
 * Files whose every first attempt fails (refused, never answered in time, its reply lost),
 * so that their counts are exact: no action can take the fast path.
 */
const NEVER_PLAIN = new Set([
  ...['astrbot-request-retries', 'livekit-timeouts', 'litellm-num-retries', 'nanobot-429', 'x402-paid-retries'].map(
    (name) => join('stacks', `${name}.yaml`),
  ),
  // A hedge 10 ms after every send, against a 150 ms median: no action is a lone attempt.
  join('handlers', 'races.yaml'),
]);

describe('plain actions (the fast path)', () => {
  it.each(files)('scenarios/%s gives the same result and tallies with and without it', (file) => {
    const s = load(file);
    const plain = same({ ...s, actions: coveringActions(s) });
    if (NEVER_PLAIN.has(file)) expect(plain).toBe(0);
    else expect(plain).toBeGreaterThan(0);
  });

  const variants: string[][] = [
    ['service.concurrency=3'],
    ['keys.scope=attempt', 'keys.lease=500ms', 'service.concurrency=8'],
    ['keys.scope=payload', 'agent.replan.argsChange=0.3', 'agent.identicalRepeats=0.1'],
    ['keys.scope=business', 'agent.identicalRepeats=0.3', 'keys.claim=read-then-write', 'keys.raceWindow=400ms'],
    [
      'keys.scope=call',
      'keys.retention=3s',
      'agent.crash={probability: 0.3, max: 2, resumeDelay: {min: 1s, max: 10s}}',
    ],
    ['keys.scope=intent', 'service.crash.probability=0.1', 'keys.lease=3s', 'agent.checkFirst.probability=0.7'],
    ['keys.scope=intent', 'service.crash.probability=0.1', 'keys.transactional=true', 'service.concurrency=20'],
    ['client.throttle={capacity: 50, retryCost: 5, timeoutCost: 10, successRefill: 1}', 'service.errorRate=0.2'],
    ['client.budget={percent: 20, minConcurrency: 3}', 'client.deadline=3s', 'client.backoff.jitter=decorrelated'],
    [
      'incidents=[{at: 5s, for: 20s, latencyFactor: 5, errorRate: 0.3, replyLoss: 0.3, requestLoss: 0.1}]',
      'report.interval=1s',
    ],
    ['arrivals.profile=[{until: 10s, rate: 200}, {until: 20s, rate: 0}]', 'keys.scope=intent', 'report.interval=700ms'],
    ['service.latency.sigma=0', 'client.backoff.jitter=none', 'network.replyLoss=0.3', 'client.timeout=300ms'],
    ['client.retries=0', 'client.hedge={after: 300ms, max: 2}', 'keys.scope=call'],
    ['client.retries=0', 'client.hedge={after: 250ms, max: 1}', 'client.deadline=1s', 'service.concurrency=12'],
    ['client.retries=0', 'client.hedge={after: 300ms, max: 2}', 'service.latency.sigma=0'],
  ];
  it.each(variants)(
    'the defaults at 3,000 actions with %s give the same result and tallies with and without it',
    (...sets) => {
      const s = load('article-defaults.yaml', [...sets, 'actions=3000']);
      expect(same(s)).toBeGreaterThan(0);
    },
  );

  it('gives the same traces, key-store picture and latency points, tracing the first actions', () => {
    const s = load('refunds-3-intent-key.yaml', ['actions=3000']);
    const trace = { mode: 'first', actions: 20 } as const;
    expect(JSON.stringify(simulate(s, { trace }))).toBe(JSON.stringify(simulate(s, { trace, plain: false })));
  });

  it('is not taken with a key-operation listener, or reads that may see a genuine repeat', () => {
    const s = load('article-defaults.yaml', ['agent.checkFirst.probability=0.5', 'agent.identicalRepeats=0.1']);
    expect(plainActions(s)).toBe(0);
    const keyed = load('refunds-3-intent-key.yaml', ['actions=500']);
    const ops: string[] = [];
    const sim = new Sim(paramsOf(keyed), keyed.arrivals.rate, { onKeyOp: (op) => ops.push(op.op) });
    run(sim);
    expect(sim.plainActions).toBe(0);
    expect(ops.length).toBeGreaterThan(0);
  });

  it('gives the same result and tallies on random scenarios over every knob (fast-check, fixed seed)', () => {
    const anyScenario = fc
      .record({
        seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        actions: fc.integer({ min: 50, max: 400 }),
        rate: logUniform(0.5, 500),
        median: logUniform(5, 3000),
        sigma: fc.oneof(fc.constant(0), num(0, 1.5)),
        errorRate: fc.oneof(fc.constant(0), num(0, 0.3)),
        requestLoss: fc.oneof(fc.constant(0), num(0, 0.2)),
        replyLoss: num(0, 0.3),
        concurrency: fc.oneof(fc.constant('unlimited' as const), fc.integer({ min: 1, max: 8 })),
        timeout: logUniform(50, 5000),
        retries: fc.integer({ min: 0, max: 4 }),
        scope: fc.constantFrom(...keysOf(Scope)),
        retention: logUniform(1, 3_600_000),
        claim: fc.constantFrom(...keysOf(Claim)),
        replan: num(0, 1),
        agentCrash: fc.oneof(fc.constant(0), num(0, 0.5)),
        identicalRepeats: fc.oneof(fc.constant(0), num(0, 0.5)),
        serverCrash: fc.oneof(fc.constant(0), num(0, 0.3)),
        lease: fc.oneof(fc.constant('none' as const), logUniform(10, 20_000)),
        check: fc.oneof(fc.constant(0), num(0, 1)),
        throttle: fc.boolean(),
        budget: fc.boolean(),
        incident: fc.boolean(),
        hedge: fc.oneof(fc.constant(0), logUniform(10, 3000)),
        interval: fc.oneof(fc.constant(0), logUniform(100, 600_000)),
      })
      .map((g) =>
        scenarioWith((s) => {
          s.seed = g.seed;
          s.actions = g.actions;
          s.arrivals.rate = g.rate;
          s.service.latency = { median: g.median, sigma: g.sigma };
          s.service.errorRate = g.errorRate;
          s.service.concurrency = g.concurrency;
          s.service.crash = { probability: g.serverCrash, afterEffect: 0.5 };
          s.network = { requestLoss: g.requestLoss, replyLoss: g.replyLoss };
          s.client.timeout = g.timeout;
          s.client.retries = g.hedge > 0 ? 0 : g.retries;
          if (g.hedge > 0) s.client.hedge = { after: g.hedge, max: 1 + (g.seed % 3) };
          if (g.throttle) s.client.throttle = { capacity: 40, retryCost: 5, timeoutCost: 10, successRefill: 1 };
          if (g.budget) s.client.budget = { percent: 20, minConcurrency: 2 };
          s.keys.scope = g.scope;
          s.keys.retention = g.retention;
          s.keys.claim = g.claim;
          s.keys.lease = g.lease;
          s.agent.replan.probability = g.replan;
          s.agent.crash.probability = g.agentCrash;
          s.agent.identicalRepeats = g.identicalRepeats;
          s.agent.checkFirst = { probability: g.check, latency: 300 };
          if (g.incident) s.incidents = [{ at: 2_000, for: 20_000, latencyFactor: 3, errorRate: 0.2, replyLoss: 0.1 }];
          if (g.interval > 0) s.report.interval = g.interval;
        }),
      );
    let plain = 0;
    fc.assert(
      fc.property(anyScenario, (s) => {
        plain += same(s);
      }),
      { seed: 20_261_202, numRuns: 150 },
    );
    expect(plain).toBeGreaterThan(0);
  });
});
