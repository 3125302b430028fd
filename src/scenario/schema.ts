// The JSON Schema (draft-07) of a scenario file, generated from the field table, so that
// what an editor checks while typing and what the loader checks cannot drift apart.
// It accepts every file the loader accepts. What JSON Schema cannot say is left to the
// loader: min <= max of a range or bound, p99 >= p50, lo <= hi of a jitter's pair,
// a profile's `until` increasing from step to step, a hedge only with `client.retries: 0`
// (the retries may come from the default or a preset), and the size of a number written as
// a string with an exponent or beyond 2^53 (`1e400s`, `5e3%`, `99999999999999999999ms`).
import { FIELDS, GROUPS, type Field, type Member } from '../model/fields.js';
import { childrenOf } from '../model/field-lookup.js';
import { hint, rangeText } from './hints.js';
import { INCIDENT_EFFECTS, requiredOf } from '../model/field-members.js';
import { LIMITS } from '../model/limits.js';
import { memberText } from './map-or-none.js';
import { fieldHint } from './read.js';
import { written } from './serialize.js';
import { expectSchema, layersSchema, sweepSchema } from './schema-blocks.js';
import { Definitions, type JsonSchema, duration, numberBounds, probability, size } from './schema-values.js';
import { PARAGRAPH_PATTERN, TEXT_LIMIT, TEXT_LIMITS, TEXT_PATTERN } from './kinds.js';

export type { JsonSchema } from './schema-values.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
function member(defs: Definitions, name: string, spec: Member): JsonSchema {
  const range = rangeText(spec.bounds);
  const fallback =
    spec.default !== undefined
      ? `; default ${memberText(spec, spec.default)}`
      : spec.required === true
        ? '; required'
        : '';
  const description = `${name}: ${spec.doc}${range === 'any value' ? '' : `, ${range}`}${fallback}`;
  if (spec.kind === 'duration') return { description, ...duration(defs, spec.bounds) };
  if (spec.kind === 'probability') return { description, ...probability(defs) };
  return { description, type: spec.kind === 'integer' ? 'integer' : 'number', ...numberBounds(spec.bounds) };
}

function members(defs: Definitions, all: Readonly<Record<string, Member>>, names: readonly string[]): JsonSchema {
  return Object.fromEntries(names.map((name) => [name, member(defs, name, all[name] as Member)]));
}

/** A list field: each item a map of its members, the required ones required. */
function list(defs: Definitions, field: Field, itemKind: string): JsonSchema {
  const items = field.items ?? {};
  const item: JsonSchema = {
    type: 'object',
    description: hint(itemKind),
    properties: members(defs, items, Object.keys(items)),
    required: requiredOf(items),
    additionalProperties: false,
  };
  // An incident that names no effect changes nothing: the loader refuses it, and so does this.
  if (field.kind === 'incidents') {
    const required = requiredOf(items).length;
    item.$comment = `at least one of ${INCIDENT_EFFECTS.join(', ')} besides the ${required} required members`;
    item.minProperties = required + 1;
  }
  return {
    type: ['array', 'null'],
    ...(field.kind === 'profile' ? { $comment: 'until strictly increasing is checked by the loader only' } : {}),
    maxItems: LIMITS.maxListItems,
    items: item,
  };
}

/** Words that stand for a setting rather than a value. */
const WORDS: Readonly<Record<string, string>> = {
  unlimited: 'no limit: every execution starts at once, nothing queues',
  none: 'no time budget: only retries limit the attempts of a tool call',
};

/** A word, described by the field's own doc of it if it has one (`none` of a lease is not a deadline's). */
function word(text: string, field: Field): JsonSchema {
  return { const: text, description: field.valueDocs?.[text] ?? WORDS[text] ?? text };
}

function words(field: Field): JsonSchema {
  const values = field.values ?? [];
  const docs = field.valueDocs ?? {};
  return { type: 'string', enum: [...values], enumDescriptions: values.map((v) => docs[v] ?? v) };
}

/**
 * `{ proportional: [lo, hi] }` (MODEL.md D, real clients) or `{ additive: [lo, hi] }` (LangGraph):
 * a map of one key, a pair of factors or of durations.
 */
function jitterPair(field: Field, key: string, text: string, item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description: field.valueDocs?.[key],
    $comment: 'lo <= hi is checked by the loader only',
    properties: { [key]: { description: text, type: 'array', minItems: 2, maxItems: 2, items: item } },
    required: [key],
    additionalProperties: false,
  };
}

const PROPORTIONAL_TEXT = 'proportional: [lo, hi], the delay multiplied by a uniform draw between lo and hi';
const ADDITIVE_TEXT = 'additive: [lo, hi], durations: the delay plus a uniform draw between lo and hi';

/** `none`, or a map of the field's members, the ones without a default required. */
function mapOrNone(defs: Definitions, field: Field): JsonSchema {
  const all = field.members ?? {};
  const required = requiredOf(all);
  return {
    oneOf: [
      word('none', field),
      {
        type: 'object',
        description: 'a missing member takes its default',
        properties: members(defs, all, Object.keys(all)),
        ...(required.length > 0 ? { required } : {}),
        additionalProperties: false,
      },
    ],
  };
}

