// The scenario in one fixed key order, for everything that serialises it (JSON, the
// report's resolved scenario): the field table's order, an optional field only where on.
import { type Field, type Member, valueAt } from './field-types.js';
import { FIELDS } from './fields.js';
import { isOff, isOptionalGroup } from './field-lookup.js';
import { inCatalogueOrder } from './metrics.js';
import { type Bound, type JitterSpec, type Scenario, isProportional } from './scenario.js';

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
  for (const field of FIELDS) {
    if (field.kind === 'sweep' || isLeftOut(field, s)) continue;
    put(out, field.path, copy(field, valueAt(s, field.path)));
  }
  return out as unknown as Scenario;
}

/** The fields written or left out with each field: its group's, for a group of optional fields only. */
const TOGETHER = new Map(
  FIELDS.map((field) => {
    const parent = field.path.includes('.') ? field.path.slice(0, field.path.lastIndexOf('.')) : '';
    const group = parent !== '' && isOptionalGroup(parent);
    return [field, group ? FIELDS.filter((f) => f.path.startsWith(`${parent}.`)) : [field]];
  }),
);

/** Off, and (inside a group of optional fields) beside fields that are all off too. */
function isLeftOut(field: Field, s: Scenario): boolean {
  return (TOGETHER.get(field) ?? [field]).every((f) => isOff(f, valueAt(s, f.path)));
}

function put(out: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = out;
  for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
  node[last] = value;
}

function copy(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'jitter': {
      const jitter = value as JitterSpec;
      return isProportional(jitter) ? { proportional: [jitter.proportional[0], jitter.proportional[1]] } : jitter;
    }
    case 'latency':
    case 'range-of-durations':
      return inOrder(value, field.members);
    case 'map-or-none':
      return value === 'none' ? value : inOrder(value, field.members);
    case 'profile':
    case 'incidents':
      return (value as unknown[]).map((item) => inOrder(item, field.items));
    case 'expect':
      return inCatalogueOrder(value as Record<string, Bound>, bound);
    default:
      return value;
  }
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
