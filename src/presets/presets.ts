// Client presets: the retry defaults of real clients, each value read in the client's own
// source (docs/reference/presets.md names file, commit and constant for every one). A preset
// fills the client block; any field the scenario sets wins. Only values found in a source are
// here: a client with no default for a field leaves it out and names it in `requires`.
// Durations are milliseconds. Where a client has no such mechanism at all (no overall
// deadline, no retry quota, no budget, no hedging, no floor), the preset turns it off.
import type { BudgetSpec, JitterSpec, Scenario, ThrottleSpec } from '../model/scenario.js';
import type { PresetName } from '../model/presets.js';

/** The part of the client block a preset fills. */
export interface PresetClient {
  timeout?: number;
  retries?: number;
  /** Whether the client retries a 409 (false: it ends the call there). */
  retryConflicts?: boolean;
  backoff?: {
    base?: number;
    multiplier?: number;
    max?: number;
    jitter?: JitterSpec;
    floor?: number;
  };
  deadline?: number;
  throttle?: ThrottleSpec;
  budget?: BudgetSpec;
}

export interface Preset {
  /** Repository and file(s) the values were read from. */
  source: string;
  /** Release or commit the values were read at. */
  version: string;
  client: PresetClient;
  /** Present when the client sends its own idempotency key, reused on every retry of a call. */
  keys?: { scope: 'call' };
  /** Fields the client has no default for: the scenario should set them. */
  requires?: readonly string[];
  /**
   * How the values were checked: `run`, by running the client's real package beside the
   * model (`idemsim presets --verify`); `source`, by reading its source alone (its client
   * needs a runtime or a server this tool cannot start), with why.
   */
  checked: 'run' | { source: string };
}

const SECOND = 1000;

export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  openai: {
    source: 'openai/openai-node src/client.ts',
    version: 'src/client.ts @ 0064618aa8dc (7.x line; package.json copy in the index: 7.2.0)',
    checked: 'run',
    client: {
      timeout: 600 * SECOND,
      retries: 2,
      retryConflicts: true,
      backoff: { base: 0.5 * SECOND, multiplier: 2, max: 8 * SECOND, jitter: { proportional: [0.75, 1] }, floor: 0 },
    },
  },
  anthropic: {
    source: 'anthropics/anthropic-sdk-typescript src/client.ts',
    version: 'src/client.ts @ 00da52f8f141 (package.json copies in the index: 0.65.0 to 0.76.0)',
    checked: 'run',
    client: {
      timeout: 600 * SECOND,
      retries: 2,
      retryConflicts: true,
      backoff: { base: 0.5 * SECOND, multiplier: 2, max: 8 * SECOND, jitter: { proportional: [0.75, 1] }, floor: 0 },
    },
  },
  stripe: {
    source: 'stripe/stripe-node src/RequestSender.ts, src/stripe.core.ts, src/platform/PlatformFunctions.ts',
    version: 'stripe.core.ts @ 00ce2955d480 (PACKAGE_VERSION 22.7.0-alpha.4); RequestSender.ts @ 0106bc9eace6',
    checked: 'run',
    client: {
      timeout: 80 * SECOND,
      retries: 2,
      retryConflicts: true,
      // The first retry uses 0.5 s x 2^-1: base 0.25 s reproduces the client's exponent exactly.
      backoff: {
        base: 0.25 * SECOND,
        multiplier: 2,
        max: 5 * SECOND,
        jitter: { proportional: [0.5, 1] },
        floor: 0.5 * SECOND,
      },
    },
    keys: { scope: 'call' },
  },
  'aws-standard': {
    source: 'boto/botocore botocore/retries/standard.py, botocore/retries/quota.py, botocore/endpoint.py',
    version: 'standard.py @ 0719e79583bb (STANDARD_RETRY_MODE_VERSION 2.0); quota.py @ 40454eaac38c',
    checked: { source: 'botocore is Python: the JavaScript SDK runs as aws-2026' },
    client: {
      timeout: 60 * SECOND,
      retries: 2,
      retryConflicts: false,
      backoff: { base: 1 * SECOND, multiplier: 2, max: 20 * SECOND, jitter: 'full', floor: 0 },
      throttle: { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 },
    },
  },
  'aws-2026': {
    source:
      'smithy-lang/smithy-typescript @smithy/core src/submodules/retry (StandardRetryStrategy, retryMiddleware, constants)',
    version:
      '@smithy/core 3.41.1 (@smithy/util-retry 4.6.2 re-exports it; the 2026 behaviour is unconditional since 3.40.0)',
    checked: 'run',
    client: {
      retries: 2,
      // A 409 is a client error: not transient, not throttling, so not retried.
      retryConflicts: false,
      // Transient errors (a 503, a timeout) back off from 50 ms; throttling errors from 1 s (no throttling error in MODEL.md).
      backoff: { base: 50, multiplier: 2, max: 20 * SECOND, jitter: 'full', floor: 0 },
      // A retry costs 14 tokens, a timeout too (TIMEOUT_RETRY_COST is exported but unused); a success without retry puts 1 back.
      throttle: { capacity: 500, retryCost: 14, timeoutCost: 14, successRefill: 1 },
    },
    // The default NodeHttpHandler has no request timeout.
    requires: ['client.timeout'],
  },
  langgraph: {
    source: 'langchain-ai/langgraph libs/langgraph/langgraph/types.py, libs/langgraph/langgraph/pregel/_retry.py',
    version: 'types.py @ 0018810e2c01; _retry.py @ 08e208c9dd81 (1.x line)',
    checked: 'run',
    client: {
      retries: 2,
      retryConflicts: false,
      // interval + random() * 1000 ms, measured by running @langchain/langgraph 1.7.3.
      backoff: { base: 0.5 * SECOND, multiplier: 2, max: 128 * SECOND, jitter: { additive: [0, SECOND] }, floor: 0 },
    },
    requires: ['client.timeout'],
  },
  temporal: {
    source: 'temporalio/temporal common/retrypolicy/retry_policy.go',
    version: 'retry_policy.go @ 2eef25240666 (DefaultDefaultRetrySettings)',
    checked: { source: 'an activity retry policy needs a Temporal server' },
    client: {
      retryConflicts: true,
      backoff: { base: 1 * SECOND, multiplier: 2, max: 100 * SECOND, jitter: 'none', floor: 0 },
    },
    // Unlimited attempts and no default StartToClose: the scenario must bound both.
    requires: ['client.retries', 'client.timeout', 'client.deadline'],
  },
  envoy: {
    source:
      'envoyproxy/envoy api/envoy/config/route/v3/route_components.proto, api/envoy/config/cluster/v3/circuit_breaker.proto',
    version: 'route_components.proto @ 0035e40b3484; circuit_breaker.proto @ 01c2c1fadbc6',
    checked: { source: 'a route retry policy needs an Envoy proxy' },
    client: {
      timeout: 15 * SECOND,
      retries: 1,
      retryConflicts: false,
      backoff: { base: 25, multiplier: 2, max: 250, jitter: 'full', floor: 0 },
      deadline: 15 * SECOND,
      // A cluster's retry_budget at its defaults (budget_percent 20, min_retry_concurrency 3);
      // without one, the max_retries breaker (3 retries at once) is { percent: 0, minConcurrency: 3 }.
      budget: { percent: 20, minConcurrency: 3 },
    },
  },
  'vercel-ai': {
    source: 'vercel/ai packages/ai/src/util/retry-with-exponential-backoff.ts',
    version: 'retry-with-exponential-backoff.ts @ 0530ac3468d5 (package.json copy in the index: ai 6.0.238)',
    checked: 'run',
    client: {
      retries: 2,
      retryConflicts: true,
      backoff: { base: 2 * SECOND, multiplier: 2, jitter: 'none', floor: 0 },
    },
    requires: ['client.timeout'],
  },
};

