// The key-retention mistakes the article lists, warned about where the scenario is read
// (validate, run, check): an intent key kept for less than the longest wait before a repeat
// plus the client's worst-case call, and a timeout longer than the retention. Each is one
// FILE:LINE:COL: warning: line at the field's key; neither stops the run.
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { callSpan } from '../../src/analytic/spans.js';
import { loadScenario } from '../../src/scenario/index.js';
import { durationLiteral } from '../../src/scenario/units.js';
import { captured } from '../cli/sinks.js';

function warnings(text: string): { at: string; code: string; message: string }[] {
  const outcome = loadScenario(text, 'f.yaml');
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.warnings.map((w) => ({ at: `${w.line}:${w.col}`, code: w.code, message: w.message }));
}

const REPLAYS = `agent:
  crash: { probability: 0.02, resumeDelay: { min: 1m, max: 20m } }
keys:
  scope: intent
  retention: 5m
`;

describe('a key kept for less than its repeats can take to come', () => {
  it('warns at keys.retention with the longest resume delay, the worst-case call and the retention that catches them', () => {
    const outcome = loadScenario(REPLAYS, 'f.yaml');
    if (!outcome.ok) throw new Error('does not load');
    const call = callSpan(outcome.scenario);
    // 20 minutes plus the call, rounded up to a whole minute.
    const needed = Math.ceil((20 * 60_000 + call) / 60_000) * 60_000;
    expect(warnings(REPLAYS)).toEqual([
      {
        at: '5:3',
        code: 'retention-shorter-than-repeat',
        message: `keys.retention: 5m is shorter than the longest resume delay (agent.crash.resumeDelay.max), 20m, plus the client's worst-case call, ${durationLiteral(call)}: a repeat that comes later finds its record expired and runs the action again; set keys.retention to at least ${durationLiteral(needed)}`,
      },
    ]);
  });

  it('takes the longer of a resume delay and a re-plan delay', () => {
    const text = `agent:
  replan: { probability: 0.5, delay: { min: 1s, max: 40m } }
  crash: { probability: 0.02, resumeDelay: { min: 1m, max: 20m } }
keys: { scope: intent, retention: 30m }
`;
    const [w] = warnings(text);
    expect(w?.message).toContain('the longest re-plan delay (agent.replan.delay.max), 40m,');
  });

  it('is silent when the retention outlives the longest repeat, for keys a repeat does not share, and without repeats', () => {
    expect(warnings(REPLAYS.replace('retention: 5m', 'retention: 25m'))).toEqual([]);
    // Call keys: a replay is a new call with a new key, which no retention catches.
    expect(warnings(REPLAYS.replace('scope: intent', 'scope: call'))).toEqual([]);
    expect(warnings(REPLAYS.replace('probability: 0.02', 'probability: 0'))).toEqual([]);
    expect(warnings(REPLAYS.replace('scope: intent', 'scope: none'))).toEqual([]);
  });
});

describe('a timeout longer than the retention', () => {
  it('warns at client.timeout: a retry after the timeout may find the record gone', () => {
    expect(warnings('client: { timeout: 10s, retries: 2 }\nkeys: { scope: call, retention: 5s }\n')).toEqual([
      {
        at: '1:11',
        code: 'timeout-outlives-record',
        message:
          'client.timeout: 10s is longer than keys.retention (5s): a retry sent after a timeout may find the record expired and run the action again; keep the retention longer than the timeout',
      },
    ]);
  });

  it('is silent without a retry or a key, and when the retention is the longer', () => {
    expect(warnings('client: { timeout: 10s, retries: 0 }\nkeys: { scope: call, retention: 5s }\n')).toEqual([]);
    expect(warnings('client: { timeout: 10s, retries: 2 }\nkeys: { scope: none, retention: 5s }\n')).toEqual([]);
    expect(warnings('client: { timeout: 4s, retries: 2 }\nkeys: { scope: call, retention: 5s }\n')).toEqual([]);
  });
});

describe('run, check and validate print them and go on', () => {
  it('one warning line on standard error, exit 0', async () => {
    for (const args of [
      ['validate', 'scenarios/refunds-3-intent-key.yaml'],
      ['run', 'scenarios/refunds-3-intent-key.yaml', '--actions', '200', '--format', 'json'],
    ]) {
      const ctx = captured();
      expect(await cli(args, ctx), args[0]).toBe(0);
      const lines = ctx.err.text.trimEnd().split('\n');
      expect(lines, args[0]).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^scenarios\/refunds-3-intent-key\.yaml:\d+:\d+: warning: keys\.retention: 5m is shorter than the longest resume delay/,
      );
    }
  });
});
