// What the renderers receive: each scenario beside the result of simulating it.
import type { Scenario } from '../scenario/types.js';
import type { RunResult } from '../sim/result.js';

export interface ScenarioRun {
  scenario: Scenario;
  result: RunResult;
}
