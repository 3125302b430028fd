// Two runs of the same scenarios compared metric by metric: `idemsim diff` and, later,
// `check --baseline`. Where both runs drew the same random numbers (the same seed and
// actions, paired.ts), a per-action count's change gets a paired interval from the two
// runs' batches. Otherwise each difference new - base gets a 95% interval by Newcombe's
// MOVER method (method of variance estimates recovery), built from the two runs' own
// intervals, so asymmetric intervals (exact Poisson, Clopper-Pearson, quantile ranks) are
// honoured side by side instead of being forced into one normal standard error. The `--fail-on`
// gates are judged on those intervals as one family (gates.ts), never on a point
// estimate. An optional metric is
// compared only where both sides carry it: a run saved before it existed, or of a scenario
// that uses none of its features, leaves it out, and a comparison of two such runs reads
// exactly as it did before those metrics existed.
import { METRICS } from '../model/metrics.js';
import { type Unit } from '../model/metric-types.js';
import type { Interval, RunResult } from '../model/result.js';
import {
  GateVerdict,
  type DiffReport,
  type FailOn,
  type GateResult,
  type MetricDiff,
  type NamedResult,
  type ScenarioDiff,
} from '../model/diff.js';
import { DEFAULT_FALSE_ALARM, gateEvidence, judgeFamily, type GateEvidence } from './gates.js';
import { pairedChange } from './paired.js';
import { hypot } from './libm.js';

/** The two-sided level of every interval idemsim reports, and so of every difference. */
export const DIFF_LEVEL = 0.95;

/**
 * Newcombe's MOVER interval for new - base, from each value's own interval: the lower end
 * recovers the variance of the new value's lower side and the base's upper side, and the
 * upper end the other two. Intervals are never assumed symmetric.
 */
export function moverInterval(base: number, baseInterval: Interval, fresh: number, freshInterval: Interval): Interval {
  const change = fresh - base;
  return {
    low: change - hypot(fresh - freshInterval.low, baseInterval.high - base),
    high: change + hypot(freshInterval.high - fresh, base - baseInterval.low),
  };
}

/** Significant at the intervals' level: the change's interval excludes 0. */
export function isReal(interval: Interval): boolean {
  return interval.low > 0 || interval.high < 0;
}

const usable = (interval: Interval | undefined): interval is Interval =>
  interval !== undefined && Number.isFinite(interval.low) && Number.isFinite(interval.high);

/** One metric on both sides; a missing or non-finite value or interval leaves it untestable. */
export function diffMetric(metric: string, unit: Unit, base: RunResult, fresh: RunResult): MetricDiff {
  const b = valueOf(base, metric);
  const n = valueOf(fresh, metric);
  const bi = base.intervals[metric];
  const ni = fresh.intervals[metric];
  const testable = Number.isFinite(b) && Number.isFinite(n) && usable(bi) && usable(ni);
  const paired = testable ? pairedChange(metric, n - b, base.batches, fresh.batches) : null;
  const interval = paired !== null ? paired.interval : testable ? moverInterval(b, bi, n, ni) : null;
  return {
    metric,
    unit,
    base: b,
    new: n,
    change: n - b,
    interval,
    real: interval === null ? null : isReal(interval),
    ...(testable ? { sides: { base: bi, new: ni } } : {}),
    ...(paired === null ? {} : { paired: { se: paired.se, df: paired.df } }),
  };
}

/** A metric's value, NaN when the result does not carry it (a baseline from an older idemsim). */
function valueOf(result: RunResult, metric: string): number {
  const node = leafOf(result, metric);
  return typeof node === 'number' ? node : Number.NaN;
}

/** The result has the metric (as a number, NaN included: a value read as not available). */
function carries(result: RunResult, metric: string): boolean {
  return typeof leafOf(result, metric) === 'number';
}

function leafOf(result: RunResult, metric: string): unknown {
  let node: unknown = result.metrics;
  for (const key of metric.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/**
 * Every metric of the catalogue for one scenario, in catalogue order, and the evidence of
 * its gates in flag order. An extended metric is left out unless both sides carry it or a
 * gate names it (the gate then finds it not available on the side that lacks it, and
 * cannot be judged).
 */
function compareScenario(
  base: RunResult,
  fresh: RunResult,
  failOn: readonly FailOn[],
): { metrics: MetricDiff[]; evidence: GateEvidence[] } {
  const gated = new Set(failOn.map((gate) => gate.metric));
  const compared = METRICS.filter(
    (info) =>
      info.group === undefined || gated.has(info.name) || (carries(base, info.name) && carries(fresh, info.name)),
  );
  const metrics = compared.map((info) => diffMetric(info.name, info.unit, base, fresh));
  const byName = new Map(metrics.map((m) => [m.metric, m]));
  const evidence = failOn.map((gate) => {
    const diff = byName.get(gate.metric);
    if (diff === undefined) throw new RangeError(`not a metric: ${gate.metric}`);
    return gateEvidence(gate, diff);
  });
  return { metrics, evidence };
}

/**
 * Both sides matched by scenario name, every gate of every scenario judged as one family
 * at the false-alarm rate `falseAlarm` (gates.ts). A name on one side only is listed, not
 * an error; the caller decides what an empty match means. Names are expected to be unique
 * on each side (the first of a repeated name is used).
 */
export function diffResults(
  base: readonly NamedResult[],
  fresh: readonly NamedResult[],
  failOn: readonly FailOn[],
  falseAlarm: number = DEFAULT_FALSE_ALARM,
): DiffReport {
  const baseByName = new Map<string, RunResult>();
  for (const run of base) if (!baseByName.has(run.name)) baseByName.set(run.name, run.result);
  const freshNames = new Set(fresh.map((run) => run.name));
  const compared: { name: string; metrics: MetricDiff[]; evidence: GateEvidence[] }[] = [];
  const seen = new Set<string>();
  for (const run of fresh) {
    const baseResult = baseByName.get(run.name);
    if (baseResult === undefined || seen.has(run.name)) continue;
    seen.add(run.name);
    compared.push({ name: run.name, ...compareScenario(baseResult, run.result, failOn) });
  }
  const judged = judgeFamily(
    compared.flatMap((c) => c.evidence),
    falseAlarm,
  );
  let next = 0;
  const scenarios: ScenarioDiff[] = compared.map((c) => ({
    name: c.name,
    metrics: c.metrics,
    gates: c.evidence.map(() => judged[next++] as GateResult),
  }));
  const count = (verdict: GateVerdict): number =>
    scenarios.reduce((sum, s) => sum + s.gates.filter((g) => g.verdict === verdict).length, 0);
  const failed = count(GateVerdict.fail);
  return {
    failOn: [...failOn],
    falseAlarm,
    scenarios,
    onlyInBase: unique(base.map((run) => run.name).filter((name) => !freshNames.has(name))),
    onlyInNew: unique(fresh.map((run) => run.name).filter((name) => !baseByName.has(name))),
    failed,
    undecided: count(GateVerdict.undecided),
    passed: failed === 0,
  };
}

/** Gates that could not be judged in any scenario: no interval anywhere to judge them on. */
export function neverTestable(report: DiffReport): FailOn[] {
  return report.failOn.filter((_, i) => report.scenarios.every((s) => s.gates[i]?.verdict === GateVerdict.untestable));
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}
