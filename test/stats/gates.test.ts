// The `--fail-on` gates of one comparison judged as a family: Holm's step-down for
// failures, the strictest level alpha / m for passes, the family-wise false-alarm rate
// that this holds, where a lone gate starts failing, and how many more actions decide one.
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { GateVerdict, Worse, type FailOn, type MetricDiff } from '../../src/model/diff.js';
import {
  actionsFactorToDecide,
  gateEvidence,
  gatePValue,
  judgeFamily,
  type GateEvidence,
} from '../../src/stats/gates.js';
import { standardNormalQuantile, standardNormalUpperTail } from '../../src/stats/normal.js';

const ALPHA = 0.05;
const Z_INTERVAL = standardNormalQuantile(0.975);
/** z of a one-sided test at `level`. */
const zOf = (level: number): number => standardNormalQuantile(1 - level);

function gate(worse: Worse, tolerance: number): FailOn {
  return {
    metric: 'm',
    worse,
    tolerance,
    relative: false,
    text: `m=${worse === Worse.increase ? '+' : '-'}${tolerance}`,
  };
}

/** Evidence built by hand: an increase gate of tolerance `limit`, the change `worse`, its standard errors. */
function evidence(worse: number, seWorse = 1, seBetter = seWorse, limit = 1): GateEvidence {
  return {
    failOn: gate(Worse.increase, limit),
    limit,
    excess: worse - limit,
    seWorse,
    seBetter,
    df: Number.POSITIVE_INFINITY,
    testable: true,
  };
}

/** An increase gate of tolerance 1 whose one-sided p-value is `p`: the change lies z(1 - p) standard errors beyond 1. */
const withPValue = (p: number): GateEvidence => evidence(1 + zOf(p));

/** A change of base 0 to `value` with the 95% interval value -+ z(0.975) * se. */
function changeOf(value: number, se: number): MetricDiff {
  const interval = { low: value - Z_INTERVAL * se, high: value + Z_INTERVAL * se };
  return { metric: 'm', unit: 'perThousand', base: 0, new: value, change: value, interval, real: null };
}

/** The indices of the gates that failed. */
const failedOf = (family: readonly GateEvidence[]): number[] =>
  judgeFamily(family, ALPHA).flatMap((g, i) => (g.verdict === GateVerdict.fail ? [i] : []));

describe("Holm's step-down", () => {
  // Four gates: the sorted p-values are compared with 0.05/4 = 0.0125, 0.05/3 = 0.0167,
  // 0.05/2 = 0.025 and 0.05/1 = 0.05, stopping at the first that is not below.
  it('fails more gates than Bonferroni when each sorted p-value is below its own step', () => {
    // Given out of order: sorted, 0.001 < 0.0125, 0.014 < 0.0167, 0.02 < 0.025, 0.04 < 0.05.
    const pValues = [0.02, 0.001, 0.04, 0.014];
    const family = pValues.map(withPValue);
    const bonferroni = pValues.flatMap((p, i) => (p <= ALPHA / pValues.length ? [i] : []));
    expect(bonferroni).toEqual([1]);
    expect(failedOf(family)).toEqual([0, 1, 2, 3]);
  });

  it('stops at the first sorted p-value that is not below its step, however small the later ones are for theirs', () => {
    // Sorted: 0.001 < 0.0125 fails; 0.03 is not below 0.0167, so the procedure stops there.
    // 0.045 is below its own step (0.05, the last) and 0.04 below 0.05 too, yet neither fails:
    // a step is reached only when every smaller p-value was rejected.
    const family = [0.045, 0.03, 0.001, 0.04].map(withPValue);
    expect(failedOf(family)).toEqual([2]);
  });

  it('orders by p-value, not by how far the change reads beyond its limit', () => {
    // The farther change (5 beyond, se 4: p = P(Z > 1.25) = 0.106) is the weaker evidence;
    // the nearer one (0.3 beyond, se 0.1: p = P(Z > 3) = 0.00135) fails at 0.05 / 2.
    const far = evidence(6, 4);
    const near = evidence(1.3, 0.1);
    expect(gatePValue(far)).toBeCloseTo(standardNormalUpperTail(1.25), 12);
    expect(failedOf([far, near])).toEqual([1]);
  });

  it('counts only the testable gates in m', () => {
    // p = 0.02 fails against 0.05 / 2 with one other testable gate; with the three
    // untestable gates counted it would face 0.05 / 5 = 0.01 and not fail.
    const untestable = { ...evidence(Number.NaN), testable: false };
    const family = [withPValue(0.02), untestable, withPValue(0.6), untestable, untestable];
    const judged = judgeFamily(family, ALPHA);
    expect(judged.map((g) => g.verdict)).toEqual([
      GateVerdict.fail,
      GateVerdict.untestable,
      GateVerdict.undecided,
      GateVerdict.untestable,
      GateVerdict.untestable,
    ]);
    expect(judged[1]).toMatchObject({ pValue: null, failsBeyond: null });
  });

  it('passes a gate only when it is shown within its limit at the strictest level, alpha / m', () => {
    // m = 3, z(1 - 0.05/3) = 2.13: a change of 0 with seBetter s passes when 2.13 s <= 1.
    const z = zOf(ALPHA / 3);
    const within = (seBetter: number) => judgeFamily([evidence(0, 1, seBetter), evidence(0), evidence(0)], ALPHA)[0];
    expect(within((1 / z) * 0.99)?.verdict).toBe(GateVerdict.pass);
    expect(within((1 / z) * 1.01)?.verdict).toBe(GateVerdict.undecided);
    // Alone, the same standard error passes: 1.645 * 1.01 / 2.13 < 1.
    expect(judgeFamily([evidence(0, 1, (1 / z) * 1.01)], ALPHA)[0]?.verdict).toBe(GateVerdict.pass);
  });
});

