// The `--fail-on` gates of one comparison judged as a family: every gate of every matched
// scenario at once, so that a run with no real change fails any of them with probability
// at most the stated false-alarm rate (5% by default), however many gates there are.
//
// Each gate tests "the metric got no worse than its limit". Its evidence is the change's
// interval (diff.ts) turned into how far the change lies beyond the limit (a relative
// limit carries the base's own error too). A MOVER interval (independent runs) is read as
// a normal approximation: the half-width on each side, divided by z(0.975), is the
// standard error on that side. A paired interval carries its own standard error and is
// read on Student's t with its degrees of freedom (paired.ts).
// - fail: Holm's step-down procedure rejects "no worse than the limit" (the smallest
//   one-sided p-value against alpha / m, the next against alpha / (m - 1), ...).
// - pass: the change is shown within the limit at the strictest level Holm uses, alpha / m
//   (the one-sided bound on the other side lies inside the limit).
// - undecided: neither; more actions would tell (`--until-decided`).
import { GateVerdict, Worse, type FailOn, type GateResult, type MetricDiff } from '../model/diff.js';
import { standardNormalQuantile } from './normal.js';
import { studentQuantileAt, studentUpperTail } from './student.js';
import { hypot } from './libm.js';

/** The chance that a comparison with no real change fails any gate, unless told otherwise. */
export const DEFAULT_FALSE_ALARM = 0.05;

/** z of the 95% intervals every run reports, from which the standard errors are read. */
const Z95 = standardNormalQuantile(0.975);

/** The tolerance in the metric's unit, signed: +X for an increase, -X for a decrease. */
export function gateLimit(failOn: FailOn, base: number): number {
  const size = failOn.relative ? failOn.tolerance * Math.abs(base) : failOn.tolerance;
  return failOn.worse === Worse.increase ? size : -size;
}

/** One gate on one scenario before the family is judged: its limit and its evidence. */
export interface GateEvidence {
  failOn: FailOn;
  limit: number;
  /**
   * How far the change reads beyond the limit, in the metric's unit, positive when worse:
   * for `+X`, new - base - X; for `-X`, base - new - X; for a relative `+t%`,
   * new - base - t |base|, the base's own error included (below).
   */
  excess: number;
  /** Standard error of `excess` on its lower side (the one a failure must clear); NaN when untestable. */
  seWorse: number;
  /** Standard error of `excess` on its upper side (the one a pass must clear); NaN when untestable. */
  seBetter: number;
  /** Degrees of freedom of the t the excess is read on: Infinity (normal) unless the change is paired. */
  df: number;
  testable: boolean;
}

/**
 * The evidence of one gate from its metric's change. The gate tests excess <= 0, where
 * excess = s (new - base) - X for an absolute tolerance X (s = +1 for an increase, -1 for
 * a decrease), and s new - c base with c = s + t sign(base) for a relative one, t |base|
 * being itself an estimate. Its half-widths are MOVER's: each side's own half-width on
 * the side that moves the excess that way, the base's scaled by |c|.
 */
export function gateEvidence(failOn: FailOn, diff: MetricDiff): GateEvidence {
  const limit = gateLimit(failOn, diff.base);
  const sign = failOn.worse === Worse.increase ? 1 : -1;
  const untestable = {
    failOn,
    limit,
    excess: Number.NaN,
    seWorse: Number.NaN,
    seBetter: Number.NaN,
    df: Number.POSITIVE_INFINITY,
    testable: false,
  };
  const { interval } = diff;
  // Ends that overflowed (values near 1e308 edited into a saved run) say nothing: not a pass.
  const broken =
    interval === null || !Number.isFinite(interval.low) || !Number.isFinite(interval.high) || !Number.isFinite(limit);
  if (broken || !Number.isFinite(diff.change)) return untestable;
  const c = failOn.relative ? sign + failOn.tolerance * Math.sign(diff.base) : sign;
  const excess = failOn.relative ? sign * diff.new - c * diff.base : sign * diff.change - failOn.tolerance;
  if (diff.paired !== undefined) return pairedEvidence(failOn, diff, limit, excess, c - sign, diff.paired);
  let down: number;
  let up: number;
  if (diff.sides === undefined) {
    // No side intervals (a hand-made comparison): the change's own interval, base unscaled.
    down = sign > 0 ? diff.change - interval.low : interval.high - diff.change;
    up = sign > 0 ? interval.high - diff.change : diff.change - interval.low;
  } else {
    const { base, new: fresh } = diff.sides;
    // How far each side may lie below and above its value.
    const [newBelow, newAbove] = [diff.new - fresh.low, fresh.high - diff.new];
    const [baseBelow, baseAbove] = [diff.base - base.low, base.high - diff.base];
    // excess = s new - c base: it is lower when new moves against s or base moves with c.
    const newDown = sign > 0 ? newBelow : newAbove;
    const newUp = sign > 0 ? newAbove : newBelow;
    const baseDown = c > 0 ? baseAbove : baseBelow;
    const baseUp = c > 0 ? baseBelow : baseAbove;
    down = hypot(newDown, Math.abs(c) * baseDown);
    up = hypot(newUp, Math.abs(c) * baseUp);
  }
  if (!(down >= 0 && up >= 0)) return untestable;
  return {
    failOn,
    limit,
    excess,
    seWorse: down / Z95,
    seBetter: up / Z95,
    df: Number.POSITIVE_INFINITY,
    testable: true,
  };
}

