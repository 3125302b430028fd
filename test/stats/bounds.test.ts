import { describe, expect, it } from 'vitest';
import { checkExpect } from '../../src/stats/bounds.js';
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
  it('passes a bound the whole interval meets', () => {
    const rows = checkExpect(withExpect({ duplicatesPerThousand: { min: 1, max: 7 } }), withValue(4, 2, 6));
    expect(rows.map((r) => [r.bound, r.verdict])).toEqual([
      ['min', 'pass'],
      ['max', 'pass'],
    ]);
  });

  it('fails a bound none of the interval meets', () => {
    const [row] = checkExpect(withExpect({ duplicatesPerThousand: { max: 1.5 } }), withValue(4, 2, 6));
    expect(row?.verdict).toBe('fail');
    expect(row?.margin).toBeLessThan(0);
  });

  it('is undecided when the interval straddles the limit, whichever side the value is on', () => {
    const scenario = withExpect({ duplicatesPerThousand: { min: 1, max: 5 } });
    expect(checkExpect(scenario, withValue(4, 2, 6)).map((r) => r.verdict)).toEqual(['pass', 'undecided']);
    expect(checkExpect(scenario, withValue(4, 0.5, 4.5)).map((r) => r.verdict)).toEqual(['undecided', 'pass']);
    const [high] = checkExpect(withExpect({ duplicatesPerThousand: { max: 3 } }), withValue(4, 2, 6));
    expect(high?.verdict).toBe('undecided');
  });

  it('estimates the actions that would decide an undecided bound', () => {
    // Value 4, limit 5, upper side 2 at 4000 actions: the side must shrink to 1, so 2^2 = 4 times the actions.
    const [row] = checkExpect(withExpect({ duplicatesPerThousand: { max: 5 } }), withValue(4, 2, 6));
    expect(row?.needed).toBe(4 * fixtureResult().metrics.actions);
    // Nothing counted: the upper end shrinks as 1 / actions, so 6 -> 0.1 needs 60 times the actions.
    const [zero] = checkExpect(withExpect({ duplicatesPerThousand: { max: 0.1 } }), withValue(0, 0, 6));
    expect(zero?.needed).toBe(60 * fixtureResult().metrics.actions);
  });

  it('judges a metric without an interval by its value', () => {
    const r = fixtureResult();
    const [row] = checkExpect(withExpect({ lostActions: { max: r.metrics.lostActions } }), r);
    expect(row?.interval).toBeNull();
    expect(row?.verdict).toBe('pass');
    const [over] = checkExpect(withExpect({ lostActions: { max: r.metrics.lostActions - 1 } }), r);
    expect(over?.verdict).toBe('fail');
  });

  it('fails a value that is not a number, whatever the bound', () => {
    const r = withValue(Number.NaN, 0, 1);
    expect(checkExpect(withExpect({ duplicatesPerThousand: { max: 1e9 } }), r)[0]?.verdict).toBe('fail');
  });

  it('lists bounds in catalogue order, whatever order the scenario gave', () => {
    const scenario = withExpect({ 'latency.call.p95': { max: 1e9 }, duplicatesPerThousand: { max: 1e9 } });
    expect(checkExpect(scenario, fixtureResult()).map((r) => r.metric)).toEqual([
      'duplicatesPerThousand',
      'latency.call.p95',
    ]);
  });
});

describe('renderJunit', () => {
  it('counts tests and failures per scenario and overall', () => {
    const rows = checkExpect(withExpect({ duplicatesPerThousand: { min: 5, max: 1 } }), withValue(3, 2, 4));
    const xml = renderJunit([{ scenario: 'a<b', file: 'x.yaml', rows, seconds: 1 }], { strict: false });
    expect(xml).toContain('<testsuites name="idemsim check" tests="2" failures="2" skipped="0" time="1.000">');
    expect(xml).toContain('<testsuite name="a&lt;b" file="x.yaml" tests="2" failures="2" skipped="0" time="1.000">');
    expect(xml.match(/<failure /g)).toHaveLength(2);
  });

  it('reports an undecided bound as skipped with the reason, or as a failure with --strict', () => {
    const rows = checkExpect(withExpect({ duplicatesPerThousand: { max: 0.1 } }), withValue(0, 0, 6));
    const lax = renderJunit([{ scenario: 's', file: 'x.yaml', rows, seconds: 1 }], { strict: false });
    expect(lax).toContain('failures="0" skipped="1"');
    expect(lax).toContain('<skipped message="undecided at 4,000 actions: needs about 240,000"/>');
    const strict = renderJunit([{ scenario: 's', file: 'x.yaml', rows, seconds: 1 }], { strict: true });
    expect(strict).toContain('failures="1" skipped="0"');
    expect(strict).toMatch(/<failure message="[^"]*undecided at 4,000 actions: needs about 240,000/);
  });

  it("names each bound with its limit in the metric's unit, as the table writes it", () => {
    const scenario = withExpect({
      duplicatesPerThousand: { max: 0.1 },
      conflictRate: { max: 0.05 },
      'latency.call.p95': { max: 2000 },
      'keyStore.steadyStateBytes': { max: 100_000_000 },
      'keyStore.steadyStateKeys': { min: 1000 },
    });
    const xml = renderJunit(
      [{ scenario: 's', file: 'x.yaml', rows: checkExpect(scenario, fixtureResult()), seconds: 1 }],
      {
        strict: false,
      },
    );
    const names = [...xml.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual(
      expect.arrayContaining([
        'duplicatesPerThousand &lt;= 0.1',
        'conflictRate &lt;= 5%',
        'latency.call.p95 &lt;= 2 s',
        'keyStore.steadyStateBytes &lt;= 100 MB',
        'keyStore.steadyStateKeys &gt;= 1,000',
      ]),
    );
  });

  it('gives every suite its wall time, the root their sum, and each testcase an equal share', () => {
    const rows = checkExpect(withExpect({ duplicatesPerThousand: { min: 1, max: 7 } }), withValue(4, 2, 6));
    const xml = renderJunit(
      [
        { scenario: 'a', file: 'a.yaml', rows, seconds: 1.5 },
        { scenario: 'b', file: 'b.yaml', rows, seconds: 0.25 },
      ],
      { strict: false },
    );
    expect(xml).toMatch(/<testsuites [^>]* time="1\.750">/);
    expect(xml).toMatch(/<testsuite name="a" [^>]* time="1\.500">/);
    expect(xml).toMatch(/<testsuite name="b" [^>]* time="0\.250">/);
    expect(xml.match(/<testcase [^>]* time="0\.750"/g)).toHaveLength(2);
    expect(xml.match(/<testcase [^>]* time="0\.125"/g)).toHaveLength(2);
  });
});
