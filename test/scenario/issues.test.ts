import { describe, expect, test } from 'vitest';
import { formatIssue } from '../../src/scenario/index.js';
import { closest, editDistance } from '../../src/scenario/suggest.js';
import { issue, issues } from './helpers.js';

describe('did-you-mean', () => {
  test('an unknown key names the closest known key', () => {
    expect(issue('client:\n  timout: 2s\n').message).toBe('unknown field "timout" in client; did you mean "timeout"?');
  });

  test('case differences count as close', () => {
    expect(issue('service: { errorrate: 0.1 }').message).toContain('did you mean "errorRate"?');
  });

  test('a key from another group names the full path', () => {
    expect(issue('timeout: 2s').message).toBe(
      'unknown field "timeout" at the top level; did you mean "client.timeout"?',
    );
  });

  test('without a close key the valid keys are listed', () => {
    expect(issue('network: { weather: stormy }').message).toBe(
      'unknown field "weather" in network; the fields here are requestLoss, replyLoss',
    );
  });

  test('edit distance counts an adjacent swap as one edit', () => {
    expect(editDistance('retires', 'retries')).toBe(1);
    expect(closest('xyz', ['timeout', 'retries'])).toBeUndefined();
  });
});

describe('all issues are collected', () => {
  test('every problem in the file is reported, in file order', () => {
    const text = [
      'actions: 0', //                       1
      'client:',
      '  timout: 2s', //                     3
      '  retries: -1', //                    4
      '  backoff: { jitter: fast }', //      5
      'keys: { scope: intent, retention: 0 }', // 6
      'agent:',
      '  replan: { delay: { min: 1h } }', // 8
      'expect:',
      '  nope: { max: 1 }', //               10
    ].join('\n');
    expect(issues(text).map((i) => [i.line, i.code])).toEqual([
      [1, 'out-of-range'],
      [3, 'unknown-key'],
      [4, 'out-of-range'],
      [5, 'bad-enum'],
      [6, 'out-of-range'],
      [8, 'range-order'],
      [10, 'unknown-metric'],
    ]);
  });

  test('an unknown key does not hide the issues of its siblings', () => {
    expect(issues('service: { latency: { median: 0, sigmas: 1 } }').map((i) => i.code)).toEqual([
      'out-of-range',
      'unknown-key',
    ]);
  });
});

describe('positions', () => {
  test('a nested block value is reported at its line and column', () => {
    const text = 'agent:\n  crash:\n    probability: 3\n';
    expect(issue(text)).toMatchObject({ line: 3, col: 18, path: 'agent.crash.probability' });
  });

  test('a value inside a flow map is reported at its column', () => {
    expect(issue('client: { retries: 1, timeout: -5s }')).toMatchObject({ line: 1, col: 32 });
  });

  test('a value inside a nested flow map is reported at its column', () => {
    const text = 'agent:\n  replan: { max: 1, delay: { min: 1s, max: 1 parsec } }\n';
    expect(issue(text)).toMatchObject({ line: 2, col: 44, path: 'agent.replan.delay.max' });
  });

  test('an unknown key is reported at the key', () => {
    expect(issue('keys:\n  scope: call\n  retension: 1h\n')).toMatchObject({ line: 3, col: 3, code: 'unknown-key' });
  });

  test('a multi-line flow map is reported at the right line', () => {
    expect(issue('client: {\n  timeout: 1s,\n  retries: x\n}\n')).toMatchObject({ line: 3, col: 12 });
  });
});

describe('formatIssue', () => {
  test('is FILE:LINE:COL: message on one line', () => {
    expect(formatIssue(issue('client: { timeout: 0 }'))).toBe(
      'scenarios/test.yaml:1:20: client.timeout: must be greater than 0, found 0; write for example 1s (the default)',
    );
  });

  test('escapes a newline in a value so the message stays on one line', () => {
    const line = formatIssue(issue('keys: { scope: "a\\nb" }'));
    expect(line).not.toContain('\n');
    expect(line).toContain('"a\\nb"');
  });
});
