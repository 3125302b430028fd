// `client.throttle`, `client.budget` and `client.hedge` (MODEL.md D, real clients): the word
// `none` or a map whose missing members take the mechanism's documented defaults; read from
// files and --set, refused with a located one-line message for each bad form, hedging
// refused beside retries, written back, shown, varied, and checked alike by the JSON Schema.
import { describe, expect, test } from 'vitest';
import {
  defaultScenario,
  formatIssue,
  loadScenario,
  scenarioToYaml,
  starterScenario,
} from '../../src/scenario/index.js';
import { scenarioSettings } from '../../src/scenario/settings.js';
import { parseVary } from '../../src/scenario/vary.js';
import type { Scenario } from '../../src/model/scenario.js';
import { asJson, schemaValidator } from './fuzz/schema-check.js';
import { FILE, issue, issues, valid } from './helpers.js';

const client = (lines: string, sets: readonly string[] = []): Scenario['client'] =>
  valid(`client:\n${lines}\n`, sets).client;

const AWS_QUOTA = { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 };
const ENVOY_BUDGET = { percent: 20, minConcurrency: 3 };

describe('the forms each map takes', () => {
  test('all three are none unless written', () => {
    expect(client('  timeout: 2s')).toMatchObject({ throttle: 'none', budget: 'none', hedge: 'none' });
    expect(client('  throttle: none\n  budget: none\n  hedge: none')).toMatchObject({
      throttle: 'none',
      budget: 'none',
      hedge: 'none',
    });
  });

  test('an empty throttle or budget map takes every documented default (AWS SDK quota, Envoy budget)', () => {
    expect(client('  throttle: {}\n  budget: {}')).toMatchObject({ throttle: AWS_QUOTA, budget: ENVOY_BUDGET });
  });

  test('a member written replaces its default only; flow and block maps read alike', () => {
    expect(client('  throttle: { capacity: 100, timeoutCost: 2.5 }').throttle).toEqual({
      ...AWS_QUOTA,
      capacity: 100,
      timeoutCost: 2.5,
    });
    expect(client('  budget:\n    minConcurrency: 10').budget).toEqual({ percent: 20, minConcurrency: 10 });
  });

  test('throttle members may be fractional (gRPC counts tenths of a token), and 0', () => {
    expect(
      client('  throttle: { capacity: 0.5, retryCost: 0, timeoutCost: 0.1, successRefill: 0.1 }').throttle,
    ).toEqual({ capacity: 0.5, retryCost: 0, timeoutCost: 0.1, successRefill: 0.1 });
  });

  test('a budget percent is a number from 0 to 100; minConcurrency takes an integral float', () => {
    expect(client('  budget: { percent: 0, minConcurrency: 3.0 }').budget).toEqual({ percent: 0, minConcurrency: 3 });
    expect(client('  budget: { percent: 100 }').budget).toEqual({ percent: 100, minConcurrency: 3 });
  });

  test('a hedge reads after as a duration and max defaults to 1', () => {
    expect(client('  retries: 0\n  hedge: { after: 1.5s }').hedge).toEqual({ after: 1500, max: 1 });
    expect(client('  retries: 0\n  hedge: { after: 0, max: 100 }').hedge).toEqual({ after: 0, max: 100 });
  });

  test('--set takes a whole map, a member (turning the map on), or none', () => {
    expect(client('  timeout: 1s', ['client.throttle.capacity=100']).throttle).toEqual({ ...AWS_QUOTA, capacity: 100 });
    expect(client('  budget: none', ['client.budget.percent=10']).budget).toEqual({ percent: 10, minConcurrency: 3 });
    expect(client('  throttle: {}', ['client.throttle=none']).throttle).toBe('none');
    const hedge = client('  timeout: 1s', ['client.retries=0', 'client.hedge={ after: 200ms, max: 3 }']).hedge;
    expect(hedge).toEqual({ after: 200, max: 3 });
  });
});

