// Limits before allocation: absurd inputs are refused with a message that names the limit,
// before anything their size asks for exists; and counts that are valid however large
// (retries, re-plans, crashes) cost the simulator no memory per unit.
import { describe, expect, it } from 'vitest';
import { LIMITS, defaultScenario, defaultsWithSets, formatIssue, loadScenario } from '../../src/scenario/index.js';
import { simulate } from '../../src/sim/simulate.js';

const refusal = (outcome: ReturnType<typeof loadScenario>): string => {
  if (outcome.ok) return expect.fail('expected a refusal');
  return outcome.issues.map(formatIssue).join('\n');
};

describe('refused before allocation, naming the limit', () => {
  it('actions over the maximum', () => {
    expect(refusal(loadScenario('actions: 1e9\n', 'x.yaml'))).toContain(`between 1 and ${LIMITS.maxActions}`);
    expect(refusal(defaultsWithSets(['actions=100000001']))).toContain(`between 1 and ${LIMITS.maxActions}`);
  });

  it('an alias bomb: a billion values from a 300-byte file', () => {
    const bomb = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
    for (const [i, name] of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].entries()) {
      const prev = 'abcdefghij'[i] as string;
      bomb.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(',')}]`);
    }
    const outcome = loadScenario(bomb.join('\n'), 'bomb.yaml');
    expect(refusal(outcome)).toContain(`more than ${LIMITS.maxNodes} values once aliases are expanded`);
    // Line k expands to 10^k values: the count passes the limit inside line 4 (d), and the
    // refusal there means lines e to j, up to 10^10 values, were never expanded.
    expect(outcome.ok ? [] : outcome.issues.map((i) => [i.code, i.line])).toEqual([['too-many-nodes', 4]]);
  });

  it('more --set overrides than the limit', () => {
    const sets = Array.from({ length: LIMITS.maxSets + 1 }, (_, i) => `seed=${i}`);
    expect(refusal(defaultsWithSets(sets))).toContain(`more than the limit of ${LIMITS.maxSets}`);
  });

  it('a text longer than the limit', () => {
    const text = `description: "${'x'.repeat(LIMITS.maxTextLength)}"\n`;
    expect(refusal(loadScenario(text, 'long.yaml'))).toContain(`more than the limit of ${LIMITS.maxTextLength}`);
  });

  it('nesting deeper than the limit', () => {
    const text = `x: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    expect(refusal(loadScenario(text, 'deep.yaml'))).toContain(`more than ${LIMITS.maxDepth} levels deep`);
  });
});

describe('huge counts allocate nothing per unit', () => {
  it('retries, replan.max and crash.max of a billion simulate 100 actions in bounded memory', () => {
    const s = defaultScenario();
    s.actions = 100;
    s.network.requestLoss = 0;
    s.client.retries = 1e9;
    s.agent.replan.max = 1e9;
    s.agent.crash.max = 1e9;
    s.agent.crash.probability = 0.5;
    const before = process.memoryUsage().heapUsed;
    const { metrics } = simulate(s);
    expect(metrics.actions).toBe(100);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });
});
