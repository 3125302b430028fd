// explain's rows for a real client's backoff, retry limits and hedging (MODEL.md
// D): proportional jitter and a floor change no closed form (they apply, and the simulated
// values agree with them), while a throttle, a budget or hedging says why the scope-none
// forms stop applying. Statistical checks at Bonferroni's 1 - 0.05 / FAMILY level.
import { describe, expect, it } from 'vitest';
import { explain, ROW } from '../../src/analytic/explain.js';
import type { Comparison } from '../../src/model/comparison.js';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { expectInside, familyInterval, scenarioWith } from '../sim/helpers.js';

const FAMILY = 4;
const SCOPE_NONE = [
  { name: ROW.attempts, metric: 'attemptsPerAction' },
  { name: ROW.executions, metric: 'executionsPerAction' },
  { name: ROW.duplicates, metric: 'duplicatesPerThousand' },
  { name: ROW.lost, metric: 'lostPerThousand' },
];

function row(rows: readonly Comparison[], name: string): Comparison {
  const found = rows.find((r) => r.name === name);
  if (found === undefined) throw new Error(`explain gave no row ${name}`);
  return found;
}

const small = simulate(scenarioWith((s) => (s.actions = 200)));

describe('explain with real clients', () => {
  it("a real client's proportional jitter and floor leave the scope-none forms applying, and the run agrees (4 checks)", () => {
    const s = scenarioWith((x) => {
      x.actions = 100_000;
      x.network.requestLoss = 0.2;
      x.network.replyLoss = 0.1;
      x.client.backoff = { base: 250, multiplier: 2, max: 5000, jitter: { proportional: [0.5, 1] }, floor: 500 };
    });
    const r = simulate(s);
    const rows = explain(s, r);
    for (const { name, metric } of SCOPE_NONE) {
      const found = row(rows, name);
      expect(found.applies, `${name}: ${found.why ?? ''}`).toBe(true);
      expectInside(found.closedForm as number, familyInterval(r, metric, FAMILY), name);
    }
  });

  const cases: [string, (s: Scenario) => void, string][] = [
    ['throttle', (s) => (s.client.throttle = { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 }), 'retry throttle (500 tokens)'],
    ['budget', (s) => (s.client.budget = { percent: 20, minConcurrency: 3 }), 'retry budget (20% of attempts in flight, at least 3)'],
    [
      'hedge',
      (s) => {
        s.client.retries = 0;
        s.client.hedge = { after: 500, max: 2 };
      },
      'hedging (up to 2 more attempts)',
    ],
  ];
  for (const [what, edit, reason] of cases) {
    it(`a ${what} says why the scope-none forms stop applying`, () => {
      const rows = explain(scenarioWith(edit), small);
      for (const { name } of SCOPE_NONE) {
        const found = row(rows, name);
        expect(found.applies, name).toBe(false);
        expect(found.why, name).toContain(reason);
      }
      // The per-execution shares do not depend on how the client repeats.
      expect(row(rows, ROW.pSlow).applies).toBe(true);
    });
  }

  it('a throttle or budget with no retries to limit breaks nothing', () => {
    const rows = explain(
      scenarioWith((s) => {
        s.client.retries = 0;
        s.client.throttle = { capacity: 5, retryCost: 5, timeoutCost: 10, successRefill: 1 };
        s.client.budget = { percent: 0, minConcurrency: 0 };
      }),
      small,
    );
    for (const { name } of SCOPE_NONE) expect(row(rows, name).applies, name).toBe(true);
  });
});
