// The normalized scenario: every field present, every duration in milliseconds,
// every size in bytes. This is what the simulation core consumes (MODEL.md). Beside the
// type: the built-in defaults, and the copy in canonical key order that JSON is written from.
import { inCatalogueOrder } from './metrics.js';

export const Scope = {
  none: 'none',
  attempt: 'attempt',
  call: 'call',
  payload: 'payload',
  intent: 'intent',
  business: 'business',
} as const;
export type Scope = keyof typeof Scope;

export const Jitter = { none: 'none', full: 'full', equal: 'equal', decorrelated: 'decorrelated' } as const;
export type Jitter = keyof typeof Jitter;

export const Claim = { atomic: 'atomic', 'read-then-write': 'read-then-write' } as const;
export type Claim = keyof typeof Claim;

export function isScope(x: unknown): x is Scope {
  return typeof x === 'string' && Object.hasOwn(Scope, x);
}
export function isJitter(x: unknown): x is Jitter {
  return typeof x === 'string' && Object.hasOwn(Jitter, x);
}
export function isClaim(x: unknown): x is Claim {
  return typeof x === 'string' && Object.hasOwn(Claim, x);
}

/** A uniform draw between min and max (ms). */
export interface Range {
  min: number;
  max: number;
}

/** A bound from the `expect:` block, in the metric's own unit (ms, bytes, count). */
export interface Bound {
  min?: number;
  max?: number;
}

/** The `sweep:` block: what `idemsim sweep FILE` varies when the command line names no --vary. */
export interface SweepSpec {
  /** One dimension per entry, in file order: a field path and its SPEC as `--vary PATH=SPEC` takes it. */
  vary: { path: string; spec: string }[];
  /** The metrics to report, in order (the sweep's defaults when the block names none). */
  metrics: string[];
}

export interface Scenario {
  name: string;
  description: string;
  seed: number | string;
  actions: number;
  arrivals: { rate: number };
  service: {
    latency: { median: number; sigma: number };
    errorRate: number;
    /** Executions at once; `'unlimited'` means no queue. */
    concurrency: number | 'unlimited';
  };
  network: { requestLoss: number; replyLoss: number };
  client: {
    timeout: number;
    retries: number;
    backoff: { base: number; multiplier: number; max: number; jitter: Jitter };
    /** Per-tool-call time budget; `'none'` means unbounded. */
    deadline: number | 'none';
  };
  keys: {
    scope: Scope;
    retention: number;
    claim: Claim;
    raceWindow: number;
    fingerprint: boolean;
    recordBytes: number;
  };
  agent: {
    replan: { probability: number; max: number; delay: Range; argsChange: number };
    crash: { probability: number; max: number; resumeDelay: Range };
    identicalRepeats: number;
  };
  /** Metric name (dotted, as in MODEL.md) to bound. */
  expect: Record<string, Bound>;
  /** Present only when the file has a non-empty `sweep:` block; `run` and `check` ignore it. */
  sweep?: SweepSpec;
}

// The built-in defaults: blind retries, no key (MODEL.md defaults).
export const DEFAULT_SCENARIO_NAME = 'article-defaults';

export function defaultScenario(): Scenario {
  return {
    name: DEFAULT_SCENARIO_NAME,
    description: '',
    seed: 1,
    actions: 4000,
    arrivals: { rate: 50 },
    service: { latency: { median: 300, sigma: 0.6 }, errorRate: 0, concurrency: 'unlimited' },
    network: { requestLoss: 0, replyLoss: 0.02 },
    client: {
      timeout: 1000,
      retries: 3,
      backoff: { base: 100, multiplier: 2, max: 10_000, jitter: 'full' },
      deadline: 'none',
    },
    keys: {
      scope: 'none',
      retention: 3_600_000,
      claim: 'atomic',
      raceWindow: 5,
      fingerprint: true,
      recordBytes: 200,
    },
    agent: {
      replan: { probability: 0.6, max: 3, delay: { min: 2000, max: 120_000 }, argsChange: 0 },
      crash: { probability: 0, max: 1, resumeDelay: { min: 120_000, max: 1_200_000 } },
      identicalRepeats: 0,
    },
    expect: {},
  };
}

/**
 * A copy with keys in one fixed order (the order of the type, `expect:` in catalogue order),
 * built field by field so that serialised output never depends on the order in which a
 * loader filled the object; typed as Scenario, so the compiler flags a field added to the type.
 */
export function canonicalScenario(s: Scenario): Scenario {
  return {
    name: s.name,
    description: s.description,
    seed: s.seed,
    actions: s.actions,
    arrivals: { rate: s.arrivals.rate },
    service: {
      latency: { median: s.service.latency.median, sigma: s.service.latency.sigma },
      errorRate: s.service.errorRate,
      concurrency: s.service.concurrency,
    },
    network: { requestLoss: s.network.requestLoss, replyLoss: s.network.replyLoss },
    client: {
      timeout: s.client.timeout,
      retries: s.client.retries,
      backoff: {
        base: s.client.backoff.base,
        multiplier: s.client.backoff.multiplier,
        max: s.client.backoff.max,
        jitter: s.client.backoff.jitter,
      },
      deadline: s.client.deadline,
    },
    keys: {
      scope: s.keys.scope,
      retention: s.keys.retention,
      claim: s.keys.claim,
      raceWindow: s.keys.raceWindow,
      fingerprint: s.keys.fingerprint,
      recordBytes: s.keys.recordBytes,
    },
    agent: {
      replan: {
        probability: s.agent.replan.probability,
        max: s.agent.replan.max,
        delay: range(s.agent.replan.delay),
        argsChange: s.agent.replan.argsChange,
      },
      crash: {
        probability: s.agent.crash.probability,
        max: s.agent.crash.max,
        resumeDelay: range(s.agent.crash.resumeDelay),
      },
      identicalRepeats: s.agent.identicalRepeats,
    },
    expect: inCatalogueOrder(s.expect, bound),
  };
}

function range(r: Range): Range {
  return { min: r.min, max: r.max };
}

function bound(b: Bound): Bound {
  const out: Bound = {};
  if (b.min !== undefined) out.min = b.min;
  if (b.max !== undefined) out.max = b.max;
  return out;
}
