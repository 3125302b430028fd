// The scenario's fields, one row each, in the key order of every copy written: kind,
// default, valid range, one-line doc, and whether it is optional (off at its default, and
// then left out). The canonical copy, validation, `--set`, the YAML writer, the JSON Schema,
// the starter file, the Settings table and the reference all read this one table.
import { Claim, Jitter, KeyErrors, Scope } from './scenario.js';
import { PRESET_DOCS, PRESET_NAMES } from './presets.js';
import type { Field } from './field-types.js';
import { BUDGET, HEDGE, INCIDENT, PROFILE_STEP, THROTTLE } from './field-members.js';
import { LIMITS, MAX_SIGMA, MIN_RATE } from './limits.js';
import { LANGGRAPH_LAYER } from './layers.js';
import { HANDLER_DOCS, HANDLER_NAMES } from './handlers.js';
import * as doc from './field-docs.js';

export { type Bounds, type Field, FieldKind, type Member, setValueAt, valueAt } from './field-types.js';

import {
  HANDLER_METRICS,
  RETRY_LIMIT_METRICS,
  count,
  duration,
  f,
  mapOrNone,
  nonNegative,
  optional,
  positive,
  probability,
  range,
} from './field-builders.js';

export const FIELDS: readonly Field[] = [
  f(
    'name',
    'string',
    'scenario name, at most 200 characters and no control characters; default: the file name without extension',
  ),
  f(
    'description',
    'string',
    'free text shown in reports, at most 5,000 characters; line breaks and tabs but no other control characters',
  ),
  f('seed', 'seed', 'random seed: an integer, or a string of at most 200 characters and no control characters'),
  f('actions', 'integer', 'logical actions (intents) to simulate, 1 to 100,000,000', {
    bounds: { min: 1, max: LIMITS.maxActions },
  }),
  f(
    'arrivals.rate',
    'number',
    'actions per second (Poisson arrivals), at least 0.001 (one action in about 17 minutes)',
    {
      bounds: { min: MIN_RATE },
    },
  ),
  optional(f('arrivals.profile', 'profile', doc.PROFILE_DOC, { items: PROFILE_STEP }), [
    { until: 1_800_000, rate: 50 },
    { until: 2_400_000, rate: 150 },
  ]),
  f('service.latency', 'latency', 'lognormal service time: { median, sigma } or { p50, p99 }', {
    members: {
      median: { kind: 'duration', bounds: positive, doc: 'median service time (duration)' },
      sigma: {
        kind: 'number',
        bounds: { min: 0, max: MAX_SIGMA },
        doc: 'spread: service time is median * exp(sigma * Z), 0 to 10',
      },
      p50: { kind: 'duration', bounds: positive, doc: 'median service time (duration), with p99' },
      p99: {
        kind: 'duration',
        bounds: positive,
        doc: '99th percentile (duration) >= p50, at most about 1.3e10 times it; sigma = ln(p99/p50) / 2.3263',
      },
    },
  }),
  probability('service.errorRate', 'chance a request is refused (503) before any key lookup or work'),
  f('service.concurrency', 'concurrency-or-unlimited', 'executions at once, FIFO queue beyond; or unlimited', {
    bounds: { min: 1 },
  }),
  optional(probability('service.crash.probability', "chance an execution's worker dies before it finishes"), 0.01),
  optional(
    probability('service.crash.afterEffect', 'given a crash: chance it came after the side effect committed'),
    0.5,
  ),
  optional(
    probability('service.failure.probability', 'chance an execution ends in a 500 instead of its 200'),
    0.05,
    HANDLER_METRICS,
  ),
  optional(
    probability('service.failure.afterEffect', 'given a failure: chance its side effect had committed first'),
    0.5,
    HANDLER_METRICS,
  ),
  probability('network.requestLoss', 'chance a request never reaches the service'),
  probability('network.replyLoss', 'chance any reply (200, 409, 422, 503) is lost on the way back'),
  optional(
    f('client.preset', 'enum', doc.PRESET_DOC, {
      values: ['none', ...PRESET_NAMES],
      valueDocs: {
        none: 'no preset: a client field the scenario does not set takes its own default',
        ...Object.fromEntries(PRESET_NAMES.map((name) => [name, PRESET_DOCS[name]])),
      },
    }),
    'openai',
    [],
    "the client fields written below win: delete one to take the preset's",
  ),
  duration('client.timeout', positive, 'how long the client waits for a reply (duration)'),
  count('client.retries', 'retries after the first attempt', LIMITS.maxRetries),
  optional(
    f(
      'client.retryConflicts',
      'boolean',
      'retry an attempt answered 409; false: a 409 ends the call, its outcome unknown',
    ),
    false,
    [],
  ),
  duration('client.backoff.base', nonNegative, 'backoff before the first retry (duration)'),
  f('client.backoff.multiplier', 'number', 'growth of the backoff per retry', { bounds: nonNegative }),
  duration('client.backoff.max', nonNegative, 'cap on one backoff (duration)'),
  f('client.backoff.jitter', 'jitter', 'none | full | equal | decorrelated, or { proportional | additive: [lo, hi] }', {
    values: Object.keys(Jitter),
    valueDocs: doc.JITTER_DOCS,
  }),
  optional(
    duration('client.backoff.floor', nonNegative, 'no backoff below this, after the jitter (duration)'),
    500,
    [],
  ),
  f('client.deadline', 'duration-or-none', 'time budget per tool call (duration); none for no budget', {
    bounds: nonNegative,
  }),
  optional(
    mapOrNone('client.throttle', THROTTLE, doc.THROTTLE_DOC, 'no retry quota: only retries and the deadline'),
    {
      capacity: 500,
      retryCost: 5,
      timeoutCost: 10,
      successRefill: 1,
    },
    RETRY_LIMIT_METRICS,
  ),
  optional(
    mapOrNone('client.budget', BUDGET, doc.BUDGET_DOC, 'no retry budget: any number of retries at once'),
    { percent: 20, minConcurrency: 3 },
    RETRY_LIMIT_METRICS,
  ),
  // The starter's retries (3, the default) refuse a hedge: its example says so.
  optional(
    mapOrNone('client.hedge', HEDGE, doc.HEDGE_DOC, 'no hedging: one attempt at a time'),
    { after: 500, max: 2 },
    RETRY_LIMIT_METRICS,
    'needs client.retries: 0',
  ),
  optional(
    f('client.layers', 'layers', doc.LAYERS_DOC),
    [LANGGRAPH_LAYER],
    ['layers'],
    "the layer's preset fills retries, backoff and timeout: write one to override it",
  ),
  f('keys.scope', 'enum', 'what the idempotency key identifies: none | attempt | call | payload | intent | business', {
    values: Object.keys(Scope),
    valueDocs: doc.SCOPE_DOCS,
  }),
  optional(
    f(
      'keys.handler',
      'enum',
      'a real idempotency library whose behaviour fills the keys fields the scenario does not set',
      {
        values: HANDLER_NAMES,
        valueDocs: HANDLER_DOCS,
      },
    ),
    'node-idempotency',
    HANDLER_METRICS,
    "the keys fields written below win: delete one to take the library's",
  ),
  duration('keys.retention', positive, 'record lifetime (duration), reset when the result is stored'),
  f('keys.claim', 'enum', 'atomic | read-then-write', {
    values: Object.keys(Claim),
    valueDocs: doc.CLAIM_DOCS,
  }),
  duration('keys.raceWindow', nonNegative, 'read-then-write: gap between the read and the write (duration)'),
  f('keys.fingerprint', 'boolean', 'compare payload fingerprints: a mismatch gets a 422'),
  f('keys.recordBytes', 'size', 'bytes per stored record: key, fingerprint, status, body (size)', {
    bounds: nonNegative,
  }),
  optional(
    f('keys.transactional', 'boolean', 'effect and key record in one database transaction: a crash rolls both back'),
    false,
  ),
  optional(
    f('keys.errors', 'enum', 'an error result: store it as the result (replayed), or delete the record', {
      values: Object.keys(KeyErrors),
      valueDocs: doc.KEY_ERRORS_DOCS,
    }),
    'delete',
    HANDLER_METRICS,
  ),
  optional(
    f('keys.mismatchStatus', 'integer', 'the answer to a live key with another fingerprint: 422, 409 or another 4xx', {
      bounds: { min: 400, max: 499 },
    }),
    409,
    HANDLER_METRICS,
  ),
  optional(
    f(
      'keys.fingerprintWhileRunning',
      'boolean',
      'compare the fingerprint of a repeat that finds the record still running (true); false: 409 before any comparison',
    ),
    false,
    HANDLER_METRICS,
  ),
  optional(
    f(
      'keys.lease',
      'duration-or-none',
      'a running record older than this is taken over (duration); none: never; no effect with transactional',
      {
        bounds: positive,
        valueDocs: { none: 'no lease: a running record answers 409 until it expires' },
      },
    ),
    90_000,
  ),
  optional(
    f(
      'keys.leaseRenewal',
      'boolean',
      'a live owner keeps renewing its lease (a heartbeat): only a dead one is taken over',
    ),
    true,
  ),
  probability('agent.replan.probability', 'chance the model calls the tool again after a failed tool call'),
  count('agent.replan.max', 're-plans per step execution', LIMITS.maxRepeats),
  range('agent.replan.delay', 'wait before a re-plan, uniform between min and max (durations)'),
  probability('agent.replan.argsChange', "chance a new call's arguments differ from the last call's"),
  probability('agent.crash.probability', 'chance the worker dies after the step, before its checkpoint'),
  count('agent.crash.max', 'crashes per action', LIMITS.maxRepeats),
  range('agent.crash.resumeDelay', 'wait before the run resumes after a crash, uniform (durations)'),
  probability('agent.identicalRepeats', 'chance an action is a genuine identical repeat of the one before'),
  optional(
    probability('agent.checkFirst.probability', 'chance the model reads before a re-plan or a replay call'),
    0.5,
  ),
  optional(
    duration('agent.checkFirst.latency', nonNegative, 'how long that read of the business record takes (duration)'),
    200,
  ),
  optional(f('incidents', 'incidents', doc.INCIDENTS_DOC, { items: INCIDENT }), [
    { at: 600_000, for: 300_000, latencyFactor: 4, errorRate: 0.2 },
  ]),
  optional(
    f(
      'report.interval',
      'duration-or-none',
      "the time series' interval (duration); none: a 1 min series only with a profile or incidents",
      {
        bounds: positive,
        valueDocs: { none: 'a series at 1 min for scenarios with an arrival profile or incidents; none for others' },
      },
    ),
    60_000,
  ),
  f('expect', 'expect', 'bounds checked by `idemsim check`: metric name: { min, max } in the metric unit'),
  f('sweep', 'sweep', 'what `idemsim sweep FILE` varies without --vary: vary (path: values), metrics'),
];

/** The maps that hold fields, with a one-line doc each. */
export const GROUPS: Readonly<Record<string, string>> = {
  arrivals: 'how actions arrive',
  service: 'the service behind the tool',
  'service.crash': "the service's own worker dying mid-execution",
  'service.failure': 'an execution ending in a 500 instead of its 200',
  network: 'the network between client and service',
  client: 'the tool client: timeout, retries and backoff',
  'client.backoff': 'delay between attempts: min(max, base * multiplier^k), then jitter',
  keys: 'the idempotency-key store on the service side',
  agent: 'the agent: re-plans, crashes and genuine repeats',
  'agent.replan': 'the model calling the tool again after a failed tool call',
  'agent.crash': 'the worker dying after the step, before its checkpoint',
  'agent.checkFirst': 'the model reading the business record before it repeats a call',
  report: 'the time series the run reports',
};
