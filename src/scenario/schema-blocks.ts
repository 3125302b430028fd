// The JSON Schema of the two blocks that are not fields of the simulated scenario: `expect:`
// (each metric's bound in the form its unit takes) and `sweep:` (what a sweep varies and
// reports); and of `client.layers`, whose items reuse the client's own field forms.
// scenario/schema.ts places them in the scenario's schema.
import { METRICS, METRIC_NAMES } from '../model/metrics.js';
import { type Unit } from '../model/metric-types.js';
import { boundForm } from './bounds.js';
import { VARIABLE_PATHS } from './vary.js';
import { LAYER_VARY_PATTERN } from './layer-paths.js';
import { Definitions, type JsonSchema, duration, numberBounds, probability, size } from './schema-values.js';
import { LAYER_MEMBERS, LAYER_PRESETS, MAX_LAYERS } from '../model/layers.js';
import { hint } from './hints.js';

/**
 * `client.layers`: up to MAX_LAYERS retry loops. `schemaOf(path)` is the schema of a client
 * field, whose form a layer member shares (`client.backoff.base` for `backoff.base`).
 * That a layer without a preset names `retries` is checked by the loader only.
 */
export function layersSchema(defs: Definitions, schemaOf: (path: string) => JsonSchema): JsonSchema {
  const doc = (key: string): string => LAYER_MEMBERS[key]?.doc ?? key;
  const backoffMembers = ['base', 'multiplier', 'max', 'jitter', 'floor'];
  const layer: JsonSchema = {
    type: 'object',
    description: hint('layer'),
    $comment: 'a layer without a preset (or with temporal) must name retries: checked by the loader only',
    properties: {
      preset: { description: doc('preset'), type: 'string', enum: ['none', ...LAYER_PRESETS] },
      retries: { description: doc('retries'), type: 'integer', ...numberBounds({ min: 0, max: LAYER_MEMBERS['retries']?.max }) },
      retryConflicts: { description: doc('retryConflicts'), type: 'boolean' },
      backoff: {
        description: doc('backoff'),
        type: 'object',
        properties: Object.fromEntries(backoffMembers.map((key) => [key, schemaOf(`client.backoff.${key}`)])),
        additionalProperties: false,
      },
      timeout: { description: doc('timeout'), anyOf: [{ const: 'none' }, duration(defs, { min: 0, minExclusive: true })] },
      deadline: { description: doc('deadline'), anyOf: [{ const: 'none' }, duration(defs, { min: 0, minExclusive: true })] },
      newCall: { description: doc('newCall'), type: 'boolean' },
    },
    additionalProperties: false,
  };
  return { anyOf: [{ const: 'none' }, { type: ['array', 'null'], maxItems: MAX_LAYERS, items: layer }] };
}

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
        // A layer's members by index (client.layers[0].retries); whether the layer exists is the loader's.
        propertyNames: { anyOf: [{ enum: [...VARIABLE_PATHS] }, { pattern: LAYER_VARY_PATTERN }] },
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
