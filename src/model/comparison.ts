// A closed form beside what a run simulated: MODEL.md's arithmetic with the scenario's
// parameters, and the simulated value with its 95% interval. `explain` prints one row per
// closed form; every number of the article is one too, with the exact expectation of the
// simulated quantity where that differs from the article's arithmetic.
import type { Unit } from './metric-types.js';
import type { Interval } from './result.js';

/** A value and the arithmetic that gives it, in one line. */
export interface Formula {
  value: number;
  formula: string;
}

/** `U`: how the value is written (a metric unit by default; the article adds rates per second and per day). */
export interface Comparison<U extends string = Unit> {
  /** What the number is, in one line. */
  name: string;
  /** The closed form, one line of plain text, with this scenario's parameters. */
  formula: string;
  /** Null when the closed form does not apply: no number is better than a wrong one. */
  closedForm: number | null;
  /** The simulator's exact expectation, where it differs from the closed form. */
  expected?: Formula;
  simulated: number;
  /** The simulated value's 95% interval; null when the run gives none (nothing counted). */
  interval: Interval | null;
  unit: U;
  applies: boolean;
  /** Why the closed form does not apply; when it does, how the simulated value is measured. */
  why?: string;
}