describe('every bad form gets one issue at the offending node, with the fix', () => {
  test.each([
    // [text after `client:\n`, code, path, line, col, message]
    [
      '  throttle: on',
      'wrong-type',
      'client.throttle',
      2,
      13,
      'client.throttle: found the string "on"; write none, or a map such as { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 }',
    ],
    [
      '  budget: [20, 3]',
      'wrong-type',
      'client.budget',
      2,
      11,
      'client.budget: found a list; write none, or a map such as { percent: 20, minConcurrency: 3 }',
    ],
    [
      '  throttle:',
      'wrong-type',
      'client.throttle',
      2,
      12,
      'client.throttle: found nothing (an empty value); write none, or a map such as { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 }, or remove the key to use the default',
    ],
    [
      '  throttle: { capacty: 100 }',
      'unknown-key',
      'client.throttle.capacty',
      2,
      15,
      'unknown field "capacty" in client.throttle; did you mean "capacity"?',
    ],
    [
      '  budget: { percent: 20, burst: 3 }',
      'unknown-key',
      'client.budget.burst',
      2,
      26,
      'unknown field "burst" in client.budget; the fields here are percent, minConcurrency',
    ],
    [
      '  throttle: { retryCost: -1 }',
      'out-of-range',
      'client.throttle.retryCost',
      2,
      26,
      'client.throttle.retryCost: must be at least 0, found -1; write for example 5',
    ],
    [
      '  budget: { percent: 120 }',
      'out-of-range',
      'client.budget.percent',
      2,
      22,
      'client.budget.percent: must be between 0 and 100, found 120; write for example 20',
    ],
    [
      '  budget: { percent: 20% }',
      'wrong-type',
      'client.budget.percent',
      2,
      22,
      'client.budget.percent: found the string "20%"; write a number from 0 to 100 such as 20 (a percentage, written without the % sign)',
    ],
    [
      '  budget: { minConcurrency: 2.5 }',
      'not-integer',
      'client.budget.minConcurrency',
      2,
      29,
      'client.budget.minConcurrency: must be a whole number, found 2.5; write for example 3',
    ],
    [
      '  retries: 0\n  hedge: { after: 1s, max: 0 }',
      'out-of-range',
      'client.hedge.max',
      3,
      28,
      'client.hedge.max: must be between 1 and 100, found 0; write for example 1',
    ],
    [
      '  retries: 0\n  hedge: { after: 1s, max: 1.5 }',
      'not-integer',
      'client.hedge.max',
      3,
      28,
      'client.hedge.max: must be a whole number, found 1.5; write for example 1',
    ],
    [
      '  retries: 0\n  hedge: { after: -5ms }',
      'out-of-range',
      'client.hedge.after',
      3,
      19,
      'client.hedge.after: must be at least 0, found "-5ms"; write for example 500ms',
    ],
    [
      '  retries: 0\n  hedge: { max: 2 }',
      'missing-member',
      'client.hedge',
      3,
      10,
      'client.hedge: needs after, which has no default; write for example { after: 500ms, max: 2 }',
    ],
    [
      '  retries: 0\n  hedge: {}',
      'missing-member',
      'client.hedge',
      3,
      10,
      'client.hedge: needs after, which has no default; write for example { after: 500ms, max: 2 }',
    ],
    [
      '  retries: 0\n  hedge: { aftr: 1s }',
      'unknown-key',
      'client.hedge.aftr',
      3,
      12,
      'unknown field "aftr" in client.hedge; did you mean "after"?',
    ],
  ])('%s', (lines, code, path, line, col, message) => {
    expect(issue(`client:\n${lines}\n`)).toEqual({ file: FILE, line, col, code, path, message });
  });

  test('every bad member of one map is reported, none hiding another', () => {
    const found = issues('client:\n  throttle: { capacity: -1, retryCost: x, refill: 1 }\n');
    expect(found.map((i) => [i.code, i.path])).toEqual([
      ['out-of-range', 'client.throttle.capacity'],
      ['wrong-type', 'client.throttle.retryCost'],
      ['unknown-key', 'client.throttle.refill'],
    ]);
  });

  test('a bad --set member is placed in the argument', () => {
    expect(issue('{}', ['client.budget.percent=-1'])).toMatchObject({
      file: '--set client.budget.percent=-1',
      line: 1,
      col: 23,
      code: 'out-of-range',
    });
  });
});

