// Retry layers (MODEL.md E), checked on seeded runs whose course is fixed: every draw that
// could vary (the service time, the backoff, losses and errors) is made certain, so each
// expected count and instant below is derived from the rules of E by hand, not read from a
// run. The closed form and the fast path are checked on random runs beside them.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultsWithSets, formatIssue, loadScenario } from '../../src/scenario/index.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { Metrics, RunResult, TracedAction, TracedAttempt } from '../../src/model/result.js';
import { resultAndState, run, simulate, simulateWithState } from '../../src/sim/simulate.js';
import { Sim, paramsOf } from '../../src/sim/state.js';
import { closedFormInputs } from '../../src/analytic/inputs.js';
import { scopeNoneExpectations, scopeNoneUnknownPerAction } from '../../src/analytic/retries.js';
import { scopeNoneReasons } from '../../src/analytic/applies.js';
import { maxAttemptsPerCall } from '../../src/analytic/spans.js';
import { renderJson } from '../../src/report/run/json.js';
import { expectInside, familyInterval, traced } from './helpers.js';
import { logUniform, num } from './arbitraries.js';

/** The defaults with `sets` applied as `--set` would apply them; a set the loader refuses fails the test. */
function load(sets: readonly string[], text = '{}'): Scenario {
  const outcome = text === '{}' ? defaultsWithSets(sets) : loadScenario(text, 'layers.yaml', sets);
  if (!outcome.ok) throw new Error(outcome.issues.map(formatIssue).join('\n'));
  return outcome.scenario;
}

/** Nothing left to chance but the arrival times: no loss, no 503, one service time, no re-plan. */
const CERTAIN = [
  'actions=300',
  'network.requestLoss=0',
  'network.replyLoss=0',
  'service.errorRate=0',
  'service.latency={median: 1s, sigma: 0}',
  'agent.replan.probability=0',
];

/** Every request refused with a 503 at the instant it is sent: each call fails, none executes. */
const REFUSED = [...CERTAIN, 'service.errorRate=1'];

const NO_JITTER = (base: string, multiplier = 2): string =>
  `{base: ${base}, multiplier: ${multiplier}, max: 1h, jitter: none}`;

/** The client calls of one traced tool call, split where a new client call sends its attempt 0. */
function clientCalls(attempts: readonly TracedAttempt[]): TracedAttempt[][] {
  const calls: TracedAttempt[][] = [];
  for (const a of attempts) {
    if (a.attempt === 0) calls.push([a]);
    else calls[calls.length - 1]?.push(a);
  }
  return calls;
}

/** The single traced tool call of each action (re-plans off): its attempts in send order. */
function toolCallsOf(trace: readonly TracedAction[]): TracedAttempt[][] {
  return trace.map((action) => {
    expect(new Set(action.attempts.map((a) => a.call))).toEqual(new Set([0]));
    return action.attempts;
  });
}

describe('E: the layers multiply a call’s attempts while every attempt fails', () => {
  it('an openai client (3 attempts) under a langgraph layer (3 attempts) sends exactly 9 requests per call', () => {
    const s = load([...REFUSED, 'client.preset=openai', 'client.layers=[{preset: langgraph}]']);
    const { metrics } = simulate(s);
    expect(metrics.attemptsPerCall).toEqual({ mean: 9, max: 9 });
    expect(metrics.toolCalls).toBe(300);
    expect(metrics.attempts).toBe(9 * metrics.toolCalls);
    expect(metrics.attemptsPerAction).toBe(9);
    expect(metrics.responses.rejected).toBe(metrics.attempts);
    // A 503 is a definite failure: the tool call fails, not unknown, and nothing executes.
    expect(metrics.unknownOutcomes).toBe(0);
    expect(metrics.executions).toBe(0);
    expect(metrics.lostActions).toBe(300);
  });

  it('two layers (2 and 3 attempts) around a client of 3 attempts send 3 x 2 x 3 = 18', () => {
    const s = load([...REFUSED, 'client.retries=2', 'client.layers=[{retries: 1}, {retries: 2}]']);
    const { metrics } = simulate(s);
    expect(metrics.attemptsPerCall).toEqual({ mean: 18, max: 18 });
    expect(metrics.attempts).toBe(18 * metrics.toolCalls);
  });

  it('counts attempts per tool call, not per action: re-plans are calls of their own', () => {
    const s = load([
      ...REFUSED,
      'client.retries=1',
      'client.layers=[{retries: 2}]',
      'agent.replan={probability: 1, max: 2, delay: {min: 1s, max: 1s}}',
    ]);
    const { metrics } = simulate(s);
    expect(metrics.toolCalls).toBe(3 * 300);
    expect(metrics.attemptsPerCall).toEqual({ mean: 6, max: 6 });
    expect(metrics.attemptsPerAction).toBe(18);
  });
});

