// The five missions: each starting scenario fails its own expect: block, and the
// reference solution kept here (not under scenarios/, so it does not give the game away)
// passes it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExpect } from '../../src/stats/bounds.js';
import { formatIssue, loadScenario } from '../../src/scenario/index.js';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';

const root = new URL('../../', import.meta.url);

function load(path: string): Scenario {
  const outcome = loadScenario(readFileSync(fileURLToPath(new URL(path, root)), 'utf8'), path);
  if (!outcome.ok) throw new Error(outcome.issues.map(formatIssue).join('\n'));
  return outcome.scenario;
}

/** Bounds not shown to pass (failed, or undecided at the scenario's actions). */
const notPassing = (s: Scenario, verdicts: readonly string[] = ['fail', 'undecided']): string[] =>
  checkExpect(s, simulate(s))
    .filter((row) => verdicts.includes(row.verdict))
    .map((row) => `${row.metric} ${row.bound} ${row.limit}: ${row.value} (${row.verdict})`);

describe.each([1, 2, 3, 4, 5])('mission %i', (n) => {
  it('starts in a configuration that decidedly fails its check', () => {
    const mission = load(`scenarios/missions/mission-${n}.yaml`);
    expect(Object.keys(mission.expect).length).toBeGreaterThan(0);
    expect(notPassing(mission, ['fail'])).not.toEqual([]);
  });

  it('has a reference solution whose every bound passes on its interval', () => {
    expect(notPassing(load(`test/missions/solution-${n}.yaml`))).toEqual([]);
  });

  it('keeps the goal: the solution changes no expect bound', () => {
    expect(load(`test/missions/solution-${n}.yaml`).expect).toEqual(
      load(`scenarios/missions/mission-${n}.yaml`).expect,
    );
  });
});

describe('mission 3 budget', () => {
  it('a 24 h retention catches every replay but breaks the 64 MB key-store budget', () => {
    const s = load('test/missions/solution-3.yaml');
    s.keys.retention = 86_400_000;
    expect(notPassing(s, ['fail'])).toEqual([expect.stringMatching(/^keyStore.steadyStateBytes max/)]);
  });
});

describe('mission 5 lease', () => {
  it('no lease strands crashed claims behind 409s (lost actions); a renewed short lease also solves it', () => {
    const s = load('test/missions/solution-5.yaml');
    s.keys.lease = 'none';
    expect(notPassing(s, ['fail'])).toEqual([expect.stringMatching(/^lostPerThousand max/)]);
    s.keys.lease = 1000;
    s.keys.leaseRenewal = true;
    expect(notPassing(s)).toEqual([]);
  });
});
