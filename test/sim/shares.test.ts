// The shares per key lookup (409s, 422s, stored 200s) carry an exact interval that
// contains the share and counts an action's retries as one cluster, not as independent
// trials.
import { describe, expect, it } from 'vitest';
import { clopperPearson } from '../../src/stats/exact.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from './helpers.js';

describe('shares per key lookup', () => {
  const s = scenarioWith((x) => {
    x.actions = 20_000;
    x.keys.scope = 'intent';
    x.keys.fingerprint = true;
    x.agent.replan.argsChange = 0.3;
  });
  const r = simulate(s);
  const lookups = r.metrics.responses.conflict + r.metrics.responses.mismatch + r.metrics.responses.replayed;

  it.each(['conflictRate', 'mismatchRate', 'dedupHitRate'] as const)('%s has an interval around its share', (name) => {
    const interval = r.intervals[name];
    expect(interval).toBeDefined();
    if (interval === undefined) return;
    expect(interval.low).toBeLessThanOrEqual(r.metrics[name]);
    expect(interval.high).toBeGreaterThanOrEqual(r.metrics[name]);
    expect(interval.high).toBeGreaterThan(0);
  });

  it('clustered 409s give a wider interval than independent lookups would', () => {
    expect(lookups).toBeGreaterThan(0);
    const rate = r.metrics.conflictRate;
    const interval = r.intervals['conflictRate'] as { low: number; high: number };
    // The same count as if every lookup were independent: lookups = sent 409s / rate.
    const conflicts = r.metrics.responses.conflict;
    const independent = clopperPearson(conflicts, Math.round(conflicts / rate)) as { low: number; high: number };
    expect(interval.high - interval.low).toBeGreaterThan(independent.high - independent.low);
  });

  it('no key, no lookups: no share interval', () => {
    const none = simulate(scenarioWith((x) => (x.actions = 500)));
    expect(none.intervals['conflictRate']).toBeUndefined();
  });
});
