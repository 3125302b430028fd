// The scenario in one fixed key order, for everything that serialises it (JSON, the
// report's resolved scenario): the field table's order, an optional field only where on.
import { type Field, type Member, valueAtKeys } from './field-types.js';
import { FIELDS } from './fields.js';
import { isOff, isOptionalGroup } from './field-lookup.js';
import { inCatalogueOrder } from './metrics.js';
import { type Bound, type JitterSpec, type Layer, type Scenario, isAdditive, isProportional } from './scenario.js';

/**
 * A copy with keys in the field table's order (members in their table's order, `expect:` in
 * catalogue order), so that serialised output never depends on the order in which a loader
 * filled the object. An optional field that is off is left out, so that a scenario that
 * uses none of them serialises exactly as it did before they existed, and a reader fills it
 * back from the defaults; a group of optional fields only (`service.crash`) is written
 * whole or not at all. `sweep:` says what the sweep command varies, not how a run behaves:
 * no copy carries it.
 */
export function canonicalScenario(s: Scenario): Scenario {
  const out: Record<string, unknown> = {};
  for (const { field, keys, together } of PLAN) {
    if (together !== null && together.every(({ field: f, keys: k }) => isOff(f, valueAtKeys(s, k)))) continue;
    let node = out;
    for (let i = 0; i < keys.length - 1; i++) node = (node[keys[i] as string] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1] as string] = copy(field, valueAtKeys(s, keys));
  }
  return out as unknown as Scenario;
}

const withKeys = (field: Field): { field: Field; keys: string[] } => ({ field, keys: field.path.split('.') });

/**
 * Each field written, with the optional fields it is left out with when they are all off:
 * itself, or its group's for a group of optional fields only; null for a field always written.
 */
const PLAN = FIELDS.filter((field) => field.kind !== 'sweep').map((field) => {
  const parent = field.path.includes('.') ? field.path.slice(0, field.path.lastIndexOf('.')) : '';
  const together =
    field.optional !== true
      ? null
      : parent !== '' && isOptionalGroup(parent)
        ? FIELDS.filter((f) => f.path.startsWith(`${parent}.`))
        : [field];
  return { field, keys: field.path.split('.'), together: together?.map(withKeys) ?? null };
});

function copy(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'jitter':
      return jitterCopy(value as JitterSpec);
    case 'latency':
    case 'range-of-durations':
      return inOrder(value, field.members);
    case 'map-or-none':
      return value === 'none' ? value : inOrder(value, field.members);
    case 'profile':
    case 'incidents':
      return (value as unknown[]).map((item) => inOrder(item, field.items));
    case 'layers':
      return (value as Layer[]).map(layerCopy);
    case 'expect':
      return inCatalogueOrder(value as Record<string, Bound>, bound);
    default:
      return value;
  }
}

function jitterCopy(jitter: JitterSpec): JitterSpec {
  if (isProportional(jitter)) return { proportional: [jitter.proportional[0], jitter.proportional[1]] };
  return isAdditive(jitter) ? { additive: [jitter.additive[0], jitter.additive[1]] } : jitter;
}

/** A retry layer with every member, in the order a file writes them. */
function layerCopy(layer: Layer): Layer {
  const { base, multiplier, max, jitter, floor } = layer.backoff;
  return {
    preset: layer.preset,
    retries: layer.retries,
    retryConflicts: layer.retryConflicts,
    backoff: { base, multiplier, max, jitter: jitterCopy(jitter), floor },
    timeout: layer.timeout,
    deadline: layer.deadline,
    newCall: layer.newCall,
  };
}

function bound(b: Bound): Bound {
  const out: Bound = {};
  if (b.min !== undefined) out.min = b.min;
  if (b.max !== undefined) out.max = b.max;
  return out;
}

/** The members in the order of `members`; an absent one stays absent. */
function inOrder(value: unknown, members: Readonly<Record<string, Member>> = {}): Record<string, unknown> {
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(members)) if (from[key] !== undefined) out[key] = from[key];
  return out;
}
