// The comparison behind `idemsim diff`: MOVER intervals for a change, the significance
// test, gates judged on the interval, and scenarios matched by name.
import { describe, expect, it } from 'vitest';
import { GateVerdict, Worse, type FailOn, type MetricDiff } from '../../src/model/diff.js';
import { diffMetric, diffResults, isReal, judgeGate, moverInterval, neverTestable } from '../../src/stats/diff.js';
import { METRIC_NAMES } from '../../src/model/metrics.js';
import type { RunResult } from '../../src/model/result.js';
import { fixtureResult } from '../report/fixture.js';

/** A result whose duplicatesPerThousand is `value` with the interval [low, high]. */
function withDuplicates(value: number, low: number, high: number): RunResult {
  const result = fixtureResult();
  result.metrics.duplicatesPerThousand = value;
  result.intervals['duplicatesPerThousand'] = { low, high };
  return result;
}

function gate(metric: string, worse: Worse, tolerance: number, relative = false): FailOn {
  const sign = worse === Worse.increase ? '+' : '-';
  return { metric, worse, tolerance, relative, text: `${metric}=${sign}${tolerance}${relative ? '%' : ''}` };
}

/** A change of `change` with the interval [low, high], for judging gates directly. */
function change(base: number, value: number, low: number, high: number): MetricDiff {
  const interval = { low, high };
  return { metric: 'm', unit: 'perThousand', base, new: value, change: value - base, interval, real: isReal(interval) };
}

describe('moverInterval', () => {
  it('matches the hand-computed MOVER interval for symmetric inputs', () => {
    // d = 5; L = 5 - sqrt(3^2 + 3^2) = 0.757359...; U = 5 + sqrt(4^2 + 2^2) = 9.472135...
    const interval = moverInterval(10, { low: 8, high: 13 }, 15, { low: 12, high: 19 });
    expect(interval.low).toBeCloseTo(5 - Math.sqrt(18), 12);
    expect(interval.high).toBeCloseTo(5 + Math.sqrt(20), 12);
    expect(interval.low).toBeCloseTo(0.757359, 6);
    expect(interval.high).toBeCloseTo(9.472136, 6);
  });

  it("takes the low end from the new value's lower side and the base's upper side", () => {
    // base 10 in [9, 14], new 12 in [11, 12.5]: L = 2 - sqrt(1^2 + 4^2), U = 2 + sqrt(0.5^2 + 1^2).
    const interval = moverInterval(10, { low: 9, high: 14 }, 12, { low: 11, high: 12.5 });
    expect(interval.low).toBeCloseTo(2 - Math.sqrt(17), 12);
    expect(interval.high).toBeCloseTo(2 + Math.sqrt(1.25), 12);
    expect(interval.low).toBeCloseTo(-2.123106, 6);
    expect(interval.high).toBeCloseTo(3.118034, 6);
  });

  it('reduces to the new interval shifted by the base when the base is exact', () => {
    expect(moverInterval(5, { low: 5, high: 5 }, 6, { low: 5.5, high: 7 })).toEqual({ low: 0.5, high: 2 });
  });

  it('gives a zero-width interval at 0 for two exact, equal values', () => {
    expect(moverInterval(0, { low: 0, high: 0 }, 0, { low: 0, high: 0 })).toEqual({ low: 0, high: 0 });
  });
});

describe('isReal', () => {
  it('a change is real when its interval excludes 0, on either side', () => {
    expect(isReal({ low: 0.1, high: 2 })).toBe(true);
    expect(isReal({ low: -2, high: -0.1 })).toBe(true);
    expect(isReal({ low: -0.1, high: 2 })).toBe(false);
    expect(isReal({ low: 0, high: 0 })).toBe(false);
  });
});

describe('diffMetric', () => {
  it('computes the change and its MOVER interval from both intervals', () => {
    const diff = diffMetric(
      'duplicatesPerThousand',
      'perThousand',
      withDuplicates(10, 8, 13),
      withDuplicates(15, 12, 19),
    );
    expect(diff.change).toBe(5);
    expect(diff.interval?.low).toBeCloseTo(5 - Math.sqrt(18), 12);
    expect(diff.real).toBe(true);
  });

  it('shows a metric without an interval but does not test it', () => {
    const diff = diffMetric('duplicates', 'count', fixtureResult(), {
      ...fixtureResult(),
      metrics: { ...fixtureResult().metrics, duplicates: 180 },
    });
    expect(diff).toMatchObject({ base: 175, new: 180, change: 5, interval: null, real: null });
  });

  it('leaves a metric untestable when one side lacks its interval or value', () => {
    const base = withDuplicates(10, 8, 13);
    const fresh = withDuplicates(15, 12, 19);
    delete fresh.intervals['duplicatesPerThousand'];
    expect(diffMetric('duplicatesPerThousand', 'perThousand', base, fresh).real).toBeNull();
    const missing = withDuplicates(Number.NaN, 12, 19);
    expect(diffMetric('duplicatesPerThousand', 'perThousand', base, missing).interval).toBeNull();
  });
});

