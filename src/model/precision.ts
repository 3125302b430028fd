// What a sized run asks for (a precision goal per metric, bounds to decide, a cap on actions)
// and what it did. The rules that decide when to stop are src/stats/precision.ts.
import type { Target } from './bounds.js';

/** `--precision duplicatesPerThousand=10%` (relative) or `=0.02` (absolute, in the metric's unit). */
export interface PrecisionGoal {
  metric: string;
  halfWidth: number;
  relative: boolean;
  /** As the user wrote it. */
  text: string;
}

export interface Sizing {
  goals: readonly PrecisionGoal[];
  /** Bounds to decide (`--until-decided`); empty when only precision is asked for. */
  decide: readonly Target[];
  maxActions: number;
}

/**
 * Why a sized run stopped: precise enough, every bound decided, the cap, or never: no
 * number of actions would do (a metric with no interval in this run, a value on its limit).
 */
export const Stop = { precision: 'precision', decided: 'decided', cap: 'cap', never: 'never' } as const;
export type Stop = keyof typeof Stop;

/** What sizing did: what `run`, `check` and `recommend` report beside the result. */
export interface SizedOutcome {
  actions: number;
  /** Simulations run, the last one included (each starts from the scenario's seed). */
  rounds: number;
  stoppedBy: Stop;
  /** When the cap stopped it: about how many actions would have been needed; null if unknown. */
  needed: number | null;
}
