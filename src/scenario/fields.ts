// The scenario's fields, one row each: kind, default, valid range and a one-line doc with
// the unit. Validation, `--set`, the YAML writer (and later the JSON Schema and the starter
// file) all read this one table, in the key order of the Scenario type.
import { defaultScenario } from '../model/scenario.js';
import { LIMITS } from './limits.js';
import { Claim, Jitter, Scope } from '../model/scenario.js';

export const FieldKind = {
  duration: 'duration',
  size: 'size',
  probability: 'probability',
  integer: 'integer',
  number: 'number',
  enum: 'enum',
  boolean: 'boolean',
  string: 'string',
  seed: 'seed',
  'range-of-durations': 'range-of-durations',
  latency: 'latency',
  'concurrency-or-unlimited': 'concurrency-or-unlimited',
  'duration-or-none': 'duration-or-none',
  expect: 'expect',
  sweep: 'sweep',
} as const;
export type FieldKind = keyof typeof FieldKind;

/** Inclusive unless `minExclusive`; in the field's normalized unit (ms, bytes). */
export interface Bounds {
  min?: number;
  minExclusive?: boolean;
  max?: number;
}

/** A member of a compound field: `median` of a latency, `min` of a range. */
export interface Member {
  kind: 'duration' | 'number';
  bounds: Bounds;
  doc: string;
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
  /** The members of a `latency` or `range-of-durations`. */
  members?: Readonly<Record<string, Member>>;
  doc: string;
}

