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
