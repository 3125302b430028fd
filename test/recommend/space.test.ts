import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../src/scenario/index.js';
import { niceDurations, retentionRange, searchSpace } from '../../src/recommend/space.js';

describe('recommend search space', () => {
  it('timeouts run from the service p50 to beyond its p99.9 in round values', () => {
    const s = defaultScenario(); // median 300ms, sigma 0.6: p99.9 = 1.91s
    const timeout = searchSpace(s, [], []).find((d) => d.path === 'client.timeout');
    expect(timeout?.labels[0]).toBe('300ms');
    expect(timeout?.labels.at(-1)).toBe('2s');
  });

  it('retention runs from the shortest re-plan delay to twice the longest resume delay', () => {
    const s = defaultScenario();
    s.agent.crash.probability = 0.01;
    expect(retentionRange(s)).toEqual([2000, 2 * 20 * 60_000]);
  });

  it('searches the scope when the scenario has none, and drops a fixed dimension', () => {
    const s = defaultScenario();
    expect(searchSpace(s, [], []).map((d) => d.path)).toContain('keys.scope');
    const fixed = searchSpace(s, [], ['keys.scope']).map((d) => d.path);
    expect(fixed).toEqual(['client.timeout', 'client.retries', 'client.backoff.base']);
  });

  it('round durations bracket the range', () => {
    expect(niceDurations(300, 1000)).toEqual([300, 400, 500, 600, 800, 1000]);
    expect(niceDurations(90_000, 300_000)).toEqual([60_000, 120_000, 180_000, 240_000, 300_000]);
  });
});
