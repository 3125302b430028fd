// The normalized scenario: every field present, every duration in milliseconds,
// every size in bytes. This is what the simulation core consumes (MODEL.md). Beside the
// type: the built-in defaults, which the field table (fields.ts) reads.
import type { PresetName } from './presets.js';
import type { HandlerName } from './handlers.js';

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
/** Real clients' jitter (MODEL.md D, real clients): the capped delay times U(lo, hi), 0 <= lo <= hi. */
export interface ProportionalJitter {
  proportional: [number, number];
}

/**
 * LangGraph's jitter (an extension of MODEL.md D): the capped delay plus U(lo, hi), lo and
 * hi in milliseconds, 0 <= lo <= hi.
 */
export interface AdditiveJitter {
  additive: [number, number];
}

/** A jitter word, or the proportional or additive shape. */
export type JitterSpec = Jitter | ProportionalJitter | AdditiveJitter;

export function isProportional(j: JitterSpec): j is ProportionalJitter {
  return typeof j === 'object' && 'proportional' in j;
}
export function isAdditive(j: JitterSpec): j is AdditiveJitter {
  return typeof j === 'object' && 'additive' in j;
}

export function isJitter(x: unknown): x is Jitter {
  return typeof x === 'string' && Object.hasOwn(Jitter, x);
}
/** What an idempotency handler does with an error result (MODEL.md F). */
export const KeyErrors = { store: 'store', delete: 'delete' } as const;
export type KeyErrors = keyof typeof KeyErrors;

export function isClaim(x: unknown): x is Claim {
  return typeof x === 'string' && Object.hasOwn(Claim, x);
}

/**
 * A retry token bucket shared by every call in the run (MODEL.md D, real clients: the AWS SDK's retry
 * quota). It starts full; a retry takes its cost when it is decided, or is refused.
 */
export interface ThrottleSpec {
  capacity: number;
  /** Tokens a retry takes after a failure other than a timeout (a 503 or a 409). */
  retryCost: number;
  /** Tokens a retry takes after a timeout (a server crash included). */
  timeoutCost: number;
  /** Tokens a call that succeeds without a retry puts back. */
  successRefill: number;
}

/** Retries scheduled or in flight as a share of attempts in flight, with a floor (Envoy's retry budget). */
export interface BudgetSpec {
  percent: number;
  minConcurrency: number;
}

/** gRPC-style hedging: attempt j leaves at first send + j * after, j = 1 .. max. */
export interface HedgeSpec {
  after: number;
  max: number;
}

/**
 * An outer retry loop around the client (MODEL.md E, retry layers): an agent framework's or
 * an app's retry of the whole client call. Layer L's attempt is one layer-(L-1) call.
 */
export interface Layer {
  /** A named retry loop whose documented defaults filled the layer; `'none'`: none. */
  preset: PresetName | 'none';
  /** Layer attempts after the first. */
  retries: number;
  /** Whether the layer retries a call that ended on a 409 (LangGraph's loop does not). */
  retryConflicts: boolean;
  backoff: { base: number; multiplier: number; max: number; jitter: JitterSpec; floor: number };
  /** Per layer attempt; `'none'`: wait for the inner call. */
  timeout: number | 'none';
  /** Over the whole layer call; `'none'`: unbounded. */
  deadline: number | 'none';
  /** Each layer attempt is a new tool call id (a framework that re-invokes the tool function). */
  newCall: boolean;
}

/** A uniform draw between min and max (ms). */
export interface Range {
  min: number;
  max: number;
}

/** One step of `arrivals.profile`: the rate (actions/s) until `until` (ms from time 0). */
export interface ProfileStep {
  until: number;
  rate: number;
}

/**
 * A window [at, at + for) that changes the service or the network (MODEL.md B, changing conditions).
 * Only what it names changes; an absent member leaves the base value (or an earlier incident's).
 */