describe('judgeGate', () => {
  it('fails an increase gate only when the whole interval lies above the tolerance', () => {
    const plus = gate('m', Worse.increase, 1);
    expect(judgeGate(plus, change(0, 3, 1.5, 4.5)).verdict).toBe(GateVerdict.fail);
    expect(judgeGate(plus, change(0, 3, 0.5, 4.5)).verdict).toBe(GateVerdict.pass);
    expect(judgeGate(plus, change(0, 3, 1, 4.5)).verdict).toBe(GateVerdict.pass);
  });

  it('an interval whose ends overflowed (NaN) is untestable, never a pass', () => {
    for (const worse of [Worse.increase, Worse.decrease]) {
      const g = gate('m', worse, 1);
      expect(judgeGate(g, change(0, 1e308, Number.NaN, 1e308)).verdict).toBe(GateVerdict.untestable);
      expect(judgeGate(g, change(0, 1e308, -1e308, Number.NaN)).verdict).toBe(GateVerdict.untestable);
    }
  });

  it('judges on the interval, not the point estimate: a large but noisy change passes', () => {
    expect(judgeGate(gate('m', Worse.increase, 1), change(0, 5, -0.5, 10)).verdict).toBe(GateVerdict.pass);
  });

  it('fails a decrease gate only when the whole interval lies below minus the tolerance', () => {
    const minus = gate('m', Worse.decrease, 0.02);
    expect(judgeGate(minus, change(0.5, 0.4, 0.35, 0.45)).limit).toBe(-0.02);
    expect(judgeGate(minus, change(0.5, 0.4, -0.15, -0.05)).verdict).toBe(GateVerdict.fail);
    expect(judgeGate(minus, change(0.5, 0.4, -0.15, -0.01)).verdict).toBe(GateVerdict.pass);
    expect(judgeGate(minus, change(0.5, 0.9, 0.3, 0.5)).verdict).toBe(GateVerdict.pass);
  });

  it('scales a relative tolerance by the base value', () => {
    const tenPercent = gate('m', Worse.increase, 0.1, true);
    const judged = judgeGate(tenPercent, change(200, 240, 25, 55));
    expect(judged.limit).toBeCloseTo(20, 12);
    expect(judged.verdict).toBe(GateVerdict.fail);
    expect(judgeGate(tenPercent, change(400, 440, 25, 55)).verdict).toBe(GateVerdict.pass);
  });

  it('with a zero tolerance, fails on any real increase', () => {
    expect(judgeGate(gate('m', Worse.increase, 0), change(1, 1.2, 0.01, 0.4)).verdict).toBe(GateVerdict.fail);
    expect(judgeGate(gate('m', Worse.increase, 0), change(1, 1.2, -0.01, 0.4)).verdict).toBe(GateVerdict.pass);
  });

  it('cannot judge a metric without an interval', () => {
    const counted: MetricDiff = { ...change(1, 2, 0, 0), interval: null, real: null };
    expect(judgeGate(gate('m', Worse.increase, 0), counted).verdict).toBe(GateVerdict.untestable);
  });
});

describe('diffResults', () => {
  const named = (name: string, result: RunResult = fixtureResult()) => ({ name, result });

  it('matches scenarios by name, in the order of the new side, and lists the others', () => {
    const report = diffResults([named('a'), named('b'), named('c')], [named('c'), named('d'), named('a')], []);
    expect(report.scenarios.map((s) => s.name)).toEqual(['c', 'a']);
    expect(report.onlyInBase).toEqual(['b']);
    expect(report.onlyInNew).toEqual(['d']);
  });

  it('compares every metric of the catalogue, in catalogue order', () => {
    const [scenario] = diffResults([named('a')], [named('a')], []).scenarios;
    expect(scenario?.metrics.map((m) => m.metric)).toEqual(METRIC_NAMES);
  });

  it('counts failed gates over every scenario and passes only when none failed', () => {
    const gates = [gate('duplicatesPerThousand', Worse.increase, 1), gate('duplicatesPerThousand', Worse.decrease, 1)];
    const base = [named('a', withDuplicates(10, 9, 11)), named('b', withDuplicates(10, 9, 11))];
    const worse = [named('a', withDuplicates(20, 19, 21)), named('b', withDuplicates(10.5, 9.5, 11.5))];
    const report = diffResults(base, worse, gates);
    expect(report.scenarios.map((s) => s.gates.map((g) => g.verdict))).toEqual([
      ['fail', 'pass'],
      ['pass', 'pass'],
    ]);
    expect(report.failed).toBe(1);
    expect(report.passed).toBe(false);
    expect(diffResults(base, base, gates).passed).toBe(true);
  });

  it('passes when no gate is given', () => {
    expect(diffResults([named('a')], [named('a')], []).passed).toBe(true);
  });

  it('finds the gates that no compared scenario can judge', () => {
    const counted = gate('duplicates', Worse.increase, 5);
    const rate = gate('duplicatesPerThousand', Worse.increase, 1);
    const report = diffResults([named('a')], [named('a')], [counted, rate]);
    expect(neverTestable(report)).toEqual([counted]);
  });
});
