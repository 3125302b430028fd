// One point of a sweep or a search, as a worker or the main thread runs it.
import type { Scenario } from '../model/scenario.js';
import type { Sizing } from '../model/precision.js';
import { simulate } from '../sim/simulate.js';
import { simulateSized, type SizedRun } from '../sim/sized.js';
import { type GuardOptions, memoryGuard } from './memory-guard.js';

/**
 * One point's run: sized when there is a sizing, else at the scenario's own actions;
 * stopped by the memory guard (memory-guard.ts) if the process passes `ceiling` bytes.
 */
export function runPoint(
  scenario: Scenario,
  sizing: Sizing | null,
  ceiling: number,
  guard: GuardOptions = {},
): SizedRun {
  const onLive = memoryGuard(ceiling, guard);
  if (sizing !== null) return simulateSized(scenario, sizing, { onLive });
  const result = simulate(scenario, { onLive });
  const actions = scenario.actions;
  return { scenario, result, sizing: { actions, rounds: 1, stoppedBy: 'precision', needed: null } };
}