describe('gatePValue', () => {
  it('is one half for a change exactly on the limit, either way (to the 1e-7 of normal.ts)', () => {
    expect(gatePValue(evidence(1, 0.3))).toBeCloseTo(0.5, 7);
    const decrease = gateEvidence(gate(Worse.decrease, 2), changeOf(-2, 0.7));
    expect(decrease.excess).toBe(0);
    expect(gatePValue(decrease)).toBeCloseTo(0.5, 7);
  });

  it('is P(Z > (change - limit) / seWorse) for an increase, and mirrored for a decrease', () => {
    expect(gatePValue(gateEvidence(gate(Worse.increase, 1), changeOf(2.5, 0.6)))).toBeCloseTo(
      standardNormalUpperTail(1.5 / 0.6),
      10,
    );
    expect(gatePValue(gateEvidence(gate(Worse.decrease, 1), changeOf(-2.5, 0.6)))).toBeCloseTo(
      standardNormalUpperTail(1.5 / 0.6),
      10,
    );
  });

  it('with a standard error of 0, is 0 beyond the limit and 1 within or on it', () => {
    expect(gatePValue(evidence(1.001, 0))).toBe(0);
    expect(gatePValue(evidence(0.999, 0))).toBe(1);
    expect(gatePValue(evidence(1, 0))).toBe(1);
  });

  it('falls as the change moves beyond the limit', () => {
    const change = fc.double({ min: -50, max: 50, noNaN: true });
    fc.assert(
      fc.property(change, change, fc.double({ min: 0.01, max: 10, noNaN: true }), (a, b, se) => {
        const [lower, higher] = a <= b ? [a, b] : [b, a];
        expect(gatePValue(evidence(lower, se))).toBeGreaterThanOrEqual(gatePValue(evidence(higher, se)));
      }),
      { seed: 41, numRuns: 500 },
    );
  });
});

