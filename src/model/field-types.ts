// What a row of the field table says: the kinds of value a field holds, the bounds of a
// number, the members of a compound field or list item, and the row itself; with the two
// helpers that read and write a value at a field's dotted path.
import type { MetricGroup } from './metric-types.js';

export const FieldKind = {
  duration: 'duration',
  size: 'size',
  probability: 'probability',
  integer: 'integer',
  number: 'number',
  enum: 'enum',
  /** `client.backoff.jitter`: a word of `values`, or `{ proportional: [lo, hi] }` or `{ additive: [lo, hi] }` (real clients' shapes). */
  jitter: 'jitter',
  boolean: 'boolean',
  string: 'string',
  seed: 'seed',
  'range-of-durations': 'range-of-durations',
  latency: 'latency',
  'concurrency-or-unlimited': 'concurrency-or-unlimited',
  'duration-or-none': 'duration-or-none',
  /**
   * `client.throttle`, `client.budget`, `client.hedge` (real clients' retry limits): the word `none`, or a
   * map of `members`, a missing one taking its `default` (a `required` one has none).
   */
  'map-or-none': 'map-or-none',
  /** `arrivals.profile`: a list of `{ until, rate }` steps, `until` strictly increasing. */
  profile: 'profile',
  /** `incidents`: a list of windows `{ at, for, ... }`, each naming at least one effect. */
  incidents: 'incidents',
  /** `client.layers`: a list of retry loops around the client (model/layers.ts holds their members). */
  layers: 'layers',
  expect: 'expect',
  sweep: 'sweep',
} as const;
export type FieldKind = keyof typeof FieldKind;

/** Inclusive unless `minExclusive`; in the field's normalized unit (ms, bytes). */
export interface Bounds {
  min?: number;
  minExclusive?: boolean;
  max?: number;
  /** 0 is accepted too, below `min` (a profile step's rate: a pause, or at least MIN_RATE). */
  orZero?: boolean;
}

/** A member of a compound field (`median` of a latency, `min` of a range) or of a list item (`until`). */
export interface Member {
  kind: 'duration' | 'number' | 'integer' | 'probability';
  bounds: Bounds;
  doc: string;
  /** A list item, or a `map-or-none` map, must name it (`until` and `rate` of a profile step, `after` of a hedge). */
  required?: boolean;
  /** A valid value as a file writes it, for "write for example ..." in messages about a list item. */
  example?: string;
  /** A `map-or-none` member: the normalized value it takes when the map does not name it. */
  default?: number;
  /** What to write, for a wrong type, when the kind's own hint says too little (`percent`: no % sign). */
  hint?: string;
}

export interface Field {
  /** Dotted path in the Scenario, e.g. `client.backoff.base`. */
  path: string;
  kind: FieldKind;
  /** The normalized default (ms, bytes), read from defaultScenario(). */
  default: unknown;
  bounds?: Bounds;
  /** The accepted words of an `enum`. */
  values?: readonly string[];
  /** One line per word of an `enum`, for the JSON Schema (editors show it beside each word). */
  valueDocs?: Readonly<Record<string, string>>;
  /** The members of a `latency`, a `range-of-durations` or a `map-or-none`. */
  members?: Readonly<Record<string, Member>>;
  /** The members of each item of a list field (`profile`, `incidents`), in the order a file writes them. */
  items?: Readonly<Record<string, Member>>;
  /**
   * Off at its default: written, shown and listed only where it differs from the default,
   * so that a scenario that leaves every optional field off reads, writes and reports as it
   * did before they existed. The starter file shows it commented out, with `example`.
   */
  optional?: boolean;
  /** For an `optional` field: the normalized value the starter file shows, commented out. */
  example?: unknown;
  /** A note the starter file adds to the commented-out example (`needs client.retries: 0`). */
  exampleNote?: string;
  /** The optional metric groups a run reports while this field differs from its default. */
  carries?: readonly MetricGroup[];
  doc: string;
}

/** The value at a dotted path of a plain object. */
export function valueAt(object: unknown, path: string): unknown {
  return valueAtKeys(object, path.split('.'));
}

/** The value at a path already split into its keys (for a walk that reads many objects). */
export function valueAtKeys(object: unknown, keys: readonly string[]): unknown {
  let node = object;
  for (const key of keys) node = (node as Record<string, unknown>)[key];
  return node;
}

/** Sets the value at a dotted path whose parents exist; keeps the existing key order. */
export function setValueAt(object: object, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = object as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  node[last] = value;
}
