// The JSON Schema of the two blocks that are not fields of the simulated scenario: `expect:`
// (each metric's bound in the form its unit takes) and `sweep:` (what a sweep varies and
// reports). scenario/schema.ts places them in the scenario's schema.
import { METRICS, METRIC_NAMES } from '../model/metrics.js';
import { type Unit } from '../model/metric-types.js';
import { boundForm } from './bounds.js';
import { VARIABLE_PATHS } from './vary.js';
import { Definitions, type JsonSchema, duration, numberBounds, probability, size } from './schema-values.js';

/**
 * The `sweep:` block. Whether a spec's values are valid values of the field it varies (a
 * duration for client.timeout, a word of keys.scope) is checked by the loader only.
 */
export function sweepSchema(): JsonSchema {
  const scalar = { type: ['string', 'number', 'boolean'], pattern: '^[^,]*$' };
  return {
    type: ['object', 'null'],
    $comment: 'whether each value suits the field it varies is checked by the loader only',
    properties: {
      vary: {
        description:
          'Field path to its values: a range with a step (400ms..3s:200ms, 0..0.1:0.01) or a list ([5m, 15m, 1h], or 5m,15m,1h); one --vary each, the first outermost.',
        type: 'object',
        minProperties: 1,
        propertyNames: { enum: [...VARIABLE_PATHS] },
        additionalProperties: {
          anyOf: [{ type: ['string', 'number', 'boolean'] }, { type: 'array', minItems: 1, items: scalar }],
        },
      },
      metrics: {
        description: 'Metrics to report, in order; default: the sweep defaults. `--metric` replaces them.',
        type: ['array', 'null'],
        minItems: 1,
        uniqueItems: true,
        items: { enum: [...METRIC_NAMES] },
      },
    },
    required: ['vary'],
    additionalProperties: false,
  };
}

/** A metric's `{ min, max }`, each in the form scenario/bounds.ts reads a bound of that unit. */
function bound(defs: Definitions, unit: Unit): JsonSchema {
  const form = boundForm(unit);
  const value = (): JsonSchema => {
    switch (form.kind) {
      case 'duration':
        return duration(defs, form.bounds ?? {});
      case 'size':
        return size(defs, form.bounds ?? {});
      case 'probability':
        return probability(defs);
      case 'number':
        return { type: 'number', ...numberBounds(form.bounds) };
    }
  };
  const name = { duration: 'ms', size: 'bytes', probability: 'ratio', number: 'number' }[form.kind];
  return defs.ref(`${name}-bound`, () => ({
    type: 'object',
    $comment: 'min <= max is checked by the loader only',
    properties: { min: value(), max: value() },
    additionalProperties: false,
    minProperties: 1,
  }));
}

export function expectSchema(defs: Definitions): JsonSchema {
  const metrics = Object.fromEntries(
    METRICS.map(({ name, unit, description }) => [
      name,
      { description: `${description} (${unit}): min, max or both`, ...bound(defs, unit) },
    ]),
  );
  return {
    type: ['object', 'null'],
    propertyNames: { enum: METRICS.map((m) => m.name) },
    properties: metrics,
    additionalProperties: false,
  };
}
