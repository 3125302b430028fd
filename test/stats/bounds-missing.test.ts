// A metric the run did not measure ("n/a": a value that is NaN, null, missing or infinite,
// an estimate without its interval or with a non-finite one, a metric of a group the
// scenario does not carry) fails every bound on it, a minimum as surely as a maximum, and
// says why instead of comparing. A quantile past the latency histogram's top is not such a
// value: it is known to be at least 2^44 ms, and judged so.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Op, type Target } from '../../src/model/bounds.js';
import { checkExpect, judge, whyUnmeasured } from '../../src/stats/bounds.js';
import { METRIC_NAMES, hasInterval } from '../../src/model/metrics.js';
import type { RunResult } from '../../src/model/result.js';
import { defaultScenario, type Scenario } from '../../src/model/scenario.js';
import { describeRow, renderCheckJson, renderCheckTable } from '../../src/report/check/text.js';
import { renderJunit } from '../../src/report/check/junit.js';
import { fixtureResult } from '../report/fixture.js';

/** The fixture with every estimate given an interval around its value: everything measured. */
function measured(): RunResult {
  const result = fixtureResult();
  result.metrics.keyStore.peakKeys = 10;
  for (const metric of METRIC_NAMES.filter(hasInterval)) {
    const value = valueAt(result, metric);
    result.intervals[metric] ??= { low: value * 0.9, high: value * 1.1 + 1 };
  }
  return result;
}

function valueAt(result: RunResult, metric: string): number {
  return metric
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], result.metrics) as number;
}

/** The result with `value` (anything JSON or arithmetic may leave) at the metric's place. */
function withValue(result: RunResult, metric: string, value: unknown): RunResult {
  const keys = metric.split('.');
  const last = keys.pop() as string;
  const node = keys.reduce<Record<string, unknown>>(
    (n, key) => n[key] as Record<string, unknown>,
    result.metrics as unknown as Record<string, unknown>,
  );
  if (value === undefined) delete node[last];
  else node[last] = value;
  return result;
}

const metrics = fc.constantFrom(...METRIC_NAMES);
const ops = fc.constantFrom(...(Object.keys(Op) as Op[]));
const limits = fc.double({ noNaN: true, min: -1e12, max: 1e12 });
const notNumbers = fc.constantFrom<unknown>(Number.NaN, Infinity, -Infinity, null, undefined, '0', {});

const target = (metric: string, op: Op, limit: number): Target => ({
  metric,
  op,
  limit,
  text: `${metric}${op}${limit}`,
  source: 'expect',
});

function expectFailed(judged: ReturnType<typeof judge>): void {
  expect(judged.verdict).toBe('fail');
  expect(judged.unmeasured).toMatch(/^not (measured|finite): /);
  expect(judged.value).toBeNaN();
  expect(judged.margin).toBe(-Infinity);
}