describe('E: a layer never retries a 422', () => {
  // The first tool call times out while its execution runs (1 s against a 300 ms timeout) and
  // its layer's two retries get 409s: unknown. The re-plan changes the arguments under the
  // same intent key, so its first attempt gets a 422; its layer has both retries left.
  const s = load([
    ...CERTAIN,
    'actions=200',
    'keys.scope=intent',
    'keys.fingerprint=true',
    'client.timeout=300ms',
    'client.retries=0',
    `client.layers=[{retries: 2, backoff: ${NO_JITTER('100ms', 1)}}]`,
    'agent.replan={probability: 1, max: 1, delay: {min: 2s, max: 2s}, argsChange: 1}',
  ]);

  it('the re-planned call ends at its 422, its layer sending nothing more', () => {
    const { metrics } = simulate(s);
    expect(metrics.toolCalls).toBe(2 * 200);
    expect(metrics.responses.mismatch).toBe(200);
    expect(metrics.responses.conflict).toBe(2 * 200);
    expect(metrics.attempts).toBe(4 * 200);
    // Tool calls of 3 and 1 requests (the mean a float sum of them).
    expect(metrics.attemptsPerCall.max).toBe(3);
    expect(metrics.attemptsPerCall.mean).toBeCloseTo(2, 12);
    // The first call is unknown (its last attempt a 409); the 422 is a definite failure.
    expect(metrics.unknownOutcomes).toBe(200);
  });

  it('in the trace: no attempt follows a 422', () => {
    for (const action of traced(s)) {
      const outcomes = action.attempts.map((a) => a.outcome);
      expect(outcomes).toEqual(['slow', 'conflict', 'conflict', 'mismatch']);
      const replan = action.attempts[3] as TracedAttempt;
      expect(replan.origin).toBe('replan');
      expect(replan.end).toBe(replan.sent);
    }
  });
});

