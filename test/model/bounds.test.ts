import { describe, expect, it } from 'vitest';
import { checkExpect } from '../../src/model/bounds.js';
import { renderJunit } from '../../src/report/check/junit.js';
import { defaultScenario } from '../../src/model/scenario.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { RunResult } from '../../src/model/result.js';
import { fixtureResult } from '../report/fixture.js';

function withExpect(expect: Scenario['expect']): Scenario {
  return { ...defaultScenario(), expect };
}

function withValue(duplicatesPerThousand: number, low: number, high: number): RunResult {
  const r = fixtureResult();
  r.metrics.duplicatesPerThousand = duplicatesPerThousand;
  r.intervals['duplicatesPerThousand'] = { low, high };
  return r;
}

describe('checkExpect', () => {
  it('compares the point estimate with each bound', () => {
    const rows = checkExpect(withExpect({ duplicatesPerThousand: { min: 1, max: 5 } }), withValue(4, 2, 6), false);
    expect(rows.map((r) => [r.bound, r.pass])).toEqual([
      ['min', true],
      ['max', true],
    ]);
  });

  it('fails a max bound the point estimate exceeds', () => {
    const [row] = checkExpect(withExpect({ duplicatesPerThousand: { max: 3 } }), withValue(4, 2, 6), false);
    expect(row?.pass).toBe(false);
  });

  it('with strict, needs the whole interval on the right side of the bound', () => {
    const scenario = withExpect({ duplicatesPerThousand: { min: 1, max: 5 } });
    expect(checkExpect(scenario, withValue(4, 2, 6), true).map((r) => r.pass)).toEqual([true, false]);
    expect(checkExpect(scenario, withValue(4, 0.5, 4.5), true).map((r) => r.pass)).toEqual([false, true]);
  });

  it('with strict, compares a metric without an interval by its value', () => {
    const r = fixtureResult();
    const [row] = checkExpect(withExpect({ lostActions: { max: r.metrics.lostActions } }), r, true);
    expect(row?.interval).toBeNull();
    expect(row?.pass).toBe(true);
  });

  it('lists bounds in catalogue order, whatever order the scenario gave', () => {
    const scenario = withExpect({ 'latency.call.p95': { max: 1e9 }, duplicatesPerThousand: { max: 1e9 } });
    expect(checkExpect(scenario, fixtureResult(), false).map((r) => r.metric)).toEqual([
      'duplicatesPerThousand',
      'latency.call.p95',
    ]);
  });
});

describe('renderJunit', () => {
  it('counts tests and failures per scenario and overall', () => {
    const rows = checkExpect(withExpect({ duplicatesPerThousand: { min: 5, max: 1 } }), withValue(3, 2, 4), false);
    const xml = renderJunit([{ scenario: 'a<b', file: 'x.yaml', rows }]);
    expect(xml).toContain('<testsuites name="idemsim check" tests="2" failures="2">');
    expect(xml).toContain('<testsuite name="a&lt;b" file="x.yaml" tests="2" failures="2">');
    expect(xml.match(/<failure /g)).toHaveLength(2);
  });
});