describe('hedging excludes retries (as in gRPC)', () => {
  test("a hedge beside idemsim's default retries is refused at the hedge, saying where the retries came from", () => {
    expect(issue('client:\n  hedge: { after: 500ms }\n')).toEqual({
      file: FILE,
      line: 2,
      col: 10,
      code: 'hedge-with-retries',
      path: 'client.hedge',
      message:
        "client.hedge: hedging and retries exclude each other (as in gRPC), and client.retries is 3, idemsim's default; set client.retries: 0, or remove client.hedge",
    });
  });

  test('a hedge beside retries the file writes is refused at the hedge', () => {
    expect(issue('client:\n  retries: 1\n  hedge: { after: 500ms }\n')).toMatchObject({
      line: 3,
      col: 10,
      message:
        'client.hedge: hedging and retries exclude each other (as in gRPC), and client.retries is 1; set client.retries: 0, or remove client.hedge',
    });
  });

  test('a hedge set on the command line is refused in the argument', () => {
    expect(issue('{}', ['client.hedge={ after: 1s }'])).toMatchObject({
      file: '--set client.hedge={ after: 1s }',
      code: 'hedge-with-retries',
    });
  });

  test('retries that cannot be read give their own issue, not a second one about the hedge', () => {
    expect(issue('client:\n  retries: two\n  hedge: { after: 500ms }\n')).toMatchObject({
      code: 'wrong-type',
      path: 'client.retries',
    });
  });
});

describe('warnings: a throttle or budget with no retry to limit', () => {
  const warnings = (text: string): string[] => {
    const outcome = loadScenario(text, FILE);
    if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
    return outcome.warnings.map((w) => `${w.line}:${w.col} ${w.code} ${w.message}`);
  };

  test('each is warned about at its key, and the scenario still loads', () => {
    expect(warnings('client:\n  retries: 0\n  throttle: {}\n  budget: { percent: 50 }\n')).toEqual([
      '3:3 nothing-to-limit client.throttle: client.retries is 0, so there is no retry to limit; set client.retries above 0, or remove client.throttle',
      '4:3 nothing-to-limit client.budget: client.retries is 0, so there is no retry to limit; set client.retries above 0, or remove client.budget',
    ]);
  });

  test('none with retries, and none without a limit', () => {
    expect(warnings('client:\n  retries: 1\n  throttle: {}\n  budget: {}\n')).toEqual([]);
    expect(warnings('client:\n  retries: 0\n  throttle: none\n')).toEqual([]);
  });
});

describe('written, shown and varied', () => {
  const reload = (s: Scenario): Scenario => {
    const outcome = loadScenario(scenarioToYaml(s), 'roundtrip.yaml');
    if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
    return outcome.scenario;
  };

  test('a scenario without them writes none of them', () => {
    const text = scenarioToYaml(defaultScenario());
    for (const key of ['preset', 'throttle', 'budget', 'hedge']) expect(text).not.toContain(key);
  });

  test('each map is written as a flow map after the deadline, durations in units, and reads back equal', () => {
    const s = defaultScenario();
    s.client.retries = 0;
    s.client.throttle = { capacity: 100, retryCost: 0.5, timeoutCost: 10, successRefill: 1 };
    s.client.budget = { percent: 12.5, minConcurrency: 0 };
    s.client.hedge = { after: 1500, max: 2 };
    expect(scenarioToYaml(s)).toContain(
      [
        '  deadline: none',
        '  throttle: { capacity: 100, retryCost: 0.5, timeoutCost: 10, successRefill: 1 }',
        '  budget: { percent: 12.5, minConcurrency: 0 }',
        '  hedge: { after: 1.5s, max: 2 }',
        'keys:',
      ].join('\n'),
    );
    expect(reload(s)).toEqual(s);
  });

  test('each is shown in words', () => {
    const s = valid('client:\n  retries: 0\n  throttle: {}\n  budget: {}\n  hedge: { after: 500ms, max: 2 }\n');
    const shown = Object.fromEntries(scenarioSettings(s).map((setting) => [setting.path, setting.value]));
    expect(shown['client.throttle']).toBe('500 tokens; a retry costs 5, 10 after a timeout; +1 per success');
    expect(shown['client.budget']).toBe('20% of attempts in flight, at least 3');
    expect(shown['client.hedge']).toBe('after 500 ms, up to 2 more');
    expect(scenarioSettings(defaultScenario()).map((setting) => setting.path)).not.toContain('client.throttle');
  });

  test('--vary takes each member, read by its own reader and bounds, not a whole map', () => {
    expect(parseVary('client.budget.percent=10,20')).toMatchObject({
      ok: true,
      vary: { values: [10, 20], sets: ['client.budget.percent=10', 'client.budget.percent=20'] },
    });
    expect(parseVary('client.throttle.capacity=100..300:100')).toMatchObject({
      ok: true,
      vary: { values: [100, 200, 300] },
    });
    expect(parseVary('client.hedge.after=100ms,1s')).toMatchObject({
      ok: true,
      vary: { kind: 'duration', values: [100, 1000], labels: ['100ms', '1s'] },
    });
    expect(parseVary('client.hedge.max=0,2')).toMatchObject({ ok: false });
    expect(parseVary('client.throttle=none,{}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('vary a single value, e.g. client.throttle.capacity'),
    });
  });
});

