import { describe, expect, test } from 'vitest';
import { FIELDS, GROUPS, valueAt } from '../../src/model/fields.js';
import { defaultScenario, defaultsWithSets, loadScenario } from '../../src/scenario/index.js';
import { issue, issues, valid } from './helpers.js';

describe('defaults', () => {
  test('an empty map gives defaultScenario() named after the file', () => {
    expect(valid('{}')).toEqual({ ...defaultScenario(), name: 'test' });
  });

  test('the default name is the base name without its extension', () => {
    const outcome = loadScenario('{}', 'C:\\runs\\slow.service.yml');
    expect(outcome.ok && outcome.scenario.name).toBe('slow.service');
  });

  test('defaultsWithSets() is defaultScenario()', () => {
    expect(defaultsWithSets()).toEqual({ ok: true, scenario: defaultScenario(), given: [], warnings: [] });
    expect(defaultScenario().name).toBe('article-defaults');
  });

  test('a name in the file wins over the file name', () => {
    expect(valid('name: lab').name).toBe('lab');
  });

  test('a group with nothing under it takes its defaults', () => {
    expect(valid('agent:\n  # replan: ...\nexpect:\n')).toEqual(valid('{}'));
  });

  test('the scenario keeps the key order of the Scenario type', () => {
    const s = valid('expect: {}\nagent: {}\nname: x\nclient: { deadline: 1s, timeout: 2s }\n');
    expect(JSON.stringify(Object.keys(s))).toBe(JSON.stringify(Object.keys(defaultScenario())));
    expect(Object.keys(s.client)).toEqual([
      'preset',
      'timeout',
      'retries',
      'retryConflicts',
      'backoff',
      'deadline',
      'throttle',
      'budget',
      'hedge',
      'layers',
    ]);
  });
});

describe('the field table', () => {
  /** Leaves of the default scenario, compound values (latency, ranges, lists, expect) counted whole. */
  function leaves(node: unknown, path: string): string[] {
    const whole = ['service.latency', 'expect'].includes(path);
    if (typeof node !== 'object' || node === null || whole || Array.isArray(node) || 'min' in node) {
      return [path];
    }
    return Object.entries(node).flatMap(([key, value]) => leaves(value, path === '' ? key : `${path}.${key}`));
  }

  test('lists every field of the Scenario type once, in its order', () => {
    // `sweep` is optional: the defaults have none.
    expect(FIELDS.map((f) => f.path)).toEqual([...leaves(defaultScenario(), ''), 'sweep']);
  });

  test('takes each default from defaultScenario()', () => {
    for (const field of FIELDS) expect(field.default).toEqual(valueAt(defaultScenario(), field.path));
  });

  test('gives every field and group a one-line doc', () => {
    for (const doc of [...FIELDS.map((f) => f.doc), ...Object.values(GROUPS)]) expect(doc).toMatch(/^[^\n]{8,120}$/);
  });
});

describe('range constraints', () => {
  test.each([
    ['arrivals: { rate: 0 }', 'arrivals.rate'],
    ['client: { timeout: 0 }', 'client.timeout'],
    ['service: { latency: { median: 0s } }', 'service.latency.median'],
    ['keys: { retention: 0 }', 'keys.retention'],
    ['service: { latency: { sigma: -0.1 } }', 'service.latency.sigma'],
    ['keys: { raceWindow: -1ms }', 'keys.raceWindow'],
    ['client: { backoff: { base: -1 } }', 'client.backoff.base'],
    ['client: { backoff: { multiplier: -2 } }', 'client.backoff.multiplier'],
    ['client: { backoff: { max: -1s } }', 'client.backoff.max'],
    ['client: { deadline: -1s }', 'client.deadline'],
    ['keys: { recordBytes: -1 }', 'keys.recordBytes'],
    ['service: { concurrency: 0 }', 'service.concurrency'],
    ['network: { replyLoss: 1.01 }', 'network.replyLoss'],
    ['network: { requestLoss: -0.01 }', 'network.requestLoss'],
    ['service: { errorRate: 101% }', 'service.errorRate'],
    ['agent: { replan: { probability: 2 } }', 'agent.replan.probability'],
    ['agent: { replan: { argsChange: 2 } }', 'agent.replan.argsChange'],
    ['agent: { crash: { probability: -1 } }', 'agent.crash.probability'],
    ['agent: { identicalRepeats: 1.5 }', 'agent.identicalRepeats'],
    ['client: { retries: -1 }', 'client.retries'],
    ['agent: { replan: { max: -1 } }', 'agent.replan.max'],
    ['agent: { crash: { max: -1 } }', 'agent.crash.max'],
    ['agent: { replan: { delay: { min: -1s } } }', 'agent.replan.delay.min'],
    ['actions: 0', 'actions'],
  ])('%s is out of range', (text, path) => {
    expect(issue(text)).toMatchObject({ code: 'out-of-range', path });
  });

  test.each([
    ['client: { backoff: { base: 0, multiplier: 0, max: 0 } }'],
    ['keys: { raceWindow: 0, recordBytes: 0 }'],
    ['client: { deadline: 0, retries: 0 }'],
    ['service: { latency: { sigma: 0 }, concurrency: 1 }'],
    ['network: { replyLoss: 1, requestLoss: 0 }'],
    ['actions: 1'],
  ])('%s is at the edge of the range and valid', (text) => {
    valid(text);
  });

  test('the message says what to write instead', () => {
    expect(issue('client: { timeout: 0 }').message).toBe(
      'client.timeout: must be greater than 0, found 0; write for example 1s (the default)',
    );
  });
});

