// Guards: no worse than the scenario as given on unknown outcomes, lost actions and false
// failures, the step p95 within the deadline when there is one; each replaceable by a
// target on its metric and droppable with --skip-guard.
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../src/model/scenario.js';
import { guardsFor } from '../../src/recommend/guards.js';
import { result, target } from './helpers.js';

const BASE = result({
  unknownPerThousand: 47.7,
  intervals: {
    unknownPerThousand: { low: 44.79, high: 50.7556 },
    lostPerThousand: { low: 0, high: 0.18444 },
    falseFailuresPerThousand: { low: 16.63, high: 20.41 },
  },
});
const DUP = target('duplicatesPerThousand<=0.1');

describe('recommend guards', () => {
  it('bound unknown outcomes, lost actions and false failures by the upper end of the scenario interval', () => {
    const { targets, rows } = guardsFor(defaultScenario(), BASE, [DUP], []);
    expect(targets.map((t) => t.metric)).toEqual(['unknownPerThousand', 'lostPerThousand', 'falseFailuresPerThousand']);
    // Lost actions saw none: their guard is the zero case below.
    for (const t of targets.filter((t) => t.metric !== 'lostPerThousand')) {
      const high = BASE.intervals[t.metric]?.high ?? Number.NaN;
      expect(t.source).toBe('guard');
      expect(t.op).toBe('<=');
      // Rounded up to three significant digits: never tighter than the interval, at most 1% looser.
      expect(t.limit).toBeGreaterThanOrEqual(high);
      expect(t.limit).toBeLessThanOrEqual(high * 1.01);
      expect(Number(t.limit.toPrecision(3))).toBe(t.limit);
    }
    expect(rows.every((r) => r.status === 'applied' && r.base !== null)).toBe(true);
  });

  it('states its tolerance where the scenario saw none: what a search run cannot tell from none', () => {
    const s = defaultScenario();
    for (const actions of [4_000, 20_000, 1_000_000]) {
      s.actions = actions;
      const { targets, rows } = guardsFor(s, BASE, [DUP], []);
      const lost = targets.find((t) => t.metric === 'lostPerThousand');
      // Garwood's 95% upper bound of zero events is 3.689; per thousand over the search's actions.
      const floor = (1000 * 3.6889) / actions;
      const expected = Math.max(floor, 0.18444);
      expect(lost?.limit).toBeGreaterThanOrEqual(expected);
      expect(lost?.limit).toBeLessThanOrEqual(expected * 1.01);
      const why = rows.find((r) => r.metric === 'lostPerThousand')?.why ?? '';
      expect(why).toContain('none in the scenario as given');
      expect(why).toContain(`allows up to ${String(lost?.limit)} per thousand`);
      // The other guards keep the upper end of the scenario's own interval.
      expect(targets.find((t) => t.metric === 'unknownPerThousand')?.limit).toBe(50.8);
    }
  });

  it('adds no step-latency guard without a deadline, and one at the deadline with it', () => {
    expect(guardsFor(defaultScenario(), BASE, [DUP], []).rows.map((r) => r.metric)).not.toContain('latency.step.p95');
    const s = defaultScenario();
    s.client.deadline = 30_000;
    const step = guardsFor(s, BASE, [DUP], []).targets.find((t) => t.metric === 'latency.step.p95');
    expect(step).toMatchObject({ op: '<=', limit: 30_000, text: 'latency.step.p95<=30s', source: 'guard' });
  });

  it('a target on the same metric replaces the guard', () => {
    const mine = target('unknownPerThousand<=100');
    const { targets, rows } = guardsFor(defaultScenario(), BASE, [DUP, mine], []);
    expect(targets.map((t) => t.metric)).not.toContain('unknownPerThousand');
    expect(rows.find((r) => r.metric === 'unknownPerThousand')?.status).toBe('replaced');
  });

  it('--skip-guard drops one guard, or every guard with all', () => {
    const one = guardsFor(defaultScenario(), BASE, [DUP], ['falseFailuresPerThousand']);
    expect(one.targets.map((t) => t.metric)).toEqual(['unknownPerThousand', 'lostPerThousand']);
    expect(one.rows.find((r) => r.metric === 'falseFailuresPerThousand')?.status).toBe('skipped');
    expect(guardsFor(defaultScenario(), BASE, [DUP], ['all']).targets).toEqual([]);
  });
});