/** A client mechanism the preset turns off unless the client has it (or the scenario must set it). */
const OFF: readonly [string, unknown][] = [
  ['client.backoff.floor', 0],
  ['client.deadline', 'none'],
  ['client.throttle', 'none'],
  ['client.budget', 'none'],
  ['client.hedge', 'none'],
];

/**
 * The fields a preset fills, as (dotted path, normalized value) in the order of the
 * scenario: the client's documented values, `'none'` for what the client does not have,
 * and `keys.scope` where the client sends its own key. Fields in `requires` are left out.
 */
export function presetValues(name: PresetName): [string, unknown][] {
  const preset = PRESETS[name];
  const c = preset.client;
  const values: [string, unknown][] = [['client.preset', name]];
  const put = (path: string, value: unknown): void => {
    if (value !== undefined) values.push([path, value]);
  };
  put('client.timeout', c.timeout);
  put('client.retries', c.retries);
  put('client.retryConflicts', c.retryConflicts);
  put('client.backoff.base', c.backoff?.base);
  put('client.backoff.multiplier', c.backoff?.multiplier);
  put('client.backoff.max', c.backoff?.max);
  put('client.backoff.jitter', c.backoff?.jitter);
  put('client.backoff.floor', c.backoff?.floor);
  put('client.deadline', c.deadline);
  put('client.throttle', c.throttle);
  put('client.budget', c.budget);
  put('keys.scope', preset.keys?.scope);
  const named = new Set(values.map(([path]) => path));
  const required = new Set(preset.requires ?? []);
  for (const [path, value] of OFF) {
    if (!named.has(path) && !required.has(path)) values.push([path, value]);
  }
  return values;
}

/**
 * The scenario with a preset's values put in every field `isSet` says the scenario did not
 * set itself (any field the scenario sets wins). Values are copied: the preset table is
 * never shared with a scenario.
 */
export function applyPreset(scenario: Scenario, name: PresetName, isSet: (path: string) => boolean): Scenario {
  for (const [path, value] of presetValues(name)) {
    if (path === 'client.preset' || !isSet(path)) setPath(scenario, path, structuredClone(value));
  }
  return scenario;
}

function setPath(object: object, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = object as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  node[last] = value;
}
