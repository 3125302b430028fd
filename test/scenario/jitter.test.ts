// `client.backoff.jitter` in its two forms (MODEL.md D, real clients): a word, as before, or
// `{ proportional: [lo, hi] }`, the capped delay times U(lo, hi). Read from files and
// --set, refused with a located message for each bad form, written back, shown, and
// checked alike by the JSON Schema.
import { describe, expect, test } from 'vitest';
import { defaultScenario, formatIssue, scenarioToYaml } from '../../src/scenario/index.js';
import { scenarioSettings } from '../../src/scenario/settings.js';
import { parseVary } from '../../src/scenario/vary.js';
import { asJson, schemaValidator } from './fuzz/schema-check.js';
import { issue, issues, valid } from './helpers.js';

const jitterOf = (text: string, sets: readonly string[] = []) => valid(text, sets).client.backoff.jitter;
const block = (value: string): string => `client:\n  backoff:\n    jitter: ${value}\n`;

describe('the proportional form', () => {
  test('reads as a flow map or a block map', () => {
    expect(jitterOf(block('{ proportional: [0.75, 1] }'))).toEqual({ proportional: [0.75, 1] });
    expect(jitterOf(block('\n      proportional:\n        - 0.5\n        - 1'))).toEqual({ proportional: [0.5, 1] });
  });

  test('hi may exceed 1, and lo may equal hi, 0 included', () => {
    expect(jitterOf(block('{ proportional: [0.875, 1.125] }'))).toEqual({ proportional: [0.875, 1.125] });
    expect(jitterOf(block('{ proportional: [0, 0] }'))).toEqual({ proportional: [0, 0] });
    expect(jitterOf(block('{ proportional: [2, 2.0] }'))).toEqual({ proportional: [2, 2] });
  });

  test('the words read as before', () => {
    for (const word of ['none', 'full', 'equal', 'decorrelated']) expect(jitterOf(block(word))).toBe(word);
    expect(jitterOf('{}')).toBe('full');
  });

  test('--set takes either form; the floor is a duration', () => {
    const set = ['client.backoff.jitter={proportional: [0.5, 1]}', 'client.backoff.floor=500ms'];
    expect(valid('actions: 10', set).client.backoff).toMatchObject({ jitter: { proportional: [0.5, 1] }, floor: 500 });
    expect(jitterOf('actions: 10', ['client.backoff.jitter=equal'])).toBe('equal');
  });

  test('--vary takes the words only', () => {
    const outcome = parseVary('client.backoff.jitter=none,full');
    expect(outcome.ok && outcome.vary.values).toEqual(['none', 'full']);
    expect(parseVary('client.backoff.jitter=none,fast')).toMatchObject({ ok: false });
  });
});