/**
 * A paired change's evidence: excess = s (new - base) - X, or for a relative tolerance
 * s (new - base) - k base with k = t sign(base), whose base term brings the base's own
 * error (its side's half-width, read as normal) beside the paired standard error.
 */
function pairedEvidence(
  failOn: FailOn,
  diff: MetricDiff,
  limit: number,
  excess: number,
  k: number,
  paired: { se: number; df: number },
): GateEvidence {
  const base = diff.sides?.base;
  // excess falls as k base rises: the base's upper side for k > 0 is the side that lowers it.
  const [baseDown, baseUp] =
    k === 0 || base === undefined
      ? [0, 0]
      : k > 0
        ? [base.high - diff.base, diff.base - base.low]
        : [diff.base - base.low, base.high - diff.base];
  const seWorse = hypot(paired.se, (Math.abs(k) * baseDown) / Z95);
  const seBetter = hypot(paired.se, (Math.abs(k) * baseUp) / Z95);
  return { failOn, limit, excess, seWorse, seBetter, df: paired.df, testable: true };
}

/** The one-sided p-value of "no worse than the limit": small when the change is well beyond it. */
export function gatePValue(e: GateEvidence): number {
  if (e.seWorse === 0) return e.excess > 0 ? 0 : 1;
  return studentUpperTail(e.excess / e.seWorse, e.df);
}

/** The critical value of a one-sided test at `alpha` on t(df) (df Infinity: the normal's z). */
const zOf = (alpha: number, df = Number.POSITIVE_INFINITY): number => studentQuantileAt(1 - alpha, df);

/**
 * Judges every gate of a comparison together at the family-wise false-alarm rate `alpha`:
 * Holm for failures, alpha / m for passes. Returns the results in the order given.
 */
export function judgeFamily(evidence: readonly GateEvidence[], alpha: number): GateResult[] {
  const testable = evidence.map((e, i) => ({ e, i })).filter(({ e }) => e.testable);
  const m = testable.length;
  const pValues = new Map(testable.map(({ e, i }) => [i, gatePValue(e)]));
  // Holm: the k-th smallest p-value (k from 0) against alpha / (m - k), until one is not below.
  const failed = new Set<number>();
  const order = [...pValues].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [k, [i, p]] of order.entries()) {
    if (p > alpha / (m - k)) break;
    failed.add(i);
  }
  return evidence.map((e, i): GateResult => {
    const sign = e.failOn.worse === Worse.increase ? 1 : -1;
    if (!e.testable) {
      return { failOn: e.failOn, limit: e.limit, verdict: GateVerdict.untestable, pValue: null, failsBeyond: null };
    }
    const tolerance = Math.abs(e.limit);
    const strictest = zOf(alpha / m, e.df);
    const shownWithin = e.excess + strictest * e.seBetter <= 0;
    const verdict = failed.has(i) ? GateVerdict.fail : shownWithin ? GateVerdict.pass : GateVerdict.undecided;
    return {
      failOn: e.failOn,
      limit: e.limit,
      verdict,
      pValue: pValues.get(i) ?? null,
      // A change reading beyond this fails the gate whatever the other gates show.
      failsBeyond: sign * (tolerance + strictest * e.seWorse),
    };
  });
}

/**
 * About how many times the actions would decide a gate left undecided, if its value held:
 * its standard error falls as one over the square root of the actions, all but `fixed` of
 * it (the share of a saved side, whose actions stay as they are). Infinity when no number
 * would: the change sits exactly on the limit, or the fixed share alone leaves it open.
 */
export function actionsFactorToDecide(e: GateEvidence, alpha: number, gates: number, fixed = 0): number {
  if (!e.testable) return Number.POSITIVE_INFINITY;
  const z = zOf(alpha / Math.max(1, gates), e.df);
  const distance = Math.abs(e.excess);
  const se = e.excess > 0 ? e.seWorse : e.seBetter;
  const reachable = (distance / z) ** 2 - fixed ** 2;
  if (!(reachable > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(0, se ** 2 - fixed ** 2) / reachable;
}