describe('the family-wise false-alarm rate', () => {
  /**
   * A standard normal draw by Box-Muller from a seeded uniform generator (1 - u keeps the
   * logarithm's argument in (0, 1]).
   */
  function normal(u: () => number): number {
    return Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
  }

  /**
   * N families of m gates each (m uniform in 1..60), every gate's true change exactly on its
   * limit: the worst case of "no worse than the limit", where a gate fails most often
   * without being worse. Tolerances, standard errors and directions vary by gate; the
   * observed change is limit + se * Z and its interval change -+ z(0.975) * se. Returns
   * the number of families with a failed gate, and each family's m.
   */
  function nullFamilies(seed: string, families: number): { withAFailure: number; sizes: number[] } {
    const u = seedrandom.alea(seed);
    let withAFailure = 0;
    const sizes: number[] = [];
    for (let f = 0; f < families; f++) {
      const m = 1 + Math.floor(u() * 60);
      sizes.push(m);
      const family = Array.from({ length: m }, () => {
        const worse = u() < 0.5 ? Worse.increase : Worse.decrease;
        const tolerance = 0.1 + 10 * u();
        const se = 0.01 + 5 * u();
        const limit = worse === Worse.increase ? tolerance : -tolerance;
        return gateEvidence(gate(worse, tolerance), changeOf(limit + se * normal(u), se));
      });
      if (judgeFamily(family, ALPHA).some((g) => g.verdict === GateVerdict.fail)) withAFailure++;
    }
    return { withAFailure, sizes };
  }

  // Under this null each gate's p-value is uniform, so the share of families with a failure
  // estimates a probability that Holm keeps at most alpha. The share of N independent
  // families has binomial standard error sqrt(q (1 - q) / N), at most sqrt(alpha (1 - alpha) / N)
  // when q <= alpha; a share above alpha + 3 of those (0.0603 at N = 4000) would happen by
  // chance with probability about 0.0013 if the rate held, so it shows that it does not.
  const FAMILIES = 4000;
  const TOLERANCE = 3 * Math.sqrt((ALPHA * (1 - ALPHA)) / FAMILIES);

  it('fails any gate of a family with no real change at most alpha of the time', () => {
    const { withAFailure } = nullFamilies('gates/false-alarm', FAMILIES);
    expect(withAFailure / FAMILIES).toBeLessThanOrEqual(ALPHA + TOLERANCE);
  });

  it('and spends it: a family fails exactly when its smallest p-value is below alpha / m', () => {
    // Holm fails anything only if its first step does, so with independent gates a family
    // fails with probability 1 - (1 - alpha/m)^m, between 1 - e^-alpha = 0.0488 and alpha.
    // Their mean over the drawn sizes is the expected share, within 3 binomial standard errors.
    const { withAFailure, sizes } = nullFamilies('gates/false-alarm', FAMILIES);
    const expected = sizes.reduce((sum, m) => sum + 1 - (1 - ALPHA / m) ** m, 0) / FAMILIES;
    const se = Math.sqrt((expected * (1 - expected)) / FAMILIES);
    expect(Math.abs(withAFailure / FAMILIES - expected)).toBeLessThanOrEqual(3 * se);
  });

  it('holds for a relative gate too, whose limit t |base| is itself an estimate', () => {
    // One gate +t% with the truth exactly on it: base 100, new (1 + t) 100, each read with
    // its own error (se 5) and its own 95% interval. Judged on new - base alone, the base's
    // error in t |base| is left out, and such a gate failed 6.1%, 9.7% and 14.9% of the time
    // at t = 10%, 50% and 100%. The share of N draws has binomial standard error at most
    // sqrt(alpha (1 - alpha) / N).
    const draws = 20_000;
    const u = seedrandom.alea('gates/relative');
    for (const t of [0.1, 0.5, 1]) {
      let failed = 0;
      for (let i = 0; i < draws; i++) {
        const base = 100 + 5 * normal(u);
        const fresh = (1 + t) * 100 + 5 * normal(u);
        const side = (x: number) => ({ low: x - Z_INTERVAL * 5, high: x + Z_INTERVAL * 5 });
        const diff: MetricDiff = {
          ...changeOf(fresh - base, 5 * Math.SQRT2),
          base,
          new: fresh,
          sides: { base: side(base), new: side(fresh) },
        };
        const relative: FailOn = { ...gate(Worse.increase, t), relative: true };
        if (judgeFamily([gateEvidence(relative, diff)], ALPHA)[0]?.verdict === GateVerdict.fail) failed++;
      }
      expect(failed / draws, `t = ${t}`).toBeLessThanOrEqual(ALPHA + 3 * Math.sqrt((ALPHA * (1 - ALPHA)) / draws));
    }
  });

  it('still fails a real change of 6 standard errors beyond its limit among 59 gates on theirs', () => {
    // p = P(Z > 6) = 1e-9, far below 0.05 / 60; the others read exactly on their limits (p = 0.5).
    const family = [
      ...Array.from({ length: 59 }, () => gateEvidence(gate(Worse.increase, 2), changeOf(2, 0.5))),
      gateEvidence(gate(Worse.decrease, 2), changeOf(-2 - 6 * 0.5, 0.5)),
    ];
    expect(failedOf(family)).toEqual([59]);
  });
});

