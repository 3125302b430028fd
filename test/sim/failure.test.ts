// MODEL.md F, checked on seeded runs: an execution that ends in a 500 (service.failure),
// what the handler keeps of it (keys.errors: store or delete), the status a fingerprint
// mismatch gets (keys.mismatchStatus), the closed form of blind retries against 500s, the
// fast path beside the full one, and a scenario that leaves the fields at their defaults.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/model/scenario.js';
import type { TracedAttempt } from '../../src/model/result.js';
import { loadScenario } from '../../src/scenario/index.js';
import { renderJson } from '../../src/report/run/json.js';
import { simulate } from '../../src/sim/simulate.js';
import { expectInside, familyInterval, reported, scenarioWith, traced } from './helpers.js';

/** The acceptance scenario of the issue: 5% of executions fail after their effect, one intent key. */
const acceptance = (errors: 'store' | 'delete'): Scenario =>
  scenarioWith((s) => {
    s.seed = 'failure';
    s.actions = 20_000;
    s.keys.scope = 'intent';
    s.service.failure = { probability: 0.05, afterEffect: 1 };
    s.keys.errors = errors;
  });

describe('F: an execution that fails with a 500, and what the handler keeps of it', () => {
  it('deleting the record after an after-effect failure repeats the effect; storing the 500 does not', () => {
    const deleted = simulate(acceptance('delete'));
    const stored = simulate(acceptance('store'));
    expect(reported(deleted, 'duplicatesPerThousand').low).toBeGreaterThan(0);
    expect(deleted.metrics.duplicates).toBeGreaterThan(0);
    expect(stored.metrics.duplicates).toBe(0);
    expect(stored.metrics.responses.serverError).toBeGreaterThan(0);
    expect(deleted.metrics.responses.serverError).toBeGreaterThan(0);
  });
});

/**
 * Blind retries against 500s alone (scope none, no re-plan, no loss, no timeout): every
 * attempt executes; it fails with chance p, and a failure committed with chance a. Attempt
 * k is sent when the k before it failed, with chance p^k, so E[attempts] = sum_{k=0..R} p^k;
 * each attempt commits with chance c = (1 - p) + p a, so E[commits] = c E[attempts]; an
 * action commits nothing when all R + 1 attempts failed before their effect:
 * lost = (p (1 - a))^(R+1); duplicates = E[commits] - (1 - lost). The step fails when all
 * R + 1 attempts failed, and it is a false failure when one of them committed:
 * p^(R+1) (1 - (1 - a)^(R+1)).
 */
function closedForm(p: number, a: number, retries: number): Record<string, number> {
  let attempts = 0;
  for (let k = 0; k <= retries; k++) attempts += p ** k;
  const commits = (1 - p + p * a) * attempts;
  const lost = (p * (1 - a)) ** (retries + 1);
  const falseFailures = p ** (retries + 1) * (1 - (1 - a) ** (retries + 1));
  return {
    attemptsPerAction: attempts,
    executionsPerAction: attempts,
    duplicatesPerThousand: 1000 * (commits - (1 - lost)),
    lostPerThousand: 1000 * lost,
    falseFailuresPerThousand: 1000 * falseFailures,
  };
}

const GRID: readonly [p: number, a: number, retries: number][] = [
  [0.3, 0.5, 3],
  [0.5, 0.2, 2],
  [0.2, 1, 1],
  [0.4, 0, 3],
];

describe('F: blind retries against 500s follow the closed form', () => {
  const family = GRID.length * Object.keys(closedForm(0, 0, 0)).length;
  it.each(GRID)('p %s, afterEffect %s, retries %s: each expectation inside the run’s interval', (p, a, retries) => {
    const result = simulate(
      scenarioWith((s) => {
        s.seed = `blind-500-${p}-${a}-${retries}`;
        s.actions = 20_000;
        s.keys.scope = 'none';
        s.network.replyLoss = 0;
        s.client.timeout = 86_400_000;
        s.client.retries = retries;
        s.agent.replan.probability = 0;
        s.service.failure = { probability: p, afterEffect: a };
      }),
    );
    for (const [name, expected] of Object.entries(closedForm(p, a, retries))) {
      expectInside(expected, familyInterval(result, name, family), name);
    }
    const m = result.metrics;
    // Every attempt executes and is answered: a 200 or a 500, nothing else.
    expect(m.responses.ok + m.responses.serverError).toBe(m.attempts);
    expect(m.executions).toBe(m.attempts);
    expect(m.responses.rejected).toBe(0);
    expect(m.responses.timeout.total).toBe(0);
    // A call that ends on a 500 is `failed` (as on a 503), never unknown.
    expect(m.unknownOutcomes).toBe(0);
  });
});

