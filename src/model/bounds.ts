// A bound on a metric, as `expect:`, `--target` and `recommend` state it, and the verdict a
// run gives it. The rule that judges one is src/stats/bounds.ts.
import type { Unit } from './metric-types.js';
import type { Interval } from './result.js';

export const Op = { '<=': '<=', '>=': '>=', '<': '<', '>': '>' } as const;
export type Op = keyof typeof Op;

/** A bound one metric must meet, in the metric's normalized unit (ms, bytes, ratio, per thousand). */
export interface Target {
  metric: string;
  op: Op;
  limit: number;
  /** As the user wrote it, for messages: `duplicatesPerThousand<=0.1`. */
  text: string;
  /** A `--target` flag, the scenario's `expect:` block, or a guard `recommend` added. */
  source: 'flag' | 'expect' | 'guard';
}

export const Verdict = { pass: 'pass', fail: 'fail', undecided: 'undecided' } as const;
export type Verdict = keyof typeof Verdict;

/** One target judged on one run. */
export interface Judged {
  value: number;
  interval: Interval | null;
  verdict: Verdict;
  /**
   * Distance of the value to the limit on the metric's scale: positive inside the bound
   * (slack), negative outside it (violation). See `scaleOf`.
   */
  margin: number;
  /**
   * Undecided only: about how many actions in all would decide it (the interval narrows
   * as 1 / sqrt(actions), or 1 / actions while nothing is counted); Infinity when the
   * value sits on the limit.
   */
  needed?: number;
  /** Set when the run gives no value to judge ("n/a"): why; the bound fails and `value` is NaN. */
  unmeasured?: string;
}

/** One `expect:` bound of one scenario, judged: a row of `idemsim check`. */
export interface CheckRow extends Judged {
  scenario: string;
  metric: string;
  unit: Unit;
  bound: 'min' | 'max';
  limit: number;
  /** Actions of the run it was judged on. */
  actions: number;
}
