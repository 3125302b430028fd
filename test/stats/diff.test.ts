// The comparison behind `idemsim diff`: MOVER intervals for a change, the significance
// test, gates judged on the interval, and scenarios matched by name.
import { describe, expect, it } from 'vitest';
import { GateVerdict, Worse, type FailOn, type MetricDiff } from '../../src/model/diff.js';
import { diffMetric, diffResults, isReal, moverInterval, neverTestable } from '../../src/stats/diff.js';
import { gateEvidence, judgeFamily } from '../../src/stats/gates.js';
import { standardNormalQuantile, standardNormalUpperTail } from '../../src/stats/normal.js';
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

describe('one gate judged alone', () => {
  // With one gate, Holm's first and only step compares the one-sided p-value with alpha
  // itself: a gate fails when change - z(1 - alpha) * seWorse > limit, where seWorse is the
  // half-width of the 95% interval on the side towards the limit divided by z(0.975); it
  // passes when change + z(1 - alpha) * seBetter <= limit, with the other half-width.
  const ALPHA = 0.05;
  const Z_INTERVAL = standardNormalQuantile(0.975);
  const Z_ONE_SIDED = standardNormalQuantile(1 - ALPHA);

  const judgeAlone = (failOn: FailOn, diff: MetricDiff) => judgeFamily([gateEvidence(failOn, diff)], ALPHA)[0];

  /**
   * The end of a change's 95% interval, on the limit's side, at which the limit lies `z`
   * standard errors from the change: the standard error read from that end is
   * |change - end| / z(0.975), so |change - limit| = z * |change - end| / z(0.975).
   */
  const endAt = (changeValue: number, limit: number, z: number) =>
    changeValue - (Z_INTERVAL * (changeValue - limit)) / z;

  it('fails an increase gate when the change is shown above the limit at the one-sided 5% level', () => {
    const plus = gate('m', Worse.increase, 1);
    // change 3: the low end at which 3 - z(0.95) * (3 - low) / z(0.975) = 1 is about 0.62.
    const lowOnBoundary = endAt(3, 1, Z_ONE_SIDED);
    expect(judgeAlone(plus, change(0, 3, lowOnBoundary + 0.1, 4.5))?.verdict).toBe(GateVerdict.fail);
    expect(judgeAlone(plus, change(0, 3, lowOnBoundary - 0.1, 4.5))?.verdict).toBe(GateVerdict.undecided);
  });

  it('fails one gate whose 95% interval still reaches below the limit: alone, it is a one-sided test', () => {
    const plus = gate('m', Worse.increase, 1);
    // Halfway between the one-sided boundary (about 0.62) and the limit itself.
    const low = (endAt(3, 1, Z_ONE_SIDED) + 1) / 2;
    expect(low).toBeLessThan(1);
    expect(judgeAlone(plus, change(0, 3, low, 4.5))?.verdict).toBe(GateVerdict.fail);
  });

  it('passes an increase gate when the change is shown within the limit at the one-sided 5% level', () => {
    const plus = gate('m', Worse.increase, 1);
    // change 0.2: the high end at which 0.2 + z(0.95) * (high - 0.2) / z(0.975) = 1 is about 1.15.
    const highOnBoundary = endAt(0.2, 1, Z_ONE_SIDED);
    expect(judgeAlone(plus, change(0, 0.2, -0.5, highOnBoundary - 0.1))?.verdict).toBe(GateVerdict.pass);
    expect(judgeAlone(plus, change(0, 0.2, -0.5, highOnBoundary + 0.1))?.verdict).toBe(GateVerdict.undecided);
  });

  it('judges on the interval, not the point estimate: a large but noisy change is undecided', () => {
    // seWorse = 5.5 / 1.96 = 2.81: 5 - 1.645 * 2.81 = 0.38 is within 1, and 5 is beyond it.
    expect(judgeAlone(gate('m', Worse.increase, 1), change(0, 5, -0.5, 10))?.verdict).toBe(GateVerdict.undecided);
  });

  it('an interval whose ends overflowed (NaN or infinite) is untestable, never a pass', () => {
    for (const worse of [Worse.increase, Worse.decrease]) {
      const g = gate('m', worse, 1);
      for (const [low, high] of [
        [Number.NaN, 1e308],
        [-1e308, Number.NaN],
        [-Infinity, 1e308],
        [-1e308, Infinity],
      ] as const) {
        const judged = judgeAlone(g, change(0, 1e308, low, high));
        expect(judged, `${worse} [${low}, ${high}]`).toMatchObject({
          verdict: GateVerdict.untestable,
          pValue: null,
          failsBeyond: null,
        });
      }
    }
  });

  it('mirrors a decrease gate: fails when the change is shown below minus the tolerance', () => {
    const minus = gate('m', Worse.decrease, 0.02);
    const dropped = change(0.5, 0.4, -0.15, -0.05);
    expect(judgeAlone(minus, dropped)?.limit).toBe(-0.02);
    // change -0.1: the high end at which -0.1 + z(0.95) * (high + 0.1) / z(0.975) = -0.02 is about -0.005.
    const highOnBoundary = endAt(dropped.change, -0.02, Z_ONE_SIDED);
    const near = (high: number) => judgeAlone(minus, change(0.5, 0.4, -0.15, high))?.verdict;
    expect(near(highOnBoundary - 0.01)).toBe(GateVerdict.fail);
    expect(near(highOnBoundary + 0.01)).toBe(GateVerdict.undecided);
  });

  it('mirrors a decrease gate: passes when the change is shown above minus the tolerance', () => {
    const minus = gate('m', Worse.decrease, 0.02);
    const small = change(0.5, 0.49, -0.05, 0.03);
    // change -0.01: the low end at which -0.01 - z(0.95) * (-0.01 - low) / z(0.975) = -0.02 is about -0.022.
    const lowOnBoundary = endAt(small.change, -0.02, Z_ONE_SIDED);
    const near = (low: number) => judgeAlone(minus, change(0.5, 0.49, low, 0.03))?.verdict;
    expect(near(lowOnBoundary + 0.005)).toBe(GateVerdict.pass);
    expect(near(lowOnBoundary - 0.005)).toBe(GateVerdict.undecided);
    expect(judgeAlone(minus, change(0.5, 0.9, 0.3, 0.5))?.verdict).toBe(GateVerdict.pass);
  });

  it('scales a relative tolerance by the magnitude of the base value', () => {
    const tenPercent = gate('m', Worse.increase, 0.1, true);
    // The same change, +40 in [25, 55] (seWorse = seBetter = 15 / 1.96 = 7.65), against
    // 10% of 200 (limit 20: 40 - 1.645 * 7.65 = 27.4 is beyond it) and of 1000 or -1000
    // (limit 100: 40 + 1.645 * 7.65 = 52.6 is within it).
    const judged = judgeAlone(tenPercent, change(200, 240, 25, 55));
    expect(judged?.limit).toBeCloseTo(20, 12);
    expect(judged?.verdict).toBe(GateVerdict.fail);
    for (const base of [1000, -1000]) {
      const wide = judgeAlone(tenPercent, change(base, base + 40, 25, 55));
      expect(wide?.limit).toBeCloseTo(100, 12);
      expect(wide?.verdict).toBe(GateVerdict.pass);
    }
  });

  it('with a zero tolerance, fails on any increase shown at the one-sided 5% level', () => {
    const zero = gate('m', Worse.increase, 0);
    // change 0.2 (1.2 - 1): on the boundary when the low end is 0.2 * (1 - 1.96 / 1.645), about -0.04.
    const lowOnBoundary = endAt(change(1, 1.2, 0, 0).change, 0, Z_ONE_SIDED);
    expect(judgeAlone(zero, change(1, 1.2, lowOnBoundary + 0.01, 0.4))?.verdict).toBe(GateVerdict.fail);
    expect(judgeAlone(zero, change(1, 1.2, lowOnBoundary - 0.01, 0.4))?.verdict).toBe(GateVerdict.undecided);
  });

  it('cannot judge a metric without an interval', () => {
    const counted: MetricDiff = { ...change(1, 2, 0, 0), interval: null, real: null };
    expect(judgeAlone(gate('m', Worse.increase, 0), counted)?.verdict).toBe(GateVerdict.untestable);
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

  it('counts failed and undecided gates over every scenario and passes only when none failed', () => {
    const gates = [gate('duplicatesPerThousand', Worse.increase, 1), gate('duplicatesPerThousand', Worse.decrease, 1)];
    const base = ['a', 'b', 'c'].map((name) => named(name, withDuplicates(10, 9, 11)));
    // Six gates, so a pass needs change + z(1 - 0.05/6) * se <= limit, z = 2.39, and each
    // standard error is a MOVER half-width over z(0.975) = 1.96:
    // a: +10 with half-widths hypot(1, 1) = 1.41 (se 0.72): 12 se beyond +1, far within -1.
    // b: +0.5 with half-widths hypot(0.5, 1) = 1.12 (se 0.57): 0.5 + 2.39 * 0.57 = 1.87 is
    //    beyond +1 but 0.5 is within it (undecided); -0.5 + 2.39 * 0.57 = 0.87 is within 1 (pass).
    // c: -8 with half-widths 1.12 (se 0.57): 12 se beyond -1, far within +1.
    const fresh = [
      named('a', withDuplicates(20, 19, 21)),
      named('b', withDuplicates(10.5, 10, 11)),
      named('c', withDuplicates(2, 1.5, 2.5)),
    ];
    const report = diffResults(base, fresh, gates);
    expect(report.scenarios.map((s) => s.gates.map((g) => g.verdict))).toEqual([
      ['fail', 'pass'],
      ['undecided', 'pass'],
      ['pass', 'fail'],
    ]);
    expect(report).toMatchObject({ failed: 2, undecided: 1, passed: false, falseAlarm: 0.05 });
    // No change at all: 0 + 2.39 * 0.72 = 1.73 is beyond 1 both ways, so every gate is
    // undecided, and undecided gates do not fail the comparison.
    expect(diffResults(base, base, gates)).toMatchObject({ failed: 0, undecided: 6, passed: true });
  });

  it('judges the gates of every scenario as one family, at the false-alarm rate given', () => {
    const plus = gate('duplicatesPerThousand', Worse.increase, 1.3);
    const base = Array.from({ length: 10 }, (_, i) => named(`s${i}`, withDuplicates(10, 9, 11)));
    // s0 changes by +3 with a lower half-width hypot(1, 1): its p-value against +1.3 is
    // P(Z > 1.7 / (sqrt(2) / 1.96)), about 0.009: below 0.05, but above 0.05 / 10 and below 0.2 / 10.
    const p = standardNormalUpperTail((3 - 1.3) / (Math.SQRT2 / standardNormalQuantile(0.975)));
    const fresh = [named('s0', withDuplicates(13, 12, 14)), ...base.slice(1)];
    const alone = diffResults(base.slice(0, 1), fresh.slice(0, 1), [plus]);
    expect(alone.scenarios[0]?.gates[0]?.pValue).toBeCloseTo(p, 12);
    expect(p).toBeLessThan(0.05);
    expect(alone.failed).toBe(1);
    const amongTen = diffResults(base, fresh, [plus]);
    expect(p).toBeGreaterThan(0.05 / 10);
    expect(amongTen.scenarios[0]?.gates[0]?.verdict).toBe(GateVerdict.undecided);
    expect(amongTen.failed).toBe(0);
    const atTwentyPercent = diffResults(base, fresh, [plus], 0.2);
    expect(p).toBeLessThan(0.2 / 10);
    expect(atTwentyPercent).toMatchObject({ falseAlarm: 0.2, failed: 1, passed: false });
    expect(atTwentyPercent.scenarios[0]?.gates[0]?.verdict).toBe(GateVerdict.fail);
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
