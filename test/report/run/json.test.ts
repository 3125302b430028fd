import { describe, expect, it } from 'vitest';
import { renderJson } from '../../../src/report/run/json.js';
import { METRIC_NAMES } from '../../../src/model/metrics.js';
import { defaultsRun, intentRun } from '../fixture.js';
import type { ScenarioRun } from '../../../src/model/result.js';

/** The same values with every object's keys in reverse insertion order. */
function reversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversed) as T;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).reverse();
    return Object.fromEntries(entries.map(([k, v]) => [k, reversed(v)])) as T;
  }
  return value;
}

describe('renderJson', () => {
  it('has the documented top-level shape', () => {
    const doc = JSON.parse(renderJson([defaultsRun(), intentRun()], '9.9.9')) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['idemsim', 'runs']);
    expect(doc['idemsim']).toBe('9.9.9');
    const runs = doc['runs'] as Record<string, unknown>[];
    expect(runs).toHaveLength(2);
    expect(Object.keys(runs[0] ?? {})).toEqual(['scenario', 'metrics', 'intervals']);
  });

  it('is byte-identical for the same input', () => {
    expect(renderJson([defaultsRun()], '0.1.0')).toBe(renderJson([defaultsRun()], '0.1.0'));
  });

  it('does not depend on the key order of its input', () => {
    const run = defaultsRun();
    const shuffled: ScenarioRun = reversed(run);
    expect(JSON.stringify(shuffled)).not.toBe(JSON.stringify(run));
    expect(renderJson([shuffled], '0.1.0')).toBe(renderJson([run], '0.1.0'));
  });

  it('orders scenario and metric keys as the types declare them', () => {
    const doc = JSON.parse(renderJson([defaultsRun()], '0.1.0')) as {
      runs: { scenario: object; metrics: object; intervals: object }[];
    };
    const run = doc.runs[0];
    expect(Object.keys(run?.scenario ?? {})).toEqual([
      'name',
      'description',
      'seed',
      'actions',
      'arrivals',
      'service',
      'network',
      'client',
      'keys',
      'agent',
      'expect',
    ]);
    expect(Object.keys(run?.metrics ?? {}).slice(0, 6)).toEqual([
      'actions',
      'attempts',
      'toolCalls',
      'executions',
      'duplicates',
      'duplicatesPerThousand',
    ]);
    const intervalNames = Object.keys(run?.intervals ?? {});
    const catalogueOrder = METRIC_NAMES.filter((name) => intervalNames.includes(name));
    expect(intervalNames).toEqual(catalogueOrder);
  });

  it('puts intervals of unknown names after the catalogue, sorted', () => {
    const run = defaultsRun();
    run.result.intervals = { zeta: { low: 1, high: 2 }, alpha: { low: 0, high: 1 }, ...run.result.intervals };
    const doc = JSON.parse(renderJson([run], '0.1.0')) as { runs: { intervals: object }[] };
    expect(Object.keys(doc.runs[0]?.intervals ?? {}).slice(-2)).toEqual(['alpha', 'zeta']);
  });

  it('writes two-space indentation and a trailing newline', () => {
    const text = renderJson([defaultsRun()], '0.1.0');
    expect(text.startsWith('{\n  "idemsim": "0.1.0",\n  "runs": [\n    {\n')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('writes non-finite numbers as null', () => {
    const run = defaultsRun();
    run.result.metrics.latency.step.mean = Number.NaN;
    run.result.metrics.keyStore.steadyStateKeys = Number.POSITIVE_INFINITY;
    const text = renderJson([run], '0.1.0');
    expect(text).not.toMatch(/NaN|Infinity/);
    const doc = JSON.parse(text) as { runs: { metrics: { latency: { step: { mean: unknown } } } }[] };
    expect(doc.runs[0]?.metrics.latency.step.mean).toBeNull();
  });

  it('keeps expect bounds in catalogue order', () => {
    const run = defaultsRun();
    run.scenario.expect = { 'latency.call.p95': { max: 5000 }, duplicatesPerThousand: { max: 1, min: 0 } };
    const doc = JSON.parse(renderJson([run], '0.1.0')) as { runs: { scenario: { expect: Record<string, object> } }[] };
    const expectBlock = doc.runs[0]?.scenario.expect ?? {};
    expect(Object.keys(expectBlock)).toEqual(['duplicatesPerThousand', 'latency.call.p95']);
    expect(Object.keys(expectBlock['duplicatesPerThousand'] ?? {})).toEqual(['min', 'max']);
  });
});
