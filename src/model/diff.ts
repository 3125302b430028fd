// What a comparison of two runs says, metric by metric, and the `--fail-on` gates judged on
// it (`idemsim diff`, `check --baseline`). The arithmetic is src/stats/diff.ts.
import type { Unit } from './metric-types.js';
import type { Interval, RunResult } from './result.js';

/** Which way a metric gets worse: `METRIC=+X` is an increase, `METRIC=-X` a decrease. */
export const Worse = { increase: 'increase', decrease: 'decrease' } as const;
export type Worse = keyof typeof Worse;

/** One `--fail-on` gate: the metric got worse beyond `tolerance`. */
export interface FailOn {
  metric: string;
  worse: Worse;
  /** In the metric's unit (ms, bytes, ratio, per thousand...), or a fraction of the base value when `relative`. */
  tolerance: number;
  relative: boolean;
  /** As the user wrote it, for messages: `duplicatesPerThousand=+0.1`. */
  text: string;
}

/** A scenario's result under its name: scenarios are matched across the two sides by name. */
export interface NamedResult {
  name: string;
  result: RunResult;
}

/** One metric of one scenario on both sides. */
export interface MetricDiff {
  metric: string;
  unit: Unit;
  base: number;
  new: number;
  /** new - base. */
  change: number;
  /** The change's 95% interval; null when either side has no interval (counts, peaks, maxima). */
  interval: Interval | null;
  /** The interval excludes 0; null when there is no interval to test. */
  real: boolean | null;
  /** Each side's own 95% interval, where both have one: what a relative gate is judged on. */
  sides?: { base: Interval; new: Interval };
  /**
   * Present when the interval is paired (both runs drew the same numbers): the change's
   * standard error and the degrees of freedom of its Student's t. Absent: the runs were
   * compared as independent ones (MOVER).
   */
  paired?: { se: number; df: number };
}

/**
 * `fail`: shown worse than the limit, the family's false-alarm rate held; `pass`: shown
 * within it; `undecided`: neither at these actions; `untestable`: the metric has no
 * interval on one side, so the gate cannot be judged there.
 */
export const GateVerdict = { pass: 'pass', fail: 'fail', undecided: 'undecided', untestable: 'untestable' } as const;
export type GateVerdict = keyof typeof GateVerdict;

/** One gate judged on one scenario. */
export interface GateResult {
  failOn: FailOn;
  /** The tolerance in the metric's unit, signed the way that is worse (+X, or -X). */
  limit: number;
  verdict: GateVerdict;
  /** The one-sided p-value of "no worse than the limit"; null when untestable. */
  pValue: number | null;
  /**
   * The smallest change this gate detects at the actions used: a change reading beyond it
   * fails the gate whatever the other gates show (signed like the limit); null when untestable.
   */
  failsBeyond: number | null;
}

export interface ScenarioDiff {
  name: string;
  metrics: MetricDiff[];
  gates: GateResult[];
}

export interface DiffReport {
  failOn: FailOn[];
  /** The family-wise false-alarm rate the gates were judged at: 0.05 by default. */
  falseAlarm: number;
  /** The scenarios on both sides, in the order of the new side. */
  scenarios: ScenarioDiff[];
  onlyInBase: string[];
  onlyInNew: string[];
  /** Gates that failed, counted once per scenario. */
  failed: number;
  /** Gates neither shown worse nor shown within their limit. */
  undecided: number;
  /** No gate failed (true also when nothing was gated). */
  passed: boolean;
}
