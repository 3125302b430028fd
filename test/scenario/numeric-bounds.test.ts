// The bounds that keep every number finite: the slowest arrival rate and the widest
// latency spread a scenario may have. Outside them a run went non-finite (nulls in the
// JSON); at their corners it stays finite.
import { describe, expect, it } from 'vitest';
import { defaultsWithSets } from '../../src/scenario/index.js';
import { simulate } from '../../src/sim/simulate.js';

function codes(sets: string[]): string[] {
  const outcome = defaultsWithSets(sets);
  return outcome.ok ? [] : outcome.issues.map((i) => i.code);
}

describe('numeric bounds', () => {
  it('refuse an arrival rate below 0.001 a second and a sigma above 10, in either form', () => {
    expect(codes(['arrivals.rate=1e-310'])).toEqual(['out-of-range']);
    expect(codes(['service.latency.sigma=1000'])).toEqual(['out-of-range']);
    expect(codes(['service.latency={p50: 1ms, p99: 1e12ms}'])).toEqual(['out-of-range']);
    expect(codes(['arrivals.rate=0.001', 'service.latency.sigma=10'])).toEqual([]);
  });

  it.each([
    ['arrivals.rate=0.001', 'service.latency.sigma=10', 'service.latency.median=1e9ms'],
    ['arrivals.rate=1000000', 'service.latency.sigma=10', 'service.latency.median=0.001ms'],
    ['arrivals.rate=0.001', 'service.latency={p50: 1ms, p99: 1.2e10ms}'],
  ])('at the corners (%s, %s, %s) every metric and interval is a finite number', (...sets) => {
    const outcome = defaultsWithSets([...sets, 'actions=300']);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const result = simulate(outcome.scenario);
    const numbers: number[] = [];
    JSON.stringify(result.metrics, (_, v: unknown) => {
      if (typeof v === 'number') numbers.push(v);
      return v;
    });
    expect(numbers.length).toBeGreaterThan(50);
    expect(numbers.filter((x) => !Number.isFinite(x))).toEqual([]);
    for (const [name, { low, high }] of Object.entries(result.intervals)) {
      expect(Number.isFinite(low), name).toBe(true);
      // A quantile's interval may stay open above (the rank lies beyond the observations).
      if (!/\.p\d+$/.test(name) || high !== Infinity) expect(Number.isFinite(high), name).toBe(true);
    }
  });
});