describe('the JSON Schema agrees with the loader', () => {
  const validate = schemaValidator();
  const accepts = (text: string): boolean => {
    const json = asJson(text);
    return json !== undefined && validate(json.value);
  };

  test.each([
    'client: { throttle: none, budget: none, hedge: none }',
    'client: { throttle: {}, budget: { percent: 12.5 } }',
    'client: { throttle: { capacity: 0.5 } }',
    'client: { retries: 0, hedge: { after: 500ms, max: 2 } }',
  ])('accepts %s', (text) => {
    expect(loadScenario(text, FILE).ok).toBe(true);
    expect(accepts(text)).toBe(true);
  });

  test.each([
    'client: { throttle: on }',
    'client: { throttle: }',
    'client: { throttle: { capacty: 1 } }',
    'client: { throttle: { retryCost: -1 } }',
    'client: { budget: { percent: 101 } }',
    'client: { budget: { percent: 20% } }',
    'client: { budget: { minConcurrency: 1.5 } }',
    'client: { retries: 0, hedge: {} }',
    'client: { retries: 0, hedge: { after: 1s, max: 101 } }',
    'client: { preset: opnai }',
  ])('rejects %s', (text) => {
    expect(loadScenario(text, FILE).ok).toBe(false);
    expect(accepts(text)).toBe(false);
  });

  test("hedging beside retries is the loader's alone to refuse (the retries may be a default or a preset's)", () => {
    expect(accepts('client: { hedge: { after: 1s } }')).toBe(true);
    expect(loadScenario('client: { hedge: { after: 1s } }', FILE).ok).toBe(false);
  });
});

describe('the starter file', () => {
  const text = starterScenario('scenario', 'x.json');
  /** The starter with one commented-out line turned on, as an editor's toggle-comment does it. */
  const uncomment = (key: string): string => {
    const lines = text.split('\n');
    const i = lines.findIndex((line) => line.startsWith(`  # ${key}:`));
    expect(i, key).toBeGreaterThan(0);
    lines[i] = (lines[i] as string).replace('# ', '');
    return lines.join('\n');
  };

  test.each(['preset', 'throttle', 'budget'])('validates with %s uncommented alone, without a warning', (key) => {
    const outcome = loadScenario(uncomment(key), 'scenario.yaml');
    expect(outcome.ok && outcome.warnings).toEqual([]);
  });

  test('its hedge says it needs retries 0, and validates with them', () => {
    expect(text).toContain('  # hedge: { after: 500ms, max: 2 }  # needs client.retries: 0\n');
    expect(loadScenario(uncomment('hedge'), 'scenario.yaml')).toMatchObject({
      ok: false,
      issues: [{ code: 'hedge-with-retries' }],
    });
    const withRetries = uncomment('hedge').replace('  retries: 3\n', '  retries: 0\n');
    expect(valid(withRetries).client.hedge).toEqual({ after: 500, max: 2 });
  });

  test('shows the throttle and budget examples with every member', () => {
    expect(text).toContain('  # throttle: { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 }\n');
    expect(text).toContain('  # budget: { percent: 20, minConcurrency: 3 }\n');
  });
});
