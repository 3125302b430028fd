import { describe, expect, it } from 'vitest';
import { parseVary } from '../../src/scenario/vary.js';

const vary = (arg: string) => {
  const outcome = parseVary(arg);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.vary;
};
const problem = (arg: string): string => {
  const outcome = parseVary(arg);
  if (outcome.ok) throw new Error(`${arg} was accepted`);
  return outcome.message;
};

describe('parseVary', () => {
  it('reads a list in the field unit', () => {
    const v = vary('keys.retention=5m,15m,1h');
    expect(v.values).toEqual([300_000, 900_000, 3_600_000]);
    expect(v.labels).toEqual(['5m', '15m', '1h']);
    expect(v.sets).toEqual(['keys.retention=5m', 'keys.retention=15m', 'keys.retention=1h']);
  });

  it('reads a duration range with a step, both ends included', () => {
    const v = vary('client.timeout=400ms..3s:200ms');
    expect(v.values[0]).toBe(400);
    expect(v.values.at(-1)).toBe(3000);
    expect(v.values).toHaveLength(14);
    expect(v.labels[3]).toBe('1s');
  });

  it('reads a probability range without accumulating rounding error', () => {
    const v = vary('network.replyLoss=0..0.1:0.01');
    expect(v.values).toHaveLength(11);
    expect(v.values[3]).toBe(0.03);
    expect(v.values[10]).toBe(0.1);
  });

  it('takes words for enum fields', () => {
    expect(vary('keys.scope=none,call,intent').values).toEqual(['none', 'call', 'intent']);
  });

  it('varies a member of a compound field', () => {
    expect(vary('agent.crash.resumeDelay.max=5m..20m:5m').values).toEqual([300_000, 600_000, 900_000, 1_200_000]);
  });

  it.each([
    ['client.timeout', 'PATH=SPEC'],
    ['client.timeout=fast,1s', 'client.timeout'],
    ['client.timeuot=1s', 'did you mean'],
    ['client.timeout=3s..1s:100ms', 'smaller end first'],
    ['client.timeout=1s..3s:0ms', 'step'],
    ['keys.scope=none..intent:1', 'numeric'],
    ['client.timeout=1ms..1d:1ms', 'at most'],
    ['network.replyLoss=0..2:0.5', '2'],
    ['keys.scope=call,call', 'twice'],
  ])('refuses %s with a message that helps (%s)', (arg, part) => {
    expect(problem(arg)).toContain(part);
  });
});

describe('lists and ranges written as YAML or without a step', () => {
  it('reads [0, 1, 2] as the list 0,1,2', () => {
    expect(vary('client.retries=[0, 1, 2]')).toEqual(vary('client.retries=0,1,2'));
    expect(vary('keys.scope=[call,intent]').values).toEqual(['call', 'intent']);
  });

  it('counts a range of whole numbers without a step in ones, for a value with no unit', () => {
    expect(vary('seed=1..5').values).toEqual([1, 2, 3, 4, 5]);
    expect(vary('client.retries=0..3').sets).toEqual([
      'client.retries=0',
      'client.retries=1',
      'client.retries=2',
      'client.retries=3',
    ]);
  });

  it.each([
    ['client.timeout=400ms..3s', 'client.timeout=400ms..3s:STEP'],
    ['agent.replan.probability=0..1', 'agent.replan.probability=0..1:STEP'],
    ['seed=a..e', 'seed=a..e:STEP'],
  ])('refuses any other range without a step, naming the flag and value given: %s', (arg, hint) => {
    const message = problem(arg);
    expect(message.startsWith(`${arg}: a range needs its step after a colon`)).toBe(true);
    expect(message).toContain(hint);
  });

  it.each(['client.retries={0,1}', 'client.retries=[0,1', 'client.retries=0,[1]'])(
    'refuses brackets and braces it cannot read as one list, saying how to write it: %s',
    (arg) => {
      expect(problem(arg)).toBe(
        `${arg}: values are separated by commas, without brackets or braces: write for example client.retries=a,b,c`,
      );
    },
  );
});