describe('a metric that was not measured fails every bound', () => {
  it('whatever the bound, when its value is NaN, infinite, null or missing', () => {
    fc.assert(
      fc.property(metrics, ops, limits, notNumbers, fc.boolean(), (metric, op, limit, value, keepInterval) => {
        const result = withValue(measured(), metric, value);
        if (!keepInterval) delete result.intervals[metric];
        expectFailed(judge(target(metric, op, limit), result));
      }),
      { seed: 21, numRuns: 2000 },
    );
  });

  it("but a quantile past the histogram's top, its interval from 2^44 ms up, is measured: at least that", () => {
    const quantiles = METRIC_NAMES.filter((name) => /\.p\d+$/.test(name));
    expect(quantiles.length).toBeGreaterThan(0);
    const top = 2 ** 44;
    fc.assert(
      fc.property(fc.constantFrom(...quantiles), ops, limits, (metric, op, limit) => {
        const result = withValue(measured(), metric, Infinity);
        result.intervals[metric] = { low: top, high: Infinity };
        const judged = judge(target(metric, op, limit), result);
        expect(judged.unmeasured).toBeUndefined();
        // Every limit here is below 2^44 ms: a maximum fails, a minimum is met.
        expect(judged.verdict).toBe(op === '<=' || op === '<' ? 'fail' : 'pass');
      }),
      { seed: 35, numRuns: 200 },
    );
  });

  it('whatever the bound, when an estimate has no interval: nothing was there to estimate it from', () => {
    fc.assert(
      fc.property(fc.constantFrom(...METRIC_NAMES.filter(hasInterval)), ops, limits, (metric, op, limit) => {
        const result = measured();
        delete result.intervals[metric];
        expectFailed(judge(target(metric, op, limit), result));
      }),
      { seed: 22, numRuns: 1000 },
    );
  });

  it('whatever the bound, when its interval has a NaN or infinite low end, or a NaN high end', () => {
    const broken = fc.constantFrom(
      { low: Number.NaN, high: 1 },
      { low: 0, high: Number.NaN },
      { low: -Infinity, high: 1 },
      { low: Infinity, high: Infinity },
    );
    fc.assert(
      fc.property(fc.constantFrom(...METRIC_NAMES.filter(hasInterval)), ops, limits, broken, (metric, op, limit, i) => {
        const result = measured();
        result.intervals[metric] = i;
        expectFailed(judge(target(metric, op, limit), result));
      }),
      { seed: 23, numRuns: 1000 },
    );
  });

  it('both sides of an expect: block fail, with and without --strict', () => {
    const scenario: Scenario = { ...defaultScenario(), expect: { conflictRate: { min: -1, max: 1 } } };
    const result = measured();
    delete result.intervals['conflictRate'];
    const rows = checkExpect(scenario, result);
    expect(rows.map((r) => [r.bound, r.verdict])).toEqual([
      ['min', 'fail'],
      ['max', 'fail'],
    ]);
    for (const strict of [false, true]) {
      const doc = JSON.parse(renderCheckJson(rows, { strict }, 'test')) as {
        passed: boolean;
        checks: { value: unknown; fails: boolean; unmeasured: string }[];
      };
      expect(doc.passed).toBe(false);
      expect(doc.checks.map((c) => [c.value, c.fails])).toEqual([
        [null, true],
        [null, true],
      ]);
      expect(doc.checks[0]?.unmeasured).toMatch(/no attempt had its key looked up/);
    }
  });

  it("a metric of a group the scenario does not carry (its zero is a placeholder), and a peak's time with no key", () => {
    const scenario: Scenario = {
      ...defaultScenario(),
      expect: { leaseTakeovers: { max: 0 }, 'retriesRefused.budget': { max: 0 }, 'keyStore.peakKeysAt': { max: 1e9 } },
    };
    const result = measured();
    const rows = checkExpect(scenario, result);
    expect(rows.map((r) => r.verdict)).toEqual(['fail', 'fail', 'fail']);
    expect(rows[0]?.unmeasured).toMatch(/uses no optional feature/);
    expect(rows[1]?.unmeasured).toMatch(/no retry throttle, budget or hedge/);
    result.metrics.keyStore.peakKeys = 0;
    expect(whyUnmeasured(result, 'keyStore.peakKeysAt')).toMatch(/never held a key/);
  });

  it("a latency maximum when no call finished (the median's interval is missing)", () => {
    const result = measured();
    delete result.intervals['latency.call.p50'];
    expect(judge(target('latency.call.max', '<=', 1e12), result).verdict).toBe('fail');
    expect(judge(target('latency.step.max', '<=', 1e12), result).verdict).toBe('pass');
  });

  it('says n/a and why, in the table, the one-line description and JUnit, instead of comparing', () => {
    const scenario: Scenario = { ...defaultScenario(), expect: { 'keyStore.steadyStateKeys': { max: 10 } } };
    const result = measured();
    delete result.intervals['keyStore.steadyStateKeys'];
    const rows = checkExpect(scenario, result);
    const row = rows[0] as (typeof rows)[number];
    expect(describeRow(row)).toBe(
      'keyStore.steadyStateKeys = n/a (not measured: no key was claimed in this run), so it fails the bound (at most 10)',
    );
    const table = renderCheckTable(rows, { strict: false });
    expect(table).toMatch(/keyStore\.steadyStateKeys .* n\/a .* FAIL/);
    expect(table).toContain('0 passed, 1 failed, 0 undecided');
    expect(table).not.toContain('on a count or a maximum');
    const junit = renderJunit([{ scenario: 's', file: 's.yaml', rows, seconds: 1 }], { strict: false });
    expect(junit).toContain('failures="1"');
    expect(junit).toContain('<failure message="keyStore.steadyStateKeys = n/a (not measured: no key was claimed');
  });
});

describe('what stays measured', () => {
  it('every metric of a fully measured run, so only the missing ones change verdict', () => {
    const result = measured();
    for (const metric of METRIC_NAMES) expect(whyUnmeasured(result, metric), metric).toBeUndefined();
  });

  it('an estimate open above (a quantile past a short run): a minimum it meets passes, a maximum is undecided', () => {
    const result = measured();
    result.intervals['latency.call.p99'] = { low: 1500, high: Infinity };
    expect(judge(target('latency.call.p99', '>=', 1000), result).verdict).toBe('pass');
    expect(judge(target('latency.call.p99', '<=', 5000), result).verdict).toBe('undecided');
  });
});