describe('E: a layer’s next attempt leaves at the inner call’s failure + the layer’s backoff', () => {
  it('one layer: the client’s retries unmarked, each layer attempt marked layer 1', () => {
    // Client: attempts at 0, +100 ms, +300 ms (backoff 100 x 2^k), each a 503 at once.
    // Layer: attempts after 1 s x 3^k: at the failure + 1 s, then the next failure + 3 s.
    const s = load([
      ...REFUSED,
      'actions=40',
      'client.retries=2',
      `client.backoff=${NO_JITTER('100ms')}`,
      `client.layers=[{retries: 2, backoff: ${NO_JITTER('1s', 3)}}]`,
    ]);
    for (const attempts of toolCallsOf(traced(s))) {
      const calls = clientCalls(attempts);
      expect(calls.map((c) => c.length)).toEqual([3, 3, 3]);
      for (const [j, call] of calls.entries()) {
        const first = call[0] as TracedAttempt;
        expect(first.layer).toBe(j === 0 ? undefined : 1);
        for (const [k, a] of call.entries()) {
          expect(a.end).toBe(a.sent);
          if (k > 0) {
            expect(a.sent).toBe((call[k - 1] as TracedAttempt).end + 100 * 2 ** (k - 1));
            expect(a).not.toHaveProperty('layer');
          }
        }
        if (j > 0) {
          const failed = (calls[j - 1] as TracedAttempt[])[2] as TracedAttempt;
          expect(first.sent).toBe(failed.end + 1000 * 3 ** (j - 1));
        }
      }
      const head = attempts[0] as TracedAttempt;
      expect((attempts[8] as TracedAttempt).sent - head.sent).toBeCloseTo(300 + 1000 + 300 + 3000 + 300, 9);
    }
  });

  it('two layers: an outer retry restarts the inner layer, whose backoff starts again at its base', () => {
    // Calls A, B (inner layer's retry), C (outer layer's retry, inner layer at attempt 0), D (inner retry).
    const s = load([
      ...REFUSED,
      'actions=40',
      'client.retries=1',
      `client.backoff=${NO_JITTER('100ms')}`,
      `client.layers=[{retries: 1, backoff: ${NO_JITTER('1s', 5)}}, {retries: 1, backoff: ${NO_JITTER('10s')}}]`,
    ]);
    for (const attempts of toolCallsOf(traced(s))) {
      const calls = clientCalls(attempts);
      expect(calls.map((c) => c.length)).toEqual([2, 2, 2, 2]);
      expect(calls.map((c) => c[0]?.layer)).toEqual([undefined, 1, 2, 1]);
      const start = (j: number): number => (calls[j]?.[0] as TracedAttempt).sent;
      const failure = (j: number): number => (calls[j]?.[1] as TracedAttempt).end;
      expect(start(1)).toBe(failure(0) + 1000);
      expect(start(2)).toBe(failure(1) + 10_000);
      expect(start(3)).toBe(failure(2) + 1000);
    }
  });
});

describe('E: a layer timeout gives the inner call up', () => {
  it('the attempt ends unknown at the timeout; the late 200 is still counted in responses', () => {
    // Each request takes 1 s; the layer waits 500 ms, then retries after 200 ms and waits 500 ms again.
    const s = load([
      ...CERTAIN,
      'client.timeout=5s',
      'client.retries=2',
      `client.layers=[{retries: 1, timeout: 500ms, backoff: ${NO_JITTER('200ms')}}]`,
    ]);
    const { metrics } = simulate(s);
    expect(metrics.unknownOutcomes).toBe(300);
    expect(metrics.attempts).toBe(2 * 300);
    expect(metrics.responses.ok).toBe(2 * 300);
    expect(metrics.responses.timeout.total).toBe(0);
    // Both requests executed (scope none): the second is a transport repeat.
    expect(metrics.executions).toBe(2 * 300);
    expect(metrics.duplicatesBySource).toEqual({ transport: 300, replan: 0, replay: 0 });
    // The tool call returned at the second layer timeout: 500 + 200 + 500 ms after its first send.
    expect(metrics.latency.call.max).toBeCloseTo(1200, 9);
    expect(metrics.latency.call.p50).toBeCloseTo(1200, 9);
    // Instants as the rules add them: the layer timeout at send + 500, its retry 200 later.
    for (const attempts of toolCallsOf(traced(s))) {
      const [a, b] = attempts as [TracedAttempt, TracedAttempt];
      expect(attempts).toHaveLength(2);
      expect([a.outcome, a.end]).toEqual(['ok', a.sent + 1000]);
      expect([b.outcome, b.layer, b.sent, b.end]).toEqual(['ok', 1, a.sent + 500 + 200, b.sent + 1000]);
    }
  });

  it('no inner attempt leaves after the layer timeout, though the inner call had retries left', () => {
    // Every reply is lost: the client would retry at 800 + 100 ms, but the layer gave up at 500 ms.
    const s = load([
      ...CERTAIN,
      'network.replyLoss=1',
      'service.latency={median: 100ms, sigma: 0}',
      'client.timeout=800ms',
      'client.retries=2',
      `client.backoff=${NO_JITTER('100ms')}`,
      `client.layers=[{retries: 1, timeout: 500ms, backoff: ${NO_JITTER('200ms')}}]`,
    ]);
    const { metrics } = simulate(s);
    expect(metrics.attempts).toBe(2 * 300);
    expect(metrics.attemptsPerCall).toEqual({ mean: 2, max: 2 });
    expect(metrics.responses.timeout.replyLost).toBe(2 * 300);
    expect(metrics.unknownOutcomes).toBe(300);
    for (const attempts of toolCallsOf(traced(s))) {
      const head = (attempts[0] as TracedAttempt).sent;
      const retry = head + 500 + 200;
      expect(attempts.map((a) => [a.attempt, a.layer, a.sent, a.end, a.outcome])).toEqual([
        [0, undefined, head, head + 800, 'replyLost'],
        [0, 1, retry, retry + 800, 'replyLost'],
      ]);
    }
  });

  it('a reply arriving at the very instant of the layer timeout is handled first: the call succeeds', () => {
    const s = load([
      ...CERTAIN,
      'service.latency={median: 500ms, sigma: 0}',
      'client.timeout=5s',
      `client.layers=[{retries: 1, timeout: 500ms, backoff: ${NO_JITTER('200ms')}}]`,
    ]);
    const { metrics } = simulate(s);
    expect(metrics.unknownOutcomes).toBe(0);
    expect(metrics.attempts).toBe(300);
    expect(metrics.attemptsPerCall).toEqual({ mean: 1, max: 1 });
    expect(metrics.latency.call.max).toBeCloseTo(500, 9);
  });
});