export interface Incident {
  at: number;
  for: number;
  latencyFactor?: number;
  errorRate?: number;
  requestLoss?: number;
  replyLoss?: number;
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
  arrivals: {
    rate: number;
    /** Piecewise-constant rate from time 0 (MODEL.md B, changing conditions); empty: the base rate throughout. */
    profile: ProfileStep[];
  };
  service: {
    latency: { median: number; sigma: number };
    errorRate: number;
    /** Executions at once; `'unlimited'` means no queue. */
    concurrency: number | 'unlimited';
    /** The service's own worker dying mid-execution (MODEL.md A, the service's own crashes). */
    crash: { probability: number; afterEffect: number };
    /** An execution ending in a 500 instead of its 200 (MODEL.md F): perhaps after its effect committed. */
    failure: { probability: number; afterEffect: number };
  };
  network: { requestLoss: number; replyLoss: number };
  client: {
    /** A named client whose documented defaults filled the client block (MODEL.md D, real clients); `'none'`: none. */
    preset: PresetName | 'none';
    timeout: number;
    retries: number;
    /**
     * Whether a 409 is retried (MODEL.md step 6 retries it; the AWS SDKs and LangGraph do
     * not): false ends the call at the 409, its outcome unknown. An extension of MODEL.md D.
     */
    retryConflicts: boolean;
    /** `floor` (MODEL.md D, real clients): no backoff below it, after the jitter. */
    backoff: { base: number; multiplier: number; max: number; jitter: JitterSpec; floor: number };
    /** Per-tool-call time budget; `'none'` means unbounded. */
    deadline: number | 'none';
    /** Real clients' limits (MODEL.md D): the retry quota, the retry budget and hedged attempts; `'none'`: off. */
    throttle: ThrottleSpec | 'none';
    budget: BudgetSpec | 'none';
    hedge: HedgeSpec | 'none';
    /** Outer retry loops around the client, innermost first (MODEL.md E, retry layers); empty: none. */
    layers: Layer[];
  };
  keys: {
    scope: Scope;
    /** A real idempotency library whose behaviour fills claim, fingerprint, errors, mismatchStatus and lease (MODEL.md F). */
    handler: HandlerName;
    retention: number;
    claim: Claim;
    raceWindow: number;
    fingerprint: boolean;
    recordBytes: number;
    /** Effect and record in one transaction (MODEL.md A, the service's own crashes). */
    transactional: boolean;
    /** What the handler does with an error result (MODEL.md F): keep it as the record's result, or delete the record. */
    errors: KeyErrors;
    /** The status a live key with another fingerprint gets (MODEL.md F): 422, 409 (retried as a conflict), or another 4xx. */
    mismatchStatus: number;
    /**
     * A repeat that finds the record still running has its fingerprint compared (true, as
     * MODEL.md's handler does), or gets the 409 first (false: node-idempotency). An extension of MODEL.md F.
     */
    fingerprintWhileRunning: boolean;
    /** A `running` record older than this is taken over; `'none'`: never. */
    lease: number | 'none';
    leaseRenewal: boolean;
  };
  agent: {
    replan: { probability: number; max: number; delay: Range; argsChange: number };
    crash: { probability: number; max: number; resumeDelay: Range };
    identicalRepeats: number;
    /** A read of the business identity before a re-plan or replay call (MODEL.md C, checking first). */
    checkFirst: { probability: number; latency: number };
  };
  /** Windows that change conditions (MODEL.md B, changing conditions), in file order (the last listed wins). */
  incidents: Incident[];
  /**
   * The time series' interval (MODEL.md B, changing conditions); `'none'`: a series only for a scenario with a
   * profile or incidents, at DEFAULT_SERIES_INTERVAL.
   */
  report: { interval: number | 'none' };
  /** Metric name (dotted, as in MODEL.md) to bound. */
  expect: Record<string, Bound>;
  /** Present only when the file has a non-empty `sweep:` block; `run` and `check` ignore it. */
  sweep?: SweepSpec;
}

/** The time series' interval when a scenario with a profile or incidents names none: 1 min. */
export const DEFAULT_SERIES_INTERVAL = 60_000;

/** Most intervals a run's time series holds: past them it doubles its interval (src/sim/series.ts). */
export const MAX_SERIES_INTERVALS = 100_000;

// The built-in defaults: blind retries, no key (MODEL.md defaults).
export const DEFAULT_SCENARIO_NAME = 'article-defaults';

export function defaultScenario(): Scenario {
  return {
    name: DEFAULT_SCENARIO_NAME,
    description: '',
    seed: 1,
    actions: 4000,
    arrivals: { rate: 50, profile: [] },
    service: {
      latency: { median: 300, sigma: 0.6 },
      errorRate: 0,
      concurrency: 'unlimited',
      crash: { probability: 0, afterEffect: 0.5 },
      failure: { probability: 0, afterEffect: 0.5 },
    },
    network: { requestLoss: 0, replyLoss: 0.02 },
    client: {
      preset: 'none',
      timeout: 1000,
      retries: 3,
      retryConflicts: true,
      backoff: { base: 100, multiplier: 2, max: 10_000, jitter: 'full', floor: 0 },
      deadline: 'none',
      throttle: 'none',
      budget: 'none',
      hedge: 'none',
      layers: [],
    },
    keys: {
      scope: 'none',
      handler: 'reference',
      retention: 3_600_000,
      claim: 'atomic',
      raceWindow: 5,
      fingerprint: true,
      recordBytes: 200,
      transactional: false,
      errors: 'store',
      mismatchStatus: 422,
      fingerprintWhileRunning: true,
      lease: 'none',
      leaseRenewal: false,
    },
    agent: {
      replan: { probability: 0.6, max: 3, delay: { min: 2000, max: 120_000 }, argsChange: 0 },
      crash: { probability: 0, max: 1, resumeDelay: { min: 120_000, max: 1_200_000 } },
      identicalRepeats: 0,
      checkFirst: { probability: 0, latency: 200 },
    },
    incidents: [],
    report: { interval: 'none' },
    expect: {},
  };
}