describe('numbers', () => {
  test('an integer field accepts an integral float', () => {
    expect(valid('client: { retries: 3.0 }').client.retries).toBe(3);
    expect(valid('actions: 1e3').actions).toBe(1000);
  });

  test('an integer field refuses a fraction', () => {
    expect(issue('client: { retries: 2.5 }')).toMatchObject({ code: 'not-integer', path: 'client.retries' });
  });

  test('an integer field refuses a numeric string', () => {
    expect(issue('client: { retries: "3" }').code).toBe('wrong-type');
  });

  test.each(['.inf', '-.inf', '.nan', '1e400'])('%s is not a finite number', (text) => {
    expect(issue(`arrivals: { rate: ${text} }`).code).toBe('not-finite');
  });

  test('a number beyond the safe range is refused', () => {
    expect(issue('arrivals: { rate: 12345678901234567890 }').code).toBe('unsafe-number');
    expect(issue('keys: { retention: 1e15d }').code).toBe('unsafe-number');
  });

  test('-0 reads as 0', () => {
    expect(Object.is(valid('keys: { raceWindow: -0 }').keys.raceWindow, 0)).toBe(true);
  });
});

describe('other kinds', () => {
  test('seed is an integer or a string', () => {
    expect(valid('seed: 42').seed).toBe(42);
    expect(valid('seed: run-a').seed).toBe('run-a');
    expect(valid('seed: "7"').seed).toBe('7');
    expect(issue('seed: 1.5').code).toBe('not-integer');
    expect(issue('seed: [1]').code).toBe('wrong-type');
  });

  test('concurrency is unlimited or an integer of at least 1', () => {
    expect(valid('service: { concurrency: 8 }').service.concurrency).toBe(8);
    expect(valid('service: { concurrency: unlimited }').service.concurrency).toBe('unlimited');
    expect(issue('service: { concurrency: lots }').code).toBe('wrong-type');
  });

  test('deadline is none or a duration', () => {
    expect(valid('client: { deadline: 30s }').client.deadline).toBe(30_000);
    expect(valid('client: { deadline: none }').client.deadline).toBe('none');
    expect(issue('client: { deadline: never }').code).toBe('wrong-type');
  });

  test('an enum refuses other words with did-you-mean', () => {
    const found = issue('keys: { scope: Intent }');
    expect(found.code).toBe('bad-enum');
    expect(found.message).toContain('did you mean "intent"?');
    expect(valid('keys: { claim: read-then-write }').keys.claim).toBe('read-then-write');
  });

  test('a boolean is true or false, not yes', () => {
    expect(valid('keys: { fingerprint: false }').keys.fingerprint).toBe(false);
    expect(issue('keys: { fingerprint: yes }').code).toBe('wrong-type');
  });

  test('a string field refuses a number with the fix', () => {
    expect(issue('description: 2024').message).toContain('quote it');
  });

  test('a leaf with nothing after it is a wrong type, not the default', () => {
    expect(issue('client:\n  timeout:\n')).toMatchObject({ code: 'wrong-type', line: 2, col: 11 });
  });

  test('a group that is not a map is a wrong type listing its fields', () => {
    const found = issue('client: 5');
    expect(found.code).toBe('wrong-type');
    expect(found.message).toContain('timeout, retries, retryConflicts, backoff, deadline');
  });
});

describe('latency', () => {
  test('{ median, sigma } with a member missing takes the default member', () => {
    expect(valid('service: { latency: { median: 1s } }').service.latency).toEqual({ median: 1000, sigma: 0.6 });
  });

  test('{ p50, p99 } gives sigma = ln(p99/p50) / 2.3263', () => {
    const { latency } = valid('service: { latency: { p50: 300ms, p99: 1.2s } }').service;
    expect(latency.median).toBe(300);
    expect(latency.sigma).toBeCloseTo(Math.log(4) / 2.3263, 12);
  });

  test('p99 equal to p50 is sigma 0', () => {
    expect(valid('service: { latency: { p50: 1s, p99: 1000 } }').service.latency).toEqual({ median: 1000, sigma: 0 });
  });

  test('{ p50, p99 } needs both', () => {
    expect(issue('service: { latency: { p99: 1s } }').code).toBe('latency-incomplete');
  });

  test('p99 below p50 is refused', () => {
    expect(issue('service: { latency: { p50: 2s, p99: 1s } }').code).toBe('range-order');
  });

  test('the two forms cannot be mixed', () => {
    const found = issue('service:\n  latency:\n    median: 300ms\n    p99: 1s\n');
    expect(found).toMatchObject({ code: 'latency-mixed', line: 4, col: 5 });
  });

  test('an unknown member is refused with did-you-mean', () => {
    expect(issue('service: { latency: { medain: 1s } }').message).toContain('did you mean "median"?');
  });
});

describe('ranges', () => {
  test('a missing member takes the default', () => {
    expect(valid('agent: { replan: { delay: { min: 1s } } }').agent.replan.delay).toEqual({ min: 1000, max: 120_000 });
    expect(valid('agent: { crash: { resumeDelay: { max: 1h } } }').agent.crash.resumeDelay).toEqual({
      min: 120_000,
      max: 3_600_000,
    });
  });

  test('min must not exceed max, after defaulting', () => {
    const found = issue('agent: { replan: { delay: { min: 5m } } }');
    expect(found.code).toBe('range-order');
    expect(found.message).toBe('agent.replan.delay: min 5m is greater than max 2m (the default); write min <= max');
  });

  test('min equal to max is a fixed delay', () => {
    expect(valid('agent: { replan: { delay: { min: 3s, max: 3s } } }').agent.replan.delay).toEqual({
      min: 3000,
      max: 3000,
    });
  });

  test('a range written as a scalar is a wrong type', () => {
    expect(issues('agent: { replan: { delay: 5s } }').map((i) => i.code)).toEqual(['wrong-type']);
  });
});