/** One action at a time on a clockwork service: 300 ms executions, 100 ms backoff, no loss, no re-plan. */
const clockwork = (edit: (s: Scenario) => void): Scenario =>
  scenarioWith((s) => {
    s.seed = 'clockwork';
    s.actions = 20;
    s.arrivals.rate = 0.01;
    s.service.latency = { median: 300, sigma: 0 };
    s.network.replyLoss = 0;
    s.client.timeout = 10_000;
    s.client.retries = 2;
    s.client.backoff = { ...s.client.backoff, base: 100, multiplier: 1, jitter: 'none' };
    s.agent.replan.probability = 0;
    s.keys.scope = 'intent';
    s.service.failure = { probability: 1, afterEffect: 1 };
    edit(s);
  });

const attemptsOf = (s: Scenario): TracedAttempt[][] => traced(s).map((action) => action.attempts);

describe('F: a failing attempt, traced', () => {
  it('ends at start + S with a 500, its effect committed at that instant when it came after the effect', () => {
    for (const attempts of attemptsOf(clockwork(() => {}))) {
      const first = attempts[0] as TracedAttempt;
      expect(first.outcome).toBe('serverError');
      expect(first.end).toBe(first.sent + 300);
      expect(first.commit).toBe(first.end);
      expect(first.stored).toBe(false);
    }
  });

  it('before the effect, the 500 commits nothing', () => {
    const trace = traced(clockwork((s) => (s.service.failure.afterEffect = 0)));
    for (const action of trace) {
      expect(action.commits).toBe(0);
      for (const attempt of action.attempts) expect(attempt.commit).toBeNull();
    }
  });

  it('errors: store: every retry gets the stored 500 at once, without executing', () => {
    const result = simulate(clockwork(() => {}));
    expect(result.metrics.executions).toBe(20);
    expect(result.metrics.duplicates).toBe(0);
    for (const attempts of attemptsOf(clockwork(() => {}))) {
      expect(attempts).toHaveLength(3);
      for (const retry of attempts.slice(1)) {
        expect(retry.stored).toBe(true);
        expect(retry.outcome).toBe('serverError');
        expect(retry.end).toBe(retry.sent);
        expect(retry.commit).toBeNull();
      }
    }
  });

  it('errors: delete: every retry claims the key anew and executes, and its after-effect commit is a duplicate', () => {
    const s = clockwork((x) => (x.keys.errors = 'delete'));
    const result = simulate(s);
    expect(result.metrics.executions).toBe(60);
    expect(result.metrics.duplicates).toBe(40);
    // A claim after a deletion is not a repeat the store forgot.
    expect(result.metrics.retentionMisses).toBe(0);
    for (const attempts of attemptsOf(s)) {
      for (const retry of attempts.slice(1)) {
        expect(retry.stored).toBe(false);
        expect(retry.outcome).toBe('serverError');
        expect(retry.end).toBe(retry.sent + 300);
        expect(retry.commit).toBe(retry.end);
        expect(retry.duplicate).toBe(true);
      }
    }
  });

  it('transactional: a failure rolls the record back even under errors: store, and commits nothing', () => {
    const s = clockwork((x) => (x.keys.transactional = true));
    const result = simulate(s);
    expect(result.metrics.executions).toBe(60);
    expect(result.metrics.duplicates).toBe(0);
    expect(result.metrics.lostActions).toBe(20);
    expect(result.metrics.retentionMisses).toBe(0);
    for (const attempts of attemptsOf(s)) {
      for (const attempt of attempts) {
        expect(attempt.stored).toBe(false);
        expect(attempt.outcome).toBe('serverError');
        expect(attempt.commit).toBeNull();
      }
    }
  });

  it('a 500 on every attempt fails the call (not unknown), and after an after-effect failure the step failure is false', () => {
    const after = simulate(clockwork(() => {})).metrics;
    expect(after.unknownOutcomes).toBe(0);
    expect(after.falseFailures).toBe(20);
    const before = simulate(clockwork((s) => (s.service.failure.afterEffect = 0))).metrics;
    expect(before.falseFailures).toBe(0);
    expect(before.lostActions).toBe(20);
  });
});