describe('E: a layer deadline stops its retries', () => {
  // One attempt per client call (a 503 at once); the layer retries every 1 s.
  const attemptsWith = (deadline: string): Metrics['attemptsPerCall'] =>
    simulate(
      load([
        ...REFUSED,
        'client.retries=0',
        `client.layers=[{retries: 10, deadline: ${deadline}, backoff: ${NO_JITTER('1s', 1)}}]`,
      ]),
    ).metrics.attemptsPerCall;

  it('allows an attempt due by first send + deadline, and none after it', () => {
    // Attempts at 0, 1, 2 s; the one at 3 s is past 2.5 s.
    expect(attemptsWith('2500ms')).toEqual({ mean: 3, max: 3 });
    // Exactly at the deadline is allowed (MODEL.md 3.6): 0, 1, 2, 3 s.
    expect(attemptsWith('3s')).toEqual({ mean: 4, max: 4 });
    expect(attemptsWith('none')).toEqual({ mean: 11, max: 11 });
  });
});

describe('E: newCall gives each layer attempt its own key under scope call', () => {
  // Every attempt executes for 1 s and times out at 300 ms; the layer retries twice.
  const slow = (backoff: string, newCall: boolean): RunResult =>
    simulate(
      load([
        ...CERTAIN,
        'keys.scope=call',
        'client.timeout=300ms',
        'client.retries=0',
        `client.layers=[{retries: 2, newCall: ${newCall}, backoff: ${NO_JITTER(backoff, 1)}}]`,
      ]),
    );

  it('without it, the layer’s retries meet the first attempt’s record: 409s while it runs', () => {
    const { metrics } = slow('100ms', false);
    expect(metrics.executions).toBe(300);
    expect(metrics.duplicates).toBe(0);
    expect(metrics.responses.conflict).toBe(2 * 300);
    expect(metrics.unknownOutcomes).toBe(300);
  });

  it('without it, a retry after the record is done gets the stored 200', () => {
    const { metrics } = slow('2s', false);
    expect(metrics.executions).toBe(300);
    expect(metrics.responses.replayed).toBe(300);
    expect(metrics.attemptsPerCall).toEqual({ mean: 2, max: 2 });
    expect(metrics.unknownOutcomes).toBe(0);
  });

  it.each(['100ms', '2s'])(
    'with it, every layer attempt executes again (backoff %s), its duplicates transport repeats',
    (backoff) => {
      const { metrics } = slow(backoff, true);
      expect(metrics.executions).toBe(3 * 300);
      expect(metrics.duplicates).toBe(2 * 300);
      expect(metrics.duplicatesBySource).toEqual({ transport: 2 * 300, replan: 0, replay: 0 });
      expect(metrics.responses.conflict).toBe(0);
      expect(metrics.responses.replayed).toBe(0);
    },
  );

  it('the client’s own retries keep the layer attempt’s key: 409s inside a new call', () => {
    // The client retries once after 100 ms: its retry meets the record its attempt 0 claimed.
    const s = load([
      ...CERTAIN,
      'keys.scope=call',
      'client.timeout=300ms',
      'client.retries=1',
      `client.backoff=${NO_JITTER('100ms')}`,
      `client.layers=[{retries: 1, newCall: true, backoff: ${NO_JITTER('100ms')}}]`,
    ]);
    const { metrics } = simulate(s);
    expect(metrics.executions).toBe(2 * 300);
    expect(metrics.responses.conflict).toBe(2 * 300);
  });
});