/** Text as the loader takes it (kinds.ts): no control character, a limited length. */
function textSchema(path: string): JsonSchema {
  const pattern = path === 'description' ? PARAGRAPH_PATTERN : TEXT_PATTERN;
  return { type: 'string', maxLength: TEXT_LIMITS[path] ?? TEXT_LIMIT, pattern };
}

/** The value forms of a field, without its documentation. */
function forms(defs: Definitions, field: Field): JsonSchema {
  const bounds = field.bounds ?? {};
  switch (field.kind) {
    case 'duration':
      return duration(defs, bounds);
    case 'size':
      return size(defs, bounds);
    case 'probability':
      return probability(defs);
    case 'integer':
      return { type: 'integer', ...numberBounds(bounds) };
    case 'number':
      return { type: 'number', ...numberBounds(bounds) };
    case 'enum':
      return words(field);
    case 'jitter':
      return {
        anyOf: [
          words(field),
          jitterPair(field, 'proportional', PROPORTIONAL_TEXT, { type: 'number', ...numberBounds({ min: 0 }) }),
          jitterPair(field, 'additive', ADDITIVE_TEXT, duration(defs, { min: 0 })),
        ],
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return textSchema(field.path);
    case 'seed':
      return { anyOf: [{ type: 'integer', ...numberBounds() }, textSchema('seed')] };
    case 'range-of-durations':
      return {
        type: ['object', 'null'],
        $comment: 'min <= max (after a missing member takes the default) is checked by the loader only',
        properties: members(defs, field.members ?? {}, ['min', 'max']),
        additionalProperties: false,
      };
    case 'latency':
      return {
        $comment: 'p99 >= p50 is checked by the loader only',
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            description: 'median and spread; a missing member takes the default',
            properties: members(defs, field.members ?? {}, ['median', 'sigma']),
            additionalProperties: false,
          },
          {
            type: 'object',
            description: 'median and 99th percentile, both required',
            properties: members(defs, field.members ?? {}, ['p50', 'p99']),
            required: ['p50', 'p99'],
            additionalProperties: false,
          },
        ],
      };
    case 'concurrency-or-unlimited':
      return { anyOf: [word('unlimited', field), { type: 'integer', ...numberBounds(bounds) }] };
    case 'duration-or-none':
      return { anyOf: [word('none', field), duration(defs, bounds)] };
    case 'map-or-none':
      return mapOrNone(defs, field);
    case 'profile':
      return list(defs, field, 'profile-step');
    case 'incidents':
      return list(defs, field, 'incident');
    case 'layers':
      return layersSchema(defs, (path) => fieldSchema(defs, BY_PATH.get(path) as Field));
    case 'expect':
      return expectSchema(defs);
    case 'sweep':
      return sweepSchema();
  }
}

/** The text shown on hover: what the field is, its default, what to write and its range. */
function describe(field: Field): string {
  const parts = [`${field.doc}.`];
  if (field.path !== 'name') parts.push(`Default: ${shown(written(field, field.default))}.`);
  parts.push(`Write ${fieldHint(field)}.`);
  const range = field.bounds === undefined ? 'any value' : rangeText(field.bounds);
  if (range !== 'any value' && field.kind !== 'probability') parts.push(`Must be ${range}.`);
  return parts.join(' ');
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value)) return `[${value.map(shown).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${k}: ${shown(v)}`).join(', ')} }`;
  }
  return String(value);
}

function fieldSchema(defs: Definitions, field: Field): JsonSchema {
  const schema: JsonSchema = { description: describe(field), ...forms(defs, field) };
  if (field.path !== 'name') schema.default = written(field, field.default);
  return schema;
}

const join = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);
const BY_PATH = new Map(FIELDS.map((field) => [field.path, field]));

/** A map of fields; a group written with nothing under it (`agent:`) takes its defaults. */
function groupSchema(defs: Definitions, path: string): JsonSchema {
  const properties = Object.fromEntries(
    childrenOf(path).map((key) => {
      const child = join(path, key);
      const field = BY_PATH.get(child);
      return [key, field === undefined ? groupSchema(defs, child) : fieldSchema(defs, field)];
    }),
  );
  return {
    type: path === '' ? 'object' : ['object', 'null'],
    ...(path === '' ? {} : { description: GROUPS[path] }),
    properties,
    additionalProperties: false,
  };
}

export function scenarioSchema(): JsonSchema {
  const defs = new Definitions();
  const root = groupSchema(defs, '');
  return {
    $schema: DRAFT_07,
    title: 'idemsim scenario',
    description:
      'A scenario for idemsim: agent tool calls retried, re-planned and replayed, and the idempotency keys that stop their duplicates. Every field is optional; a missing one takes its default.',
    ...root,
    definitions: defs.all,
  };
}

/** `idemsim schema` output and the committed schema/scenario.schema.json, byte for byte. */
export function schemaText(): string {
  return `${JSON.stringify(scenarioSchema(), null, 2)}\n`;
}
