// Which optional metric groups a run carries, as the field table's rows say: a scenario
// that leaves every optional field off carries none.
import { describe, expect, it } from 'vitest';
import { carriedBy, usesOptionalMetrics } from '../../src/model/features.js';
import { FIELDS, setValueAt } from '../../src/model/fields.js';
import { defaultScenario } from '../../src/model/scenario.js';
import { onValue } from './fields-on.js';

/** The fields of MODEL.md F (a failing execution, the handler and what it does) whose rows carry the `handlers` group. */
const HANDLER_FIELDS = [
  'service.failure.probability',
  'service.failure.afterEffect',
  'keys.handler',
  'keys.errors',
  'keys.mismatchStatus',
  'keys.fingerprintWhileRunning',
];

describe('the optional metric groups a scenario carries', () => {
  it('are none while every optional field is off', () => {
    expect(carriedBy(defaultScenario())).toEqual({ extended: false, clients: false, layers: false, handlers: false });
    expect(usesOptionalMetrics(defaultScenario())).toBe(false);
  });

  it('include the feature metrics as soon as any optional field but the preset, the floor, retryConflicts, the layers and the handler fields is on', () => {
    const own = FIELDS.filter(
      (f) =>
        f.optional === true &&
        ![
          'client.preset',
          'client.backoff.floor',
          'client.retryConflicts',
          'client.layers',
          ...HANDLER_FIELDS,
        ].includes(f.path),
    );
    for (const field of own) {
      const s = defaultScenario();
      setValueAt(s, field.path, onValue(field.path));
      expect(carriedBy(s).extended, field.path).toBe(true);
    }
  });

  it('do not follow a preset, a backoff floor or retryConflicts, which bring no metric of their own', () => {
    const s = defaultScenario();
    s.client.preset = 'openai';
    s.client.backoff.floor = 500;
    s.client.retryConflicts = false;
    expect(usesOptionalMetrics(s)).toBe(false);
  });

  it('include the clients group only beside a retry limit', () => {
    const s = defaultScenario();
    s.client.budget = { percent: 20, minConcurrency: 3 };
    expect(carriedBy(s)).toEqual({ extended: true, clients: true, layers: false, handlers: false });
  });

  it('include the layers group alone beside retry layers (MODEL.md E: attempts per call), nothing else', () => {
    const s = defaultScenario();
    setValueAt(s, 'client.layers', onValue('client.layers'));
    expect(s.client.layers).toHaveLength(1);
    expect(carriedBy(s)).toEqual({ extended: false, clients: false, layers: true, handlers: false });
    expect(usesOptionalMetrics(s)).toBe(true);
  });

  it('include the handlers group alone beside a failing execution or a handler setting (MODEL.md F), nothing else', () => {
    for (const path of HANDLER_FIELDS) {
      const s = defaultScenario();
      setValueAt(s, path, onValue(path));
      expect(carriedBy(s), path).toEqual({ extended: false, clients: false, layers: false, handlers: true });
      expect(usesOptionalMetrics(s), path).toBe(true);
    }
  });

  it('are exactly the rows that carry handlers', () => {
    const rows = FIELDS.filter((f) => (f.carries ?? []).includes('handlers')).map((f) => f.path);
    expect(rows).toEqual(HANDLER_FIELDS);
  });

  it('drop the handlers group when each handler field is back at its default', () => {
    const s = defaultScenario();
    s.service.failure = { probability: 0, afterEffect: 0.5 };
    s.keys.errors = 'store';
    s.keys.mismatchStatus = 422;
    expect(carriedBy(s).handlers).toBe(false);
  });
});