const SCENARIOS = new URL('../../scenarios/', import.meta.url);
const FILES = ['article-defaults.yaml', 'refunds-3-intent-key.yaml', 'storm-503-throttle.yaml', 'lease-too-short.yaml'];

describe('E: without layers nothing changes', () => {
  const file = (name: string, sets: readonly string[] = []): Scenario =>
    load(['actions=2000', ...sets], readFileSync(new URL(name, SCENARIOS), 'utf8'));

  it.each(FILES)(
    'scenarios/%s runs alike with client.layers [], none or left out; its JSON has no attempts per call',
    (name) => {
      const plain = JSON.stringify(simulate(file(name)));
      expect(JSON.stringify(simulate(file(name, ['client.layers=[]'])))).toBe(plain);
      expect(JSON.stringify(simulate(file(name, ['client.layers=none'])))).toBe(plain);
      const s = file(name);
      expect(renderJson([{ scenario: s, result: simulate(s) }], '9.9.9')).not.toContain('attemptsPerCall');
    },
  );

  it.each(FILES)(
    'scenarios/%s with one layer that never retries gives every metric as before, and 1 attempt per call beside attempts per action',
    (name) => {
      const before = simulate(file(name));
      const after = simulate(file(name, ['client.layers=[{retries: 0}]']));
      const { attemptsPerCall } = after.metrics;
      expect(before.metrics.attemptsPerCall).toEqual({ mean: 0, max: 0 });
      expect(JSON.stringify({ ...after.metrics, attemptsPerCall: before.metrics.attemptsPerCall })).toBe(
        JSON.stringify(before.metrics),
      );
      const { 'attemptsPerCall.mean': perCall, ...intervals } = after.intervals;
      expect(intervals).toEqual(before.intervals);
      expect(perCall).toBeDefined();
      // Re-plans and replays are calls of their own: per call, no more than per action.
      expect(attemptsPerCall.mean).toBeLessThanOrEqual(before.metrics.attemptsPerAction);
      expect(attemptsPerCall.mean).toBeCloseTo(before.metrics.attempts / before.metrics.toolCalls, 9);
    },
  );
});

