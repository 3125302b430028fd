// What the renderers receive: each scenario beside the result of simulating it.
import type { Scenario } from '../model/scenario.js';
import type { RunResult } from '../model/result.js';

export interface ScenarioRun {
  scenario: Scenario;
  result: RunResult;
}
