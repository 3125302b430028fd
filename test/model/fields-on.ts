// A value that turns each optional field on (differs from its default), for tests that
// need every optional feature of the field table at once or one at a time.
import { FIELDS, setValueAt } from '../../src/model/fields.js';
import { type Scenario, defaultScenario } from '../../src/model/scenario.js';

/** Where the starter file's example is the default itself (inside a group shown whole), another value. */
const ON: Readonly<Record<string, unknown>> = {
  'service.crash.afterEffect': 0.3,
  'service.failure.afterEffect': 0.3,
  'keys.transactional': true,
  'agent.checkFirst.latency': 100,
};

/** The value that turns an optional field on. */
export function onValue(path: string): unknown {
  const field = FIELDS.find((f) => f.path === path);
  return structuredClone(ON[path] ?? field?.example);
}

/** The defaults with every optional field on. */
export function everyFieldOn(): Scenario {
  const s = defaultScenario();
  for (const field of FIELDS) if (field.optional === true) setValueAt(s, field.path, onValue(field.path));
  return s;
}
