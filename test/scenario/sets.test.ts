import { describe, expect, test } from 'vitest';
import { defaultScenario, defaultsWithSets, formatIssue } from '../../src/scenario/index.js';
import { issue, issues, valid } from './helpers.js';
import fc from 'fast-check';
import { parseYaml } from '../../src/scenario/parse.js';
import type { Issue } from '../../src/scenario/issues.js';

const defaults = (sets: string[]) => {
  const outcome = defaultsWithSets(sets);
  if (!outcome.ok) throw new Error(outcome.issues.map(formatIssue).join('\n'));
  return outcome.scenario;
};

describe('--set', () => {
  test('overrides a field of the file', () => {
    expect(valid('client: { timeout: 1s }', ['client.timeout=2s']).client.timeout).toBe(2000);
  });

  test('applies to the built-in defaults', () => {
    expect(defaults(['keys.scope=intent', 'client.retries=5'])).toEqual({
      ...defaultScenario(),
      keys: { ...defaultScenario().keys, scope: 'intent' },
      client: { ...defaultScenario().client, retries: 5 },
    });
  });

  test('reaches into a range member', () => {
    expect(defaults(['agent.crash.resumeDelay.min=1m']).agent.crash.resumeDelay).toEqual({
      min: 60_000,
      max: 1_200_000,
    });
  });

  test('takes a flow map value', () => {
    const { latency } = defaults(['service.latency={p50: 300ms, p99: 1.2s}']).service;
    expect(latency.median).toBe(300);
    expect(latency.sigma).toBeCloseTo(Math.log(4) / 2.3263, 12);
  });

  test('later sets win', () => {
    expect(defaults(['client.timeout=2s', 'client.timeout=3s']).client.timeout).toBe(3000);
  });

  test('a value may contain =', () => {
    expect(defaults(['description=a=b']).description).toBe('a=b');
  });

  test('a set of a whole map replaces it: its other members take the defaults', () => {
    const s = valid('client: { backoff: { base: 1s, max: 20s } }', ['client.backoff={ max: 30s }']);
    expect(s.client.backoff).toEqual({ ...defaultScenario().client.backoff, max: 30_000 });
  });

  test('setting the whole latency replaces the other form', () => {
    const s = valid('service: { latency: { median: 1s, sigma: 1 } }', ['service.latency={p50: 1s, p99: 1s}']);
    expect(s.service.latency).toEqual({ median: 1000, sigma: 0 });
  });

  test('setting p50 when the file uses median/sigma is mixing forms', () => {
    const found = issue('service: { latency: { median: 1s, sigma: 1 } }', ['service.latency.p50=300ms']);
    expect(found).toMatchObject({ code: 'latency-mixed', file: '--set service.latency.p50=300ms', line: 1, col: 17 });
  });

  test('sets an expect bound by metric name and bound', () => {
    expect(defaults(['expect.latency.call.p95.max=5s', 'expect.duplicates={max: 2}']).expect).toEqual({
      duplicates: { max: 2 },
      'latency.call.p95': { max: 5000 },
    });
  });

  test('creates the maps on its path when the file lacks them', () => {
    expect(valid('actions: 10', ['agent.replan.max=0']).agent.replan.max).toBe(0);
  });
});

describe('--set issues', () => {
  test('a bad value is reported in the argument at the column of the value', () => {
    const found = issue('{}', ['client.timeout=1.5 S']);
    expect(formatIssue(found)).toBe(
      '--set client.timeout=1.5 S:1:16: client.timeout: unknown unit "S" in "1.5 S"; units are case-sensitive: did you mean "1.5 s"?',
    );
  });

  test('a bad value inside a flow map is reported at its own column', () => {
    expect(issue('{}', ['service.latency={p50: 300ms, p99: 1 parsec}'])).toMatchObject({ line: 1, col: 35 });
  });

  test('an unknown path gets did-you-mean, at the column of the unknown part', () => {
    const found = issue('{}', ['client.timout=2s']);
    expect(found).toMatchObject({ code: 'unknown-key', line: 1, col: 8 });
    expect(found.message).toBe('unknown field "client.timout"; did you mean "client.timeout"?');
  });

  test('a field name alone names its full path', () => {
    expect(issue('{}', ['retries=2']).message).toContain('did you mean "client.retries"?');
  });

  test('a path below a single value is unknown, naming the value', () => {
    expect(issue('{}', ['client.timeout.unit=ms']).message).toContain('did you mean "client.timeout"?');
  });

  test('an unknown metric is reported with did-you-mean', () => {
    expect(issue('{}', ['expect.latency.call.p96.max=1s'])).toMatchObject({ code: 'unknown-metric', col: 8 });
  });

  test('an argument without = is refused', () => {
    expect(issue('{}', ['client.timeout'])).toMatchObject({ code: 'bad-set', file: '--set client.timeout', col: 1 });
  });

  test('an empty value is a wrong type at the column after =', () => {
    expect(issue('{}', ['client.timeout='])).toMatchObject({ code: 'wrong-type', col: 16 });
  });

  test('a YAML error in a value is reported at its column', () => {
    expect(issue('{}', ['service.latency={p50: 1s'])).toMatchObject({ code: 'yaml-syntax', line: 1 });
  });

  test('issues of the file and of every set are all reported, file first', () => {
    const found = issues('actions: 0', ['client.retries=x', 'keys.scope=nope']);
    expect(found.map((i) => i.file)).toEqual([
      'scenarios/test.yaml',
      '--set client.retries=x',
      '--set keys.scope=nope',
    ]);
  });

  test('sets are still checked when the file cannot be read', () => {
    const found = issues('a: [', ['client.retries=x']);
    expect(found.map((i) => i.code)).toEqual(['yaml-syntax', 'wrong-type']);
  });
});

describe('a plain decimal integer', () => {
  const source = { file: '--set', locate: (offset: number) => ({ line: 1, col: offset + 1 }) };
  // parseYaml reads digits alone without the yaml package; followed by a newline, the same
  // value goes through the parser, which must make the same node of it.
  const both = (text: string) => {
    const issues: Issue[] = [];
    return [parseYaml(text, source, issues), parseYaml(`${text}\n`, source, issues), issues] as const;
  };

  test('reads as the yaml parser reads it, whatever its digits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.integer({ min: 0, max: 999_999_999_999_999 })), (n) => {
        const [fast, parsed, issues] = both(String(n));
        expect(fast).toEqual(parsed);
        expect(fast).toEqual({ kind: 'scalar', pos: { file: '--set', line: 1, col: 1 }, value: n, source: String(n) });
        expect(issues).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  test('and any short text of digits, signs, spaces and number marks reads as the parser reads it', () => {
    // Most such texts skip the fast path; those that take it must give the parser's node
    // (a wider pattern would let through ' 7', '1_000' or '07.', which the parser reads otherwise).
    const chars = fc.constantFrom(...'0123456789+-_ .exXoO'.split(''));
    fc.assert(
      fc.property(fc.array(chars, { minLength: 1, maxLength: 8 }), (list) => {
        const [got, parsed] = both(list.join(''));
        expect(got).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  test.each(['0123', '-5', '+5', '1e3', '1_000', '0x1F', '9007199254740993', '1234567890123456', '7 ', ' 7', '٣'])(
    'and what only looks like one (%j) reads as the parser reads it',
    (text) => {
      const [got, parsed] = both(text);
      expect(got).toEqual(parsed);
    },
  );
});