describe('E: the plain fast path changes nothing with layers', () => {
  /** Both paths give the same result and tallies; returns how many actions were plain. */
  function same(s: Scenario): number {
    const fast = new Sim(paramsOf(s), s.arrivals.rate);
    run(fast);
    const full = simulateWithState(s, { plain: false });
    expect(JSON.stringify(resultAndState(fast, s))).toBe(JSON.stringify(full));
    return fast.plainActions;
  }

  const base = ['actions=3000', 'network.replyLoss=0.1', 'service.errorRate=0.05'];

  it.each([
    ['client.layers=[{preset: langgraph}]', 'client.preset=openai'],
    ['client.layers=[{retries: 1}, {retries: 2, deadline: 10s}]', 'keys.scope=call'],
    ['client.layers=[{retries: 2, newCall: true}]', 'keys.scope=call', 'agent.replan.argsChange=0.3'],
    ['client.layers=[{retries: 1}]', 'keys.scope=intent', 'client.retries=0', 'client.hedge={after: 300ms, max: 2}'],
    ['client.layers=[{retries: 1}]', 'client.throttle={capacity: 50, retryCost: 5, timeoutCost: 10, successRefill: 1}'],
  ])('%s: the same result and tallies with and without it, the fast path taken', (...sets) => {
    expect(same(load([...base, ...sets]))).toBeGreaterThan(0);
  });

  it('a layer with a timeout keeps every action on the full path, with the same result', () => {
    const s = load([...base, 'client.layers=[{retries: 1, timeout: 800ms}]']);
    expect(same(s)).toBe(0);
  });

  it('gives the same traces with and without it', () => {
    const s = load([...base, 'client.layers=[{preset: langgraph}]', 'keys.scope=call']);
    const trace = { mode: 'first', actions: 30 } as const;
    expect(JSON.stringify(simulate(s, { trace }))).toBe(JSON.stringify(simulate(s, { trace, plain: false })));
  });
});

describe('E: scope none under layers without timeout or deadline: the closed form, (R + 1) the product of every attempt count', () => {
  // MODEL.md's retry form (src/analytic/retries.ts) is exact here: a layer retries only a
  // failed call, so the attempts run one after another until one succeeds, each executing
  // with x and ending ok with 1 - q independently. 50,000 actions at q = 0.12 show every term.
  const s = load([
    'actions=50000',
    'seed=20261203',
    'network.requestLoss=0.2',
    'network.replyLoss=0.1',
    'service.errorRate=0.1',
    'agent.replan.probability=0',
    'client.retries=1',
    'client.layers=[{retries: 1}, {preset: vercel-ai}]',
  ]);
  const result = simulate(s);
  const input = closedFormInputs(s);
  const expected = scopeNoneExpectations(input);
  const checks: [string, number][] = [
    ['attemptsPerAction', expected.attempts],
    ['attemptsPerCall.mean', expected.attempts],
    ['executionsPerAction', expected.executions],
    ['duplicatesPerThousand', 1000 * expected.duplicates],
    ['lostPerThousand', 1000 * expected.lost],
    ['unknownPerThousand', 1000 * scopeNoneUnknownPerAction(input)],
  ];

  it('applies: no reason against it, and R + 1 = 2 x 2 x 3', () => {
    expect(scopeNoneReasons(s).filter((reason) => reason !== false)).toEqual([]);
    expect(input.retries + 1).toBe(12);
  });

  it.each(checks)('%s: the closed form (%d) lies within the run’s family-wise interval', (name, value) => {
    expectInside(value, familyInterval(result, name, checks.length), name);
  });

  it('conserves counts: executions, duplicates and responses add up', () => {
    const m = result.metrics;
    expect(m.executions).toBe(m.actions - m.lostActions + m.duplicates);
    const r = m.responses;
    expect(r.ok + r.conflict + r.mismatch + r.rejected + r.timeout.total).toBe(m.attempts);
    expect(m.duplicatesBySource.transport).toBe(m.duplicates);
    expect(m.attemptsPerCall.max).toBeLessThanOrEqual(12);
  });
});