describe('F: the status of a fingerprint mismatch', () => {
  // Every first call fails (a stored 500); every re-plan changes its arguments, so every
  // re-plan's attempts meet the live record with another fingerprint.
  const mismatching = (status: number): Scenario =>
    clockwork((s) => {
      s.seed = 'mismatch';
      s.actions = 200;
      s.agent.replan = { probability: 1, max: 2, delay: { min: 1000, max: 2000 }, argsChange: 1 };
      s.keys.mismatchStatus = status;
    });

  it('409: a mismatch is a conflict, retried, never a 422', () => {
    const m = simulate(mismatching(409)).metrics;
    expect(m.responses.mismatch).toBe(0);
    expect(m.mismatchRate).toBe(0);
    // Two re-plans an action, each attempt answered 409 and retried: 2 x 3 per action.
    expect(m.responses.conflict).toBe(200 * 2 * 3);
    expect(m.responses.serverError).toBe(200 * 3);
    expect(m.executions).toBe(200);
    expect(m.duplicates).toBe(0);
  });

  it('another 4xx (417) is a mismatch as 422 is: the same run to the last count', () => {
    const m422 = simulate(mismatching(422)).metrics;
    const m417 = simulate(mismatching(417)).metrics;
    expect(m422.responses.mismatch).toBe(200 * 2);
    expect(m422.responses.conflict).toBe(0);
    expect(m417).toEqual(m422);
  });
});

describe('F: the fast path', () => {
  const cases: [string, (s: Scenario) => void][] = [
    ['scope none, failures before and after the effect', (s) => (s.service.failure.probability = 0.1)],
    [
      'intent key, errors delete',
      (s) => {
        s.keys.scope = 'intent';
        s.keys.errors = 'delete';
        s.service.failure = { probability: 0.05, afterEffect: 1 };
      },
    ],
    [
      'call key, transactional, crashes beside failures',
      (s) => {
        s.keys.scope = 'call';
        s.keys.transactional = true;
        s.service.crash.probability = 0.02;
        s.service.failure.probability = 0.05;
      },
    ],
    [
      'payload key, mismatch 409, argument changes',
      (s) => {
        s.keys.scope = 'payload';
        s.keys.mismatchStatus = 409;
        s.agent.replan.argsChange = 0.5;
        s.service.failure.probability = 0.2;
      },
    ],
  ];

  it.each(cases)('%s: the same result with and without it', (_, edit) => {
    const s = scenarioWith((x) => {
      x.seed = 'plain-failure';
      x.actions = 5_000;
      edit(x);
    });
    expect(JSON.stringify(simulate(s))).toBe(JSON.stringify(simulate(s, { plain: false })));
  });
});

const SCENARIOS = fileURLToPath(new URL('../../scenarios', import.meta.url));
const AT_DEFAULTS = [
  'service.failure.probability=0',
  'service.failure.afterEffect=0.5',
  'keys.errors=store',
  'keys.mismatchStatus=422',
];

describe('F unused: the fields at their defaults change nothing', () => {
  const files = readdirSync(SCENARIOS)
    .filter((f) => f.endsWith('.yaml'))
    .sort();

  it.each(files)('scenarios/%s gives the same JSON with the fields written at their defaults', (file) => {
    const text = readFileSync(join(SCENARIOS, file), 'utf8');
    const json = (sets: readonly string[]): string => {
      const outcome = loadScenario(text, file, sets);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
      const scenario = { ...outcome.scenario, actions: Math.min(outcome.scenario.actions, 2_000) };
      return renderJson([{ scenario, result: simulate(scenario) }], '0.0.0');
    };
    const plain = json([]);
    expect(json(AT_DEFAULTS)).toBe(plain);
    expect(plain).not.toContain('serverError');
  });
});
