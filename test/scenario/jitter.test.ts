// `client.backoff.jitter` in its forms (MODEL.md D, real clients): a word, as before,
// `{ proportional: [lo, hi] }`, the capped delay times U(lo, hi), or `{ additive: [lo, hi] }`,
// the capped delay plus U(lo, hi) of durations (LangGraph). Read from files and --set,
// refused with a located message for each bad form, written back, shown, and checked alike
// by the JSON Schema.
import { describe, expect, test } from 'vitest';
import { canonicalScenario } from '../../src/model/canonical-scenario.js';
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

describe('the additive form', () => {
  test('reads durations with units, or plain milliseconds, as a flow map or a block map', () => {
    expect(jitterOf(block('{ additive: [0ms, 1s] }'))).toEqual({ additive: [0, 1000] });
    expect(jitterOf(block('{ additive: [0, 1000] }'))).toEqual({ additive: [0, 1000] });
    expect(jitterOf(block('{ additive: [250ms, 1.5s] }'))).toEqual({ additive: [250, 1500] });
    expect(jitterOf(block('\n      additive:\n        - 0ms\n        - 1s'))).toEqual({ additive: [0, 1000] });
  });

  test('lo may equal hi, 0 included', () => {
    expect(jitterOf(block('{ additive: [0ms, 0ms] }'))).toEqual({ additive: [0, 0] });
    expect(jitterOf(block('{ additive: [1s, 1000] }'))).toEqual({ additive: [1000, 1000] });
  });

  test("--set takes it, and so does a retry layer's backoff", () => {
    expect(jitterOf('actions: 10', ['client.backoff.jitter={additive: [0ms, 1s]}'])).toEqual({ additive: [0, 1000] });
    const text = 'client:\n  layers: [{ retries: 2, backoff: { jitter: { additive: [0ms, 1s] } } }]\n';
    expect(valid(text).client.layers[0]?.backoff.jitter).toEqual({ additive: [0, 1000] });
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
    ['{}', 'missing-member', 'client.backoff.jitter', 3, 13, 'needs proportional or additive; write for example'],
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
    [
      '{ proportional: [0ms, 1] }',
      'unexpected-unit',
      'client.backoff.jitter.proportional[0]',
      3,
      30,
      'with no unit: write a number such as 0.75, or { additive: [lo, hi] } to add a duration to the delay',
    ],
    // The additive form: durations.
    ['{ additve: [0ms, 1s] }', 'unknown-key', 'client.backoff.jitter.additve', 3, 15, 'did you mean "additive"?'],
    [
      '{ additive: 1s }',
      'wrong-type',
      'client.backoff.jitter.additive',
      3,
      25,
      'found the string "1s"; write a list of two durations [lo, hi] with 0 <= lo <= hi, such as [0ms, 1s]',
    ],
    ['{ additive: }', 'wrong-type', 'client.backoff.jitter.additive', 3, 25, 'found nothing (an empty value)'],
    [
      '{ additive: [1s] }',
      'not-a-pair',
      'client.backoff.jitter.additive',
      3,
      25,
      'found a list of 1 value; write exactly two durations',
    ],
    ['{ additive: [] }', 'not-a-pair', 'client.backoff.jitter.additive', 3, 25, 'found an empty list'],
    ['{ additive: [0ms, 1s, 2s] }', 'not-a-pair', 'client.backoff.jitter.additive', 3, 35, 'found a list of 3 values'],
    [
      '{ additive: [-1ms, 1s] }',
      'out-of-range',
      'client.backoff.jitter.additive[0]',
      3,
      26,
      'must be at least 0, found "-1ms"; write for example 0ms',
    ],
    [
      '{ additive: [0ms, -1s] }',
      'out-of-range',
      'client.backoff.jitter.additive[1]',
      3,
      31,
      'must be at least 0, found "-1s"; write for example 1s',
    ],
    [
      '{ additive: [2s, 1s] }',
      'range-order',
      'client.backoff.jitter.additive',
      3,
      26,
      'lo 2s is greater than hi 1s; write lo <= hi, as in [1s, 2s]',
    ],
    ['{ additive: [0ms, 1x] }', 'bad-unit', 'client.backoff.jitter.additive[1]', 3, 31, 'unknown unit "x" in "1x"'],
    [
      '{ additive: [0ms, 50%] }',
      'bad-unit',
      'client.backoff.jitter.additive[1]',
      3,
      31,
      'the units are ms, s, m, h, d',
    ],
    [
      '{ additive: [0ms, "1000"] }',
      'missing-unit',
      'client.backoff.jitter.additive[1]',
      3,
      31,
      'the string "1000" has no unit; write 1000 without quotes for milliseconds',
    ],
    [
      '{ additive: [0ms, true] }',
      'wrong-type',
      'client.backoff.jitter.additive[1]',
      3,
      31,
      'found true; write a duration such as 250ms',
    ],
    ['{ additive: [.inf, 1s] }', 'not-finite', 'client.backoff.jitter.additive[0]', 3, 26, 'not a finite number'],
    ['{ additive: [0ms, 1s], max: 2 }', 'unknown-key', 'client.backoff.jitter.max', 3, 36, 'the fields here are'],
    // Both forms at once: one issue, at the second key.
    [
      '{ proportional: [0.5, 1], additive: [0ms, 1s] }',
      'jitter-mixed',
      'client.backoff.jitter.additive',
      3,
      39,
      'found both proportional and additive; write one of them',
    ],
    [
      '{ additive: [0ms, 1s], proportional: [0.5, 1] }',
      'jitter-mixed',
      'client.backoff.jitter.proportional',
      3,
      36,
      'found both proportional and additive; write one of them',
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

  test('both forms at once read as one line that says what each does', () => {
    expect(formatIssue(issue(block('{ proportional: [0.5, 1], additive: [0ms, 1s] }')))).toBe(
      'scenarios/test.yaml:3:39: client.backoff.jitter: found both proportional and additive; write one of them: ' +
        'proportional multiplies the delay by U(lo, hi), additive adds U(lo, hi) to it',
    );
    expect(formatIssue(issue(block('{ additive: [2s, 1s] }')))).toBe(
      'scenarios/test.yaml:3:26: client.backoff.jitter.additive: lo 2s is greater than hi 1s; write lo <= hi, as in [1s, 2s]',
    );
  });

  test('a --set value is located inside its argument', () => {
    const arg = 'client.backoff.jitter={proportional: [1, 0.5]}';
    expect(issue('actions: 10', [arg])).toMatchObject({ file: `--set ${arg}`, line: 1, col: 39, code: 'range-order' });
    const additive = 'client.backoff.jitter={additive: [0ms, 1s, 2s]}';
    expect(issue('actions: 10', [additive])).toMatchObject({ file: `--set ${additive}`, line: 1, code: 'not-a-pair' });
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

describe('the additive form, written and shown', () => {
  const s = defaultScenario();
  s.client.backoff.jitter = { additive: [0, 1000] };
  const shown = (scenario: typeof s, path = 'client.backoff.jitter') =>
    scenarioSettings(scenario).find((setting) => setting.path === path)?.value;

  test('scenarioToYaml writes it on one line, durations with units, and it reads back equal', () => {
    const text = scenarioToYaml(s);
    expect(text).toContain('  backoff: { base: 100ms, multiplier: 2, max: 10s, jitter: { additive: [0ms, 1s] } }\n');
    expect(valid(text).client.backoff.jitter).toEqual({ additive: [0, 1000] });
    const odd = defaultScenario();
    odd.client.backoff.jitter = { additive: [250, 1500.5] };
    expect(scenarioToYaml(odd)).toContain('jitter: { additive: [250ms, 1.5005s] } }');
    expect(valid(scenarioToYaml(odd)).client.backoff.jitter).toEqual({ additive: [250, 1500.5] });
  });

  test("a retry layer's additive jitter is written the same way and reads back equal", () => {
    const layered = valid('client:\n  layers: [{ retries: 2, backoff: { jitter: { additive: [0ms, 1s] } } }]\n');
    const text = scenarioToYaml(layered);
    expect(text).toContain('jitter: { additive: [0ms, 1s] }');
    expect(valid(text).client.layers).toEqual(layered.client.layers);
  });

  test('the canonical copy keeps it, as a copy', () => {
    const copy = canonicalScenario(s).client.backoff.jitter;
    expect(copy).toEqual({ additive: [0, 1000] });
    expect(copy).not.toBe(s.client.backoff.jitter);
  });

  test('the settings show d + U(lo, hi) with durations in units, for the client and a layer', () => {
    expect(shown(s)).toBe('d + U(0 ms, 1 s)');
    const wide = defaultScenario();
    wide.client.backoff.jitter = { additive: [250, 1500] };
    expect(shown(wide)).toBe('d + U(250 ms, 1.5 s)');
    const layered = valid('client:\n  layers: [{ retries: 2, backoff: { jitter: { additive: [0ms, 1s] } } }]\n');
    expect(shown(layered, 'client.layers')).toContain(', d + U(0 ms, 1 s)');
  });
});

describe('the JSON Schema', () => {
  const validate = schemaValidator();
  const accepts = (text: string): boolean => {
    const json = asJson(text);
    return json !== undefined && validate(json.value);
  };

  test.each([
    'full',
    '{ proportional: [0.75, 1] }',
    '{ proportional: [0.875, 1.125] }',
    '{ proportional: [1, 0.5] }',
    '{ additive: [0ms, 1s] }',
    '{ additive: [0, 1000] }',
    '{ additive: [250ms, 1.5s] }',
    '{ additive: [2s, 1s] }',
  ])('accepts jitter: %s (lo <= hi is the loader’s)', (value) => expect(accepts(block(value))).toBe(true));

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
    '{ additve: [0ms, 1s] }',
    '{ additive: 1s }',
    '{ additive: [1s] }',
    '{ additive: [0ms, 1s, 2s] }',
    '{ additive: [-1ms, 1s] }',
    '{ additive: [0ms, 1x] }',
    '{ additive: [0ms, "1000"] }',
    '{ additive: [0ms, true] }',
    '{ additive: [0ms, 1s], max: 2 }',
    '{ proportional: [0.5, 1], additive: [0ms, 1s] }',
  ])('rejects jitter: %s, as the loader does', (value) => {
    expect(accepts(block(value))).toBe(false);
    expect(issues(block(value)).length).toBeGreaterThan(0);
  });

  test('accepts the floor as a duration >= 0', () => {
    expect(accepts('client:\n  backoff: { floor: 500ms }\n')).toBe(true);
    expect(accepts('client:\n  backoff: { floor: -1 }\n')).toBe(false);
  });
});
