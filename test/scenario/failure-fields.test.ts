// `service.failure`, `keys.errors` and `keys.mismatchStatus` (MODEL.md F): read from files
// and --set, refused with a located one-line message for each bad form, shown in the
// Settings rows, written back only where they differ from their defaults, and checked
// alike by the JSON Schema.
import { describe, expect, test } from 'vitest';
import { defaultScenario, formatIssue, loadScenario, scenarioToYaml } from '../../src/scenario/index.js';
import { scenarioSettings } from '../../src/scenario/settings.js';
import type { Scenario } from '../../src/model/scenario.js';
import { asJson, schemaValidator } from './fuzz/schema-check.js';
import { FILE, issue, valid } from './helpers.js';

describe('the forms each field takes', () => {
  test('all are at their defaults unless written: no failure, errors stored, a mismatch answered 422', () => {
    const s = valid('{}');
    expect(s.service.failure).toEqual({ probability: 0, afterEffect: 0.5 });
    expect(s.keys.errors).toBe('store');
    expect(s.keys.mismatchStatus).toBe(422);
  });

  test('failure probabilities take a number or a percentage; a member left out keeps its default', () => {
    expect(valid('service:\n  failure: { probability: 5% }\n').service.failure).toEqual({
      probability: 0.05,
      afterEffect: 0.5,
    });
    expect(valid('service:\n  failure:\n    afterEffect: 1\n').service.failure).toEqual({
      probability: 0,
      afterEffect: 1,
    });
  });

  test('errors is store or delete; mismatchStatus any whole 4xx, an integral float included', () => {
    expect(valid('keys: { errors: delete }').keys.errors).toBe('delete');
    expect(valid('keys: { mismatchStatus: 409 }').keys.mismatchStatus).toBe(409);
    expect(valid('keys: { mismatchStatus: 417.0 }').keys.mismatchStatus).toBe(417);
    expect(valid('keys: { mismatchStatus: 400 }').keys.mismatchStatus).toBe(400);
    expect(valid('keys: { mismatchStatus: 499 }').keys.mismatchStatus).toBe(499);
  });

  test('--set takes each', () => {
    const s = valid('{}', ['service.failure.probability=0.1', 'keys.errors=delete', 'keys.mismatchStatus=409']);
    expect(s.service.failure.probability).toBe(0.1);
    expect(s.keys.errors).toBe('delete');
    expect(s.keys.mismatchStatus).toBe(409);
  });
});

describe('every bad form gets one issue at the offending node, with the fix', () => {
  test.each([
    // [text, code, path, line, col, message]
    [
      'service:\n  failure:\n    probability: often\n',
      'wrong-type',
      'service.failure.probability',
      3,
      18,
      'service.failure.probability: found the string "often"; write a probability between 0 and 1 such as 0.02, or a percentage such as 2%',
    ],
    [
      'service:\n  failure:\n    probability: 1.5\n',
      'out-of-range',
      'service.failure.probability',
      3,
      18,
      'service.failure.probability: must be between 0 and 1, found 1.5; write for example 0 (the default)',
    ],
    [
      'service:\n  failure: { afterEffect: -0.1 }\n',
      'out-of-range',
      'service.failure.afterEffect',
      2,
      27,
      'service.failure.afterEffect: must be between 0 and 1, found -0.1; write for example 0.5 (the default)',
    ],
    [
      'service:\n  failure: 0.1\n',
      'wrong-type',
      'service.failure',
      2,
      12,
      'service.failure: found the number 0.1; write a map with the fields probability, afterEffect',
    ],
    [
      'service:\n  failure: { probabilty: 0.1 }\n',
      'unknown-key',
      'service.failure.probabilty',
      2,
      14,
      'unknown field "probabilty" in service.failure; did you mean "probability"?',
    ],
    [
      'keys:\n  errors: delet\n',
      'bad-enum',
      'keys.errors',
      2,
      11,
      'keys.errors: found the string "delet"; did you mean "delete"? write one of store, delete',
    ],
    [
      'keys:\n  errors: keep\n',
      'bad-enum',
      'keys.errors',
      2,
      11,
      'keys.errors: found the string "keep"; write one of store, delete',
    ],
    [
      'keys:\n  errors: true\n',
      'bad-enum',
      'keys.errors',
      2,
      11,
      'keys.errors: found true; write one of store, delete',
    ],
    [
      'keys:\n  error: delete\n',
      'unknown-key',
      'keys.error',
      2,
      3,
      'unknown field "error" in keys; did you mean "errors"?',
    ],
    [
      'keys:\n  mismatchStatus: 399\n',
      'out-of-range',
      'keys.mismatchStatus',
      2,
      19,
      'keys.mismatchStatus: must be between 400 and 499, found 399; write for example 422 (the default)',
    ],
    [
      'keys:\n  mismatchStatus: 500\n',
      'out-of-range',
      'keys.mismatchStatus',
      2,
      19,
      'keys.mismatchStatus: must be between 400 and 499, found 500; write for example 422 (the default)',
    ],
    [
      'keys:\n  mismatchStatus: 4.5\n',
      'not-integer',
      'keys.mismatchStatus',
      2,
      19,
      'keys.mismatchStatus: must be a whole number, found 4.5; write for example 422 (the default)',
    ],
    [
      'keys:\n  mismatchStatus: "409"\n',
      'wrong-type',
      'keys.mismatchStatus',
      2,
      19,
      'keys.mismatchStatus: found the string "409"; write a whole number',
    ],
    [
      'keys:\n  mismatchStatus: conflict\n',
      'wrong-type',
      'keys.mismatchStatus',
      2,
      19,
      'keys.mismatchStatus: found the string "conflict"; write a whole number',
    ],
    [
      'keys:\n  mismatchstatus: 409\n',
      'unknown-key',
      'keys.mismatchstatus',
      2,
      3,
      'unknown field "mismatchstatus" in keys; did you mean "mismatchStatus"?',
    ],
  ])('%j', (text, code, path, line, col, message) => {
    expect(issue(text)).toEqual({ file: FILE, line, col, code, path, message });
  });

  test.each([
    [
      'service.failure.probability=2',
      'out-of-range',
      'service.failure.probability',
      29,
      'service.failure.probability: must be between 0 and 1, found 2; write for example 0 (the default)',
    ],
    [
      'keys.errors=delet',
      'bad-enum',
      'keys.errors',
      13,
      'keys.errors: found the string "delet"; did you mean "delete"? write one of store, delete',
    ],
    [
      'keys.mismatchStatus=500',
      'out-of-range',
      'keys.mismatchStatus',
      21,
      'keys.mismatchStatus: must be between 400 and 499, found 500; write for example 422 (the default)',
    ],
  ])('--set %s is placed in the argument', (set, code, path, col, message) => {
    expect(issue('{}', [set])).toEqual({ file: `--set ${set}`, line: 1, col, code, path, message });
  });

  test('every bad field of one file is reported, none hiding another', () => {
    const outcome = loadScenario(
      'service:\n  failure: { probability: 2, afterEffect: x }\nkeys: { errors: delet, mismatchStatus: 399 }\n',
      FILE,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((i) => i.path)).toEqual([
      'service.failure.probability',
      'service.failure.afterEffect',
      'keys.errors',
      'keys.mismatchStatus',
    ]);
  });
});