describe('E: on random scenarios with layers, every count is conserved', () => {
  const layerText = fc
    .record({
      retries: fc.integer({ min: 0, max: 2 }),
      timeout: fc.oneof(
        fc.constant('none'),
        logUniform(50, 3000).map((ms) => `${ms}ms`),
      ),
      deadline: fc.oneof(
        fc.constant('none'),
        logUniform(50, 10_000).map((ms) => `${ms}ms`),
      ),
      newCall: fc.boolean(),
      jitter: fc.constantFrom('none', 'full', 'decorrelated'),
    })
    .map(
      (l) =>
        `{retries: ${l.retries}, timeout: ${l.timeout}, deadline: ${l.deadline}, newCall: ${l.newCall}, backoff: {base: 50ms, jitter: ${l.jitter}}}`,
    );
  const anyScenario = fc
    .record({
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      layers: fc.array(layerText, { minLength: 1, maxLength: 3 }),
      scope: fc.constantFrom('none', 'attempt', 'call', 'payload', 'intent', 'business'),
      retries: fc.integer({ min: 0, max: 2 }),
      timeout: logUniform(100, 2000),
      replyLoss: num(0, 0.4),
      errorRate: num(0, 0.4),
      requestLoss: num(0, 0.2),
      replan: num(0, 1),
      crash: num(0, 0.3),
      serverCrash: num(0, 0.2),
      limit: fc.constantFrom('none', 'hedge', 'budget', 'throttle'),
    })
    .map((g) =>
      load([
        `seed=${g.seed}`,
        'actions=150',
        'arrivals.rate=20',
        `client.layers=[${g.layers.join(', ')}]`,
        `keys.scope=${g.scope}`,
        `client.retries=${g.limit === 'hedge' ? 0 : g.retries}`,
        `client.timeout=${g.timeout}ms`,
        `network.replyLoss=${g.replyLoss}`,
        `network.requestLoss=${g.requestLoss}`,
        `service.errorRate=${g.errorRate}`,
        `service.crash.probability=${g.serverCrash}`,
        `agent.replan={probability: ${g.replan}, max: 1, argsChange: 0.3}`,
        `agent.crash.probability=${g.crash}`,
        ...(g.limit === 'hedge' ? ['client.hedge={after: 200ms, max: 1}'] : []),
        ...(g.limit === 'budget' ? ['client.budget={percent: 20, minConcurrency: 1}'] : []),
        ...(g.limit === 'throttle'
          ? ['client.throttle={capacity: 30, retryCost: 5, timeoutCost: 10, successRefill: 1}']
          : []),
      ]),
    );

  it('nothing is left in flight, responses add up to attempts, every attempt belongs to a tool call, and no call passes the layers’ product (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(anyScenario, (s) => {
        const sim = new Sim(paramsOf(s), s.arrivals.rate);
        run(sim);
        // Every attempt a layer gave up still ended, and every retry decided was sent or dropped.
        expect([sim.attemptsInFlight, sim.retriesInFlight, sim.busy]).toEqual([0, 0, 0]);
        const m = resultAndState(sim, s).result.metrics;
        const r = m.responses;
        expect(r.ok + r.conflict + r.mismatch + r.rejected + r.timeout.total).toBe(m.attempts);
        const { transport, replan, replay } = m.duplicatesBySource;
        expect(transport + replan + replay).toBe(m.duplicates);
        expect(m.executions).toBe(m.actions - m.lostActions + m.duplicates + m.serverCrashes.beforeEffect);
        expect(m.attemptsPerCall.mean * m.toolCalls).toBeCloseTo(m.attempts, 6);
        expect(m.attemptsPerCall.max).toBeLessThanOrEqual(maxAttemptsPerCall(s));
        expect(m.attemptsPerCall.max).toBeGreaterThanOrEqual(m.attemptsPerCall.mean);
      }),
      { seed: 20_261_203, numRuns: 120 },
    );
  });

  it('marks the first attempt of a layer’s client call only, with a layer that exists (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(anyScenario, (s) => {
        for (const action of traced({ ...s, actions: 40 })) {
          for (const a of action.attempts) {
            if (a.layer === undefined) continue;
            expect(a.attempt).toBe(0);
            expect(a.layer).toBeGreaterThanOrEqual(1);
            expect(a.layer).toBeLessThanOrEqual(s.client.layers.length);
          }
        }
      }),
      { seed: 20_261_204, numRuns: 60 },
    );
  });
});
