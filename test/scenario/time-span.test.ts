// A run whose times would pass 2^44 ms (about 557 years: the latency histogram's top
// bucket) is refused at load, naming the field that adds most to it, where it is written;
// one just within is taken.
import { describe, expect, it } from 'vitest';
import { defaultsWithSets, formatIssue, loadScenario } from '../../src/scenario/index.js';
import { MAX_RUN_TIME_MS, runTimeBound } from '../../src/scenario/time-span.js';

const YEAR_MS = 31_557_600_000;

describe('the longest time a run can reach', () => {
  it('refuses resume delays that would take a step past 557 years, at the field', () => {
    const text = 'agent:\n  crash: { probability: 0.01, max: 3, resumeDelay: { min: 1d, max: 100000d } }\n';
    const outcome = loadScenario(text, 'huge.yaml');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map(formatIssue)).toEqual([
      expect.stringMatching(
        /^huge\.yaml:2:52: agent\.crash\.resumeDelay: with it a run could reach 821 years .* beyond the 557 years \(2\^44 ms\)/,
      ),
    ]);
  });

  it('refuses arrivals spread past it (10^8 actions at 0.001 a second) at the rate', () => {
    const outcome = defaultsWithSets(['actions=100000000', 'arrivals.rate=0.001']);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.issues[0]?.code).toBe('run-too-long');
    if (!outcome.ok) expect(outcome.issues[0]?.path).toBe('arrivals.rate');
  });

  it('takes a run just within it, and counts every resume and re-plan at its longest', () => {
    const within = Math.floor((MAX_RUN_TIME_MS - 200 * 1000) / YEAR_MS);
    const outcome = defaultsWithSets([
      'agent.replan.probability=0',
      'agent.crash.probability=0.01',
      'agent.crash.max=1',
      `agent.crash.resumeDelay={ min: 1s, max: ${within * 365.25}d }`,
    ]);
    expect(outcome.ok, outcome.ok ? '' : outcome.issues.map(formatIssue).join('\n')).toBe(true);
    if (outcome.ok) {
      const bound = runTimeBound(outcome.scenario);
      expect(bound.ms).toBeLessThanOrEqual(MAX_RUN_TIME_MS);
      expect(bound.ms).toBeGreaterThan(within * YEAR_MS);
      expect(bound.field).toBe('agent.crash.resumeDelay');
    }
  });
});
