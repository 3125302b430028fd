// A scenario embedded in a saved file (a summary, a part), loaded as a scenario file would
// be: its JSON text (JSON is YAML) through the scenario loader the caller passes in, so a
// saved file holds only scenarios a file could.
import type { Scenario } from '../model/scenario.js';
import { ShapeError, object, text } from './shape.js';

/**
 * How a saved file's scenarios are checked (the caller passes scenario/index.ts's
 * embeddedScenario): the scenario, or its first problem.
 */
export type ScenarioReader = (text: string, where: string) => Scenario | string;

/**
 * The scenario at `path`, every field filled: canonicalScenario is for writing (it leaves
 * out fields of features that are off), and renderers write through it anyway.
 */
export function scenarioOf(value: unknown, path: string, readScenario: ScenarioReader): Scenario {
  const source = object(value, path);
  text(source['name'], `${path}.name`);
  const scenario = readScenario(JSON.stringify(source), path);
  if (typeof scenario === 'string') throw new ShapeError(path, scenario);
  return scenario;
}