describe('shown and written', () => {
  const reload = (s: Scenario): Scenario => {
    const outcome = loadScenario(scenarioToYaml(s), 'roundtrip.yaml');
    if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
    return outcome.scenario;
  };

  test('the Settings rows show each in its unit, and none of them for a scenario without them', () => {
    const s = valid(
      'service:\n  failure: { probability: 0.05, afterEffect: 0.3 }\nkeys: { errors: delete, mismatchStatus: 409 }\n',
    );
    const shown = Object.fromEntries(scenarioSettings(s).map((setting) => [setting.path, setting]));
    expect(shown['service.failure.probability']).toMatchObject({ group: 'service', value: '5%' });
    expect(shown['service.failure.afterEffect']).toMatchObject({ group: 'service', value: '30%' });
    expect(shown['keys.errors']).toMatchObject({ group: 'keys', value: 'delete' });
    expect(shown['keys.mismatchStatus']).toMatchObject({ group: 'keys', value: '409' });
    const plain = scenarioSettings(defaultScenario()).map((setting) => setting.path);
    for (const path of ['service.failure.probability', 'service.failure.afterEffect', 'keys.errors'])
      expect(plain).not.toContain(path);
    expect(plain).not.toContain('keys.mismatchStatus');
  });

  test('a scenario without them writes none of them', () => {
    const text = scenarioToYaml(defaultScenario());
    for (const key of ['failure', 'errors', 'mismatchStatus']) expect(text).not.toContain(key);
  });

  test('each is written after its group’s earlier fields, only where off its default, and reads back equal', () => {
    const s = defaultScenario();
    s.service.failure = { probability: 0.05, afterEffect: 1 };
    s.keys.errors = 'delete';
    s.keys.mismatchStatus = 409;
    const text = scenarioToYaml(s);
    expect(text).toContain('  concurrency: unlimited\n  failure:\n    probability: 0.05\n    afterEffect: 1\n');
    expect(text).toContain('  recordBytes: 200\n  errors: delete\n  mismatchStatus: 409\n');
    expect(reload(s)).toEqual(s);
    const one = defaultScenario();
    one.keys.mismatchStatus = 417;
    expect(scenarioToYaml(one)).not.toContain('errors');
    expect(reload(one)).toEqual(one);
  });
});

describe('the JSON Schema agrees with the loader', () => {
  const validate = schemaValidator();
  const accepts = (text: string): boolean => {
    const json = asJson(text);
    return json !== undefined && validate(json.value);
  };

  test.each([
    'service: { failure: { probability: 0.05, afterEffect: 1 } }',
    'service: { failure: { probability: 5% } }',
    'keys: { errors: delete, mismatchStatus: 409 }',
    'keys: { mismatchStatus: 400 }',
  ])('accepts %s', (text) => {
    expect(loadScenario(text, FILE).ok).toBe(true);
    expect(accepts(text)).toBe(true);
  });

  test.each([
    'service: { failure: 0.1 }',
    'service: { failure: { probability: 1.5 } }',
    'service: { failure: { probabilty: 0.1 } }',
    'keys: { errors: delet }',
    'keys: { mismatchStatus: 399 }',
    'keys: { mismatchStatus: 500 }',
    'keys: { mismatchStatus: 4.5 }',
    'keys: { mismatchStatus: "409" }',
  ])('rejects %s', (text) => {
    expect(loadScenario(text, FILE).ok).toBe(false);
    expect(accepts(text)).toBe(false);
  });
});