describe('failsBeyond', () => {
  it('is limit + z(1 - alpha/m) * seWorse for an increase, and its mirror for a decrease', () => {
    const m = 7;
    const family = [
      gateEvidence(gate(Worse.increase, 1), changeOf(0.4, 0.3)),
      gateEvidence(gate(Worse.decrease, 2), changeOf(-1, 0.5)),
      ...Array.from({ length: m - 2 }, () => evidence(0)),
    ];
    const [plus, minus] = judgeFamily(family, ALPHA);
    expect(plus?.failsBeyond).toBeCloseTo(1 + zOf(ALPHA / m) * 0.3, 10);
    expect(minus?.failsBeyond).toBeCloseTo(-2 - zOf(ALPHA / m) * 0.5, 10);
  });

  it('is where a lone gate starts failing', () => {
    for (const worse of [Worse.increase, Worse.decrease]) {
      const sign = worse === Worse.increase ? 1 : -1;
      const judged = (change: number) => judgeFamily([gateEvidence(gate(worse, 1), changeOf(change, 0.4))], ALPHA)[0];
      const edge = judged(0)?.failsBeyond as number;
      expect(edge).toBeCloseTo(sign * (1 + zOf(ALPHA) * 0.4), 10);
      expect(judged(edge + sign * 1e-3)?.verdict, worse).toBe(GateVerdict.fail);
      expect(judged(edge - sign * 1e-3)?.verdict, worse).toBe(GateVerdict.undecided);
    }
  });

  it('fails a change read beyond it whatever the other gates of the family show', () => {
    const m = 12;
    const beyond = evidence(1 + zOf(ALPHA / m) * 0.4 + 1e-3, 0.4);
    for (const others of [0, 1, 1.5, 10]) {
      const family = [beyond, ...Array.from({ length: m - 1 }, () => evidence(others))];
      expect(judgeFamily(family, ALPHA)[0]?.verdict, `others at ${others}`).toBe(GateVerdict.fail);
    }
  });
});

describe('actionsFactorToDecide', () => {
  it('is ((z(1 - alpha/m) * se) / distance)^2, with the standard error on the side of the limit', () => {
    const z = zOf(ALPHA / 4);
    // Beyond the limit 1 by 0.5: the standard error towards the limit is seWorse.
    expect(actionsFactorToDecide(evidence(1.5, 0.6, 0.2), ALPHA, 4)).toBeCloseTo(((z * 0.6) / 0.5) ** 2, 10);
    // Within it by 0.7: seBetter.
    expect(actionsFactorToDecide(evidence(0.3, 0.6, 0.2), ALPHA, 4)).toBeCloseTo(((z * 0.2) / 0.7) ** 2, 10);
  });

  it('is infinite when the change sits on the limit, or the gate is untestable', () => {
    expect(actionsFactorToDecide(evidence(1, 0.6), ALPHA, 4)).toBe(Infinity);
    expect(actionsFactorToDecide({ ...evidence(Number.NaN), testable: false }, ALPHA, 4)).toBe(Infinity);
  });

  it('names the actions that decide an undecided gate at alpha / m: its standard errors over sqrt(factor)', () => {
    // The factor puts the gate exactly on its boundary, where rounding may fall either way:
    // a hair more (1e-9) decides it, 0.1% less leaves it undecided.
    const m = 5;
    const cases = [
      { e: evidence(1.5, 0.6, 0.2), decided: GateVerdict.fail },
      { e: evidence(0.3, 0.6, 0.7), decided: GateVerdict.pass },
      { e: evidence(-4, 2, 3, 2), decided: GateVerdict.pass },
    ];
    for (const { e, decided } of cases) {
      const factor = actionsFactorToDecide(e, ALPHA, m);
      const scaled = (by: number) => ({
        ...e,
        seWorse: e.seWorse / Math.sqrt(by),
        seBetter: e.seBetter / Math.sqrt(by),
      });
      // The other gates are within their limits with p = 1: they leave alpha / m the only step that matters.
      const judge = (g: GateEvidence) =>
        judgeFamily([g, ...Array.from({ length: m - 1 }, () => evidence(0, 0))], ALPHA)[0];
      expect(judge(e)?.verdict).toBe(GateVerdict.undecided);
      expect(factor).toBeGreaterThan(1);
      expect(judge(scaled(factor * (1 + 1e-9)))?.verdict).toBe(decided);
      expect(judge(scaled(factor * (1 - 1e-3)))?.verdict).toBe(GateVerdict.undecided);
    }
  });
});
