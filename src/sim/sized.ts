// A run sized by precision: simulate the scenario, and while the sizing's goals are not
// met and its bounds not decided, simulate it again with more actions, up to the cap.
// Every round starts from the scenario's seed, so the result is exactly the result of
// `--actions M` for the final M: a longer run extends a shorter one action by action
// (each action draws from its own seeded streams) and nothing depends on the rounds.
import type { Scenario } from '../model/scenario.js';
import type { RunResult } from '../model/result.js';
import { Stop, type SizedOutcome, type Sizing } from '../model/precision.js';
import { nextActions, sizingVerdict } from '../stats/precision.js';
import { simulate, type SimulateOptions } from './simulate.js';

export interface SizedRun {
  scenario: Scenario;
  result: RunResult;
  sizing: SizedOutcome;
}

export interface SizedOptions extends SimulateOptions {
  /** Told before each round how many actions it will simulate. */
  onRound?: (actions: number, round: number) => void;
  /** Simulates one scenario (default: `simulate`); lets a caller keep detail or trace. */
  run?: (scenario: Scenario, options: SimulateOptions) => RunResult;
}

export function simulateSized(scenario: Scenario, sizing: Sizing, options: SizedOptions = {}): SizedRun {
  const run = options.run ?? simulate;
  const progress: SimulateOptions = {
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    ...(options.onLive === undefined ? {} : { onLive: options.onLive }),
  };
  let current: Scenario = { ...scenario, actions: Math.min(scenario.actions, sizing.maxActions) };
  for (let round = 1; ; round++) {
    options.onRound?.(current.actions, round);
    const result = run(current, progress);
    const { stop, needed } = sizingVerdict(sizing, result);
    if (stop !== null) {
      return {
        scenario: current,
        result,
        sizing: { actions: current.actions, rounds: round, stoppedBy: stop, needed: null },
      };
    }
    if (current.actions >= sizing.maxActions) {
      const estimate = Number.isFinite(needed) ? Math.ceil(needed) : null;
      return {
        scenario: current,
        result,
        sizing: { actions: current.actions, rounds: round, stoppedBy: Stop.cap, needed: estimate },
      };
    }
    current = { ...current, actions: nextActions(current.actions, needed, sizing.maxActions) };
  }
}
