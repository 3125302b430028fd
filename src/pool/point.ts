// One point of a sweep or a search, as a worker or the main thread runs it.
import type { Scenario } from '../model/scenario.js';
import type { Sizing } from '../model/precision.js';
import { simulate } from '../sim/simulate.js';
import { simulateSized, type SizedRun } from '../sim/sized.js';

/** One point's run: sized when there is a sizing, else at the scenario's own actions. */
export function runPoint(scenario: Scenario, sizing: Sizing | null): SizedRun {
  if (sizing !== null) return simulateSized(scenario, sizing);
  const result = simulate(scenario);
  const actions = scenario.actions;
  return { scenario, result, sizing: { actions, rounds: 1, stoppedBy: 'precision', needed: null } };
}