describe('every bad form gets one issue at the offending node', () => {
  test.each([
    // [value, code, path, line, col, message contains]
    ['fast', 'bad-enum', 'client.backoff.jitter', 3, 13, 'found the string "fast"; write one of none, full'],
    ['[0.5, 1]', 'wrong-type', 'client.backoff.jitter', 3, 13, 'found a list; write { proportional: [lo, hi] }'],
    [
      '{ proportionl: [0.5, 1] }',
      'unknown-key',
      'client.backoff.jitter.proportionl',
      3,
      15,
      'did you mean "proportional"?',
    ],
    ['{}', 'missing-member', 'client.backoff.jitter', 3, 13, 'needs proportional; write for example'],
    [
      '{ proportional: 0.5 }',
      'wrong-type',
      'client.backoff.jitter.proportional',
      3,
      29,
      'found the number 0.5; write a list of two numbers [lo, hi]',
    ],
    ['{ proportional: }', 'wrong-type', 'client.backoff.jitter.proportional', 3, 29, 'found nothing (an empty value)'],
    [
      '{ proportional: [0.5] }',
      'not-a-pair',
      'client.backoff.jitter.proportional',
      3,
      29,
      'found a list of 1 value; write exactly two numbers',
    ],
    ['{ proportional: [] }', 'not-a-pair', 'client.backoff.jitter.proportional', 3, 29, 'found an empty list'],
    [
      '{ proportional: [0.5, 1, 2] }',
      'not-a-pair',
      'client.backoff.jitter.proportional',
      3,
      38,
      'found a list of 3 values',
    ],
    [
      '{ proportional: [-0.5, 1] }',
      'out-of-range',
      'client.backoff.jitter.proportional[0]',
      3,
      30,
      'must be at least 0, found -0.5; write for example 0.75',
    ],
    [
      '{ proportional: [0.5, -1] }',
      'out-of-range',
      'client.backoff.jitter.proportional[1]',
      3,
      35,
      'must be at least 0, found -1; write for example 1',
    ],
    [
      '{ proportional: [1, 0.5] }',
      'range-order',
      'client.backoff.jitter.proportional',
      3,
      30,
      'lo 1 is greater than hi 0.5; write lo <= hi, as in [0.5, 1]',
    ],
    [
      '{ proportional: [75%, 1] }',
      'unexpected-unit',
      'client.backoff.jitter.proportional[0]',
      3,
      30,
      'factors of the delay, with no unit: write 0.75',
    ],
    [
      '{ proportional: [0.5, 1s] }',
      'unexpected-unit',
      'client.backoff.jitter.proportional[1]',
      3,
      35,
      'with no unit: write a number such as 0.75',
    ],
    [
      '{ proportional: ["0.5", 1] }',
      'wrong-type',
      'client.backoff.jitter.proportional[0]',
      3,
      30,
      'found the string "0.5"; write 0.5 without quotes',
    ],
    [
      '{ proportional: [.inf, 1] }',
      'not-finite',
      'client.backoff.jitter.proportional[0]',
      3,
      30,
      'not a finite number',
    ],
    [
      '{ proportional: [0.5, true] }',
      'wrong-type',
      'client.backoff.jitter.proportional[1]',
      3,
      35,
      'found true; write a number such as 0.75',
    ],
    [
      '{ proportional: [0.5, 1], max: 2 }',
      'unknown-key',
      'client.backoff.jitter.max',
      3,
      39,
      'the fields here are proportional',
    ],
  ])('jitter: %s', (value, code, path, line, col, text) => {
    const found = issue(block(value));
    expect(found).toMatchObject({ code, path, line, col, file: 'scenarios/test.yaml' });
    expect(found.message).toContain(text);
  });

  test('messages say the path, what was found and what to write, on one line', () => {
    expect(formatIssue(issue(block('{ proportional: [1, 0.5] }')))).toBe(
      'scenarios/test.yaml:3:30: client.backoff.jitter.proportional: lo 1 is greater than hi 0.5; write lo <= hi, as in [0.5, 1]',
    );
    expect(issue(block('0.5')).message).toBe(
      'client.backoff.jitter: found the number 0.5; write one of none, full, equal, decorrelated',
    );
  });

  test('a --set value is located inside its argument', () => {
    const arg = 'client.backoff.jitter={proportional: [1, 0.5]}';
    expect(issue('actions: 10', [arg])).toMatchObject({ file: `--set ${arg}`, line: 1, col: 39, code: 'range-order' });
  });

  test('a misspelt key is reported once, as unknown, not again as missing', () => {
    expect(issues(block('{ proportionl: [0.5, 1] }'))).toHaveLength(1);
  });
});

describe('written and shown', () => {
  const s = defaultScenario();
  s.client.backoff.jitter = { proportional: [0.875, 1.125] };

  test('scenarioToYaml writes a flow map that reads back equal', () => {
    const text = scenarioToYaml(s);
    expect(text).toContain('jitter: { proportional: [0.875, 1.125] } }');
    expect(valid(text).client.backoff.jitter).toEqual({ proportional: [0.875, 1.125] });
  });

  test('the settings show d × U(lo, hi), a word as the word', () => {
    const shown = (scenario: typeof s) =>
      scenarioSettings(scenario).find((setting) => setting.path === 'client.backoff.jitter')?.value;
    expect(shown(s)).toBe('d × U(0.875, 1.125)');
    expect(shown(defaultScenario())).toBe('full');
  });
});

describe('the JSON Schema', () => {
  const validate = schemaValidator();
  const accepts = (text: string): boolean => {
    const json = asJson(text);
    return json !== undefined && validate(json.value);
  };

  test.each(['full', '{ proportional: [0.75, 1] }', '{ proportional: [0.875, 1.125] }', '{ proportional: [1, 0.5] }'])(
    'accepts jitter: %s (lo <= hi is the loader’s)',
    (value) => expect(accepts(block(value))).toBe(true),
  );

  test.each([
    'fast',
    '[0.5, 1]',
    '{}',
    '{ proportionl: [0.5, 1] }',
    '{ proportional: 0.5 }',
    '{ proportional: [0.5] }',
    '{ proportional: [0.5, 1, 2] }',
    '{ proportional: [-0.5, 1] }',
    '{ proportional: [75%, 1] }',
    '{ proportional: [0.5, 1], max: 2 }',
  ])('rejects jitter: %s, as the loader does', (value) => {
    expect(accepts(block(value))).toBe(false);
    expect(issues(block(value)).length).toBeGreaterThan(0);
  });

  test('accepts the floor as a duration >= 0', () => {
    expect(accepts('client:\n  backoff: { floor: 500ms }\n')).toBe(true);
    expect(accepts('client:\n  backoff: { floor: -1 }\n')).toBe(false);
  });
});
