// The canonical copy of a scenario: the field table decides its key order and what it
// leaves out, so it holds every field of the Scenario type and nothing else.
import { describe, expect, it } from 'vitest';
import { canonicalScenario } from '../../src/model/canonical-scenario.js';
import { FIELDS } from '../../src/model/fields.js';
import { type Scenario, defaultScenario } from '../../src/model/scenario.js';
import { everyFieldOn } from './fields-on.js';

/** Every field on, and bounds to order. */
function everyFieldSet(): Scenario {
  const s = everyFieldOn();
  s.expect = { 'latency.call.p95': { max: 5000 }, duplicatesPerThousand: { min: 0, max: 1 } };
  return s;
}

/** The dotted paths of a copy's fields, in its key order: a row's path ends the walk. */
function pathsOf(node: unknown, prefix = ''): string[] {
  const rows = new Set(FIELDS.map((field) => field.path));
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return rows.has(path) ? [path] : pathsOf(value, path);
  });
}

describe('canonicalScenario', () => {
  it('holds every field of the type: a scenario with every field on copies to an equal one', () => {
    const s = everyFieldSet();
    expect(canonicalScenario(s)).toEqual(s);
  });

  it('writes the fields in the field table’s order, whatever order the object was filled in', () => {
    const s = everyFieldSet();
    const reversed = JSON.parse(JSON.stringify(s), (_, value: unknown) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    ) as Scenario;
    const order = FIELDS.filter((field) => field.kind !== 'sweep').map((field) => field.path);
    expect(pathsOf(canonicalScenario(reversed))).toEqual(order);
    expect(JSON.stringify(canonicalScenario(reversed))).toBe(JSON.stringify(canonicalScenario(s)));
  });

  it('writes `expect:` in catalogue order', () => {
    expect(Object.keys(canonicalScenario(everyFieldSet()).expect)).toEqual([
      'duplicatesPerThousand',
      'latency.call.p95',
    ]);
  });

  it('leaves out every optional field that is off', () => {
    const paths = pathsOf(canonicalScenario(defaultScenario()));
    const optional = FIELDS.filter((field) => field.optional === true).map((field) => field.path);
    expect(paths.filter((path) => optional.includes(path))).toEqual([]);
    expect(paths).toContain('client.timeout');
  });

  it('writes a group of optional fields whole when one of them is on', () => {
    const s = defaultScenario();
    s.service.crash.afterEffect = 0.3;
    expect(canonicalScenario(s).service.crash).toEqual({ probability: 0, afterEffect: 0.3 });
  });

  it('leaves out the sweep block, which no run reads', () => {
    const s = { ...defaultScenario(), sweep: { vary: [{ path: 'client.timeout', spec: '1s,2s' }], metrics: [] } };
    expect(canonicalScenario(s)).not.toHaveProperty('sweep');
  });
});
