// MODEL.md C (the agent checks before it repeats), checked on seeded runs: what a read
// before a re-plan or replay removes and what it cannot see, and that a call a read made
// unnecessary takes no place in its action.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { below, scenarioWith, share95, traced } from './helpers.js';

describe('C: the agent reads before it repeats', () => {
  const repeating = (check: number, quick = true): Scenario =>
    scenarioWith((s) => {
      s.seed = 'read';
      s.actions = 20_000;
      s.client.retries = 0;
      // A slow tail and quick re-plans: some reads end while the first execution still runs.
      s.service.latency = { median: 300, sigma: 1.5 };
      if (quick) s.agent.replan.delay = { min: 0, max: 2_000 };
      s.agent.crash.probability = 0.1;
      s.agent.checkFirst = { probability: check, latency: 200 };
    });

  it('every re-plan or replay duplicate left had its earlier execution still uncommitted when the read ended', () => {
    const trace = traced(repeating(1));
    let checked = 0;
    for (const action of trace) {
      const commits = action.attempts.filter((a) => a.commit !== null).map((a) => a.commit as number);
      const firstCommit = Math.min(...commits);
      for (const attempt of action.attempts) {
        if (!attempt.duplicate || attempt.origin === 'original') continue;
        const callStart = action.attempts.find((a) => a.call === attempt.call && a.attempt === 0) as { sent: number };
        const read = (action.checks ?? []).find((c) => c.end === callStart.sent);
        expect(read, `action ${action.action}: a read before call ${attempt.call}`).toBeDefined();
        expect(read?.found).toBe(false);
        expect(firstCommit).toBeGreaterThan((read as { end: number }).end);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('removes nearly all re-plan and replay duplicates with no key at all (re-plans after 2 s to 2 min)', () => {
    const without = simulate(repeating(0, false)).metrics;
    const withRead = simulate(repeating(1, false)).metrics;
    const repeats = (m: typeof without): number => m.duplicatesBySource.replan + m.duplicatesBySource.replay;
    expect(withRead.checks).toBeGreaterThan(300);
    expect(withRead.checksMisled).toBe(0);
    below(share95(repeats(withRead), withRead.actions), share95(repeats(without), without.actions));
    expect(repeats(withRead)).toBeLessThan(0.15 * repeats(without));
    // Transport retries are untouched by the read: the first call's duplicates stay the same.
    expect(withRead.duplicatesBySource.transport).toBe(without.duplicatesBySource.transport);
  });

  it('a call a read made unnecessary takes no place in the action: sent calls are numbered 0, 1, 2 ...', () => {
    const trace = traced(
      scenarioWith((s) => {
        s.seed = 'skip';
        s.actions = 2_000;
        s.client.retries = 0;
        s.agent.crash.probability = 0.5;
        s.agent.checkFirst = { probability: 0.5, latency: 200 };
      }),
    );
    let skipped = 0;
    for (const action of trace) {
      const calls = [...new Set(action.attempts.map((a) => a.call))];
      expect(calls).toEqual(calls.map((_, i) => i));
      skipped += (action.checks ?? []).filter((c) => c.found).length;
    }
    expect(skipped).toBeGreaterThan(50);
  });
});