/** The value at a dotted path of a plain object. */
export function valueAt(object: unknown, path: string): unknown {
  let node = object;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
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

const DEFAULTS = defaultScenario();
const positive: Bounds = { min: 0, minExclusive: true };
const nonNegative: Bounds = { min: 0 };
const unit: Bounds = { min: 0, max: 1 };

const f = (path: string, kind: FieldKind, doc: string, extra: Partial<Field> = {}): Field => ({
  path,
  kind,
  default: valueAt(DEFAULTS, path),
  doc,
  ...extra,
});
const probability = (path: string, doc: string): Field => f(path, 'probability', doc, { bounds: unit });
const count = (path: string, doc: string): Field => f(path, 'integer', doc, { bounds: nonNegative });
const duration = (path: string, bounds: Bounds, doc: string): Field => f(path, 'duration', doc, { bounds });
const range = (path: string, doc: string): Field =>
  f(path, 'range-of-durations', doc, {
    members: {
      min: { kind: 'duration', bounds: nonNegative, doc: 'shortest wait (duration)' },
      max: { kind: 'duration', bounds: nonNegative, doc: 'longest wait (duration)' },
    },
  });

export const FIELDS: readonly Field[] = [
  f('name', 'string', 'scenario name; default: the file name without extension'),
  f('description', 'string', 'free text shown in reports'),
  f('seed', 'seed', 'random seed: an integer or a string'),
  f('actions', 'integer', 'logical actions (intents) to simulate, 1 to 100,000,000', {
    bounds: { min: 1, max: LIMITS.maxActions },
  }),
  f('arrivals.rate', 'number', 'actions per second (Poisson arrivals)', { bounds: positive }),
  f('service.latency', 'latency', 'lognormal service time: { median, sigma } or { p50, p99 }', {
    members: {
      median: { kind: 'duration', bounds: positive, doc: 'median service time (duration)' },
      sigma: { kind: 'number', bounds: nonNegative, doc: 'spread: service time is median * exp(sigma * Z)' },
      p50: { kind: 'duration', bounds: positive, doc: 'median service time (duration), with p99' },
      p99: {
        kind: 'duration',
        bounds: positive,
        doc: '99th percentile (duration) >= p50; sigma = ln(p99/p50) / 2.3263',
      },
    },
  }),
  probability('service.errorRate', 'chance a request is refused (503) before any key lookup or work'),
  f('service.concurrency', 'concurrency-or-unlimited', 'executions at once, FIFO queue beyond; or unlimited', {
    bounds: { min: 1 },
  }),
  probability('network.requestLoss', 'chance a request never reaches the service'),
  probability('network.replyLoss', 'chance any reply (200, 409, 422, 503) is lost on the way back'),
  duration('client.timeout', positive, 'how long the client waits for a reply (duration)'),
  count('client.retries', 'retries after the first attempt'),
  duration('client.backoff.base', nonNegative, 'backoff before the first retry (duration)'),
  f('client.backoff.multiplier', 'number', 'growth of the backoff per retry', { bounds: nonNegative }),
  duration('client.backoff.max', nonNegative, 'cap on one backoff (duration)'),
  f('client.backoff.jitter', 'enum', 'none | full | equal | decorrelated', {
    values: Object.keys(Jitter),
    valueDocs: {
      none: 'wait exactly d = min(max, base * multiplier^k)',
      full: 'wait uniform between 0 and d',
      equal: 'wait d/2 plus uniform between 0 and d/2',
      decorrelated: 'wait min(max, uniform between base and 3 * the previous wait)',
    },
  }),
  f('client.deadline', 'duration-or-none', 'time budget per tool call (duration); none for no budget', {
    bounds: nonNegative,
  }),
  f('keys.scope', 'enum', 'what the idempotency key identifies: none | attempt | call | payload | intent | business', {
    values: Object.keys(Scope),
    valueDocs: {
      none: 'no key: every request executes',
      attempt: 'a fresh id per attempt: deduplicates nothing, yet stores a record per attempt',
      call: "the tool call's id: deduplicates transport retries, not re-plans or replays",
      payload: "a hash of the call's arguments: misses repeats whose arguments changed, merges identical requests",
      intent: 'run id + step, saved before the call: deduplicates every repeat while the record lives',
      business: 'the business identity (order + line): like intent, but merges genuine identical requests',
    },
  }),
  duration('keys.retention', positive, 'record lifetime (duration), reset when the result is stored'),
  f('keys.claim', 'enum', 'atomic | read-then-write', {
    values: Object.keys(Claim),
    valueDocs: {
      atomic: 'the lookup claims the key in one step: a concurrent repeat gets 409',
      'read-then-write': 'a repeat inside raceWindow of the claim also executes (a race)',
    },
  }),
  duration('keys.raceWindow', nonNegative, 'read-then-write: gap between the read and the write (duration)'),
  f('keys.fingerprint', 'boolean', 'compare payload fingerprints: a mismatch gets a 422'),
  f('keys.recordBytes', 'size', 'bytes per stored record: key, fingerprint, status, body (size)', {
    bounds: nonNegative,
  }),
  probability('agent.replan.probability', 'chance the model calls the tool again after a failed tool call'),
  count('agent.replan.max', 're-plans per step execution'),
  range('agent.replan.delay', 'wait before a re-plan, uniform between min and max (durations)'),
  probability('agent.replan.argsChange', "chance a new call's arguments differ from the last call's"),
  probability('agent.crash.probability', 'chance the worker dies after the step, before its checkpoint'),
  count('agent.crash.max', 'crashes per action'),
  range('agent.crash.resumeDelay', 'wait before the run resumes after a crash, uniform (durations)'),
  probability('agent.identicalRepeats', 'chance an action is a genuine identical repeat of the one before'),
  f('expect', 'expect', 'bounds checked by `idemsim check`: metric name: { min, max } in the metric unit'),
  f('sweep', 'sweep', 'what `idemsim sweep FILE` varies without --vary: vary (path: values), metrics'),
];

/** The maps that hold fields, with a one-line doc each. */
export const GROUPS: Readonly<Record<string, string>> = {
  arrivals: 'how actions arrive',
  service: 'the service behind the tool',
  network: 'the network between client and service',
  client: 'the tool client: timeout, retries and backoff',
  'client.backoff': 'delay between attempts: min(max, base * multiplier^k), then jitter',
  keys: 'the idempotency-key store on the service side',
  agent: 'the agent: re-plans, crashes and genuine repeats',
  'agent.replan': 'the model calling the tool again after a failed tool call',
  'agent.crash': 'the worker dying after the step, before its checkpoint',
};

const BY_PATH = new Map(FIELDS.map((field) => [field.path, field]));

export function fieldAt(path: string): Field | undefined {
  return BY_PATH.get(path);
}

export function isGroup(path: string): boolean {
  return path === '' || Object.hasOwn(GROUPS, path);
}

/** The keys a group may hold, in table order (`''` is the top level). */
export function childrenOf(group: string): string[] {
  const prefix = group === '' ? '' : `${group}.`;
  const children = new Set<string>();
  for (const field of FIELDS) {
    if (field.path.startsWith(prefix)) children.add(field.path.slice(prefix.length).split('.')[0] as string);
  }
  return [...children];
}
