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
/** Real clients' jitter (part two, D): the capped delay times U(lo, hi), 0 <= lo <= hi. */
export interface ProportionalJitter {
  proportional: [number, number];
}

/** A jitter word, or the proportional shape. */
export type JitterSpec = Jitter | ProportionalJitter;

export function isProportional(j: JitterSpec): j is ProportionalJitter {
  return typeof j === 'object';
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

/** One step of `arrivals.profile`: the rate (actions/s) until `until` (ms from time 0). */
export interface ProfileStep {
  until: number;
  rate: number;
}

/**
 * A window [at, at + for) that changes the service or the network (MODEL.md part two, B).
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
    /** Piecewise-constant rate from time 0 (part two, B); empty: the base rate throughout. */
    profile: ProfileStep[];
  };
  service: {
    latency: { median: number; sigma: number };
    errorRate: number;
    /** Executions at once; `'unlimited'` means no queue. */
    concurrency: number | 'unlimited';
    /** The service's own worker dying mid-execution (part two, A). */
    crash: { probability: number; afterEffect: number };
  };
  network: { requestLoss: number; replyLoss: number };
  client: {
    timeout: number;
    retries: number;
    /** `floor` (part two, D): no backoff below it, after the jitter. */
    backoff: { base: number; multiplier: number; max: number; jitter: JitterSpec; floor: number };
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
    /** Effect and record in one transaction (part two, A). */
    transactional: boolean;
    /** A `running` record older than this is taken over; `'none'`: never. */
    lease: number | 'none';
    leaseRenewal: boolean;
  };
  agent: {
    replan: { probability: number; max: number; delay: Range; argsChange: number };
    crash: { probability: number; max: number; resumeDelay: Range };
    identicalRepeats: number;
    /** A read of the business identity before a re-plan or replay call (part two, C). */
    checkFirst: { probability: number; latency: number };
  };
  /** Windows that change conditions (part two, B), in file order (the last listed wins). */
  incidents: Incident[];
  /**
   * The time series' interval (part two, B); `'none'`: a series only for a scenario with a
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
    },
    network: { requestLoss: 0, replyLoss: 0.02 },
    client: {
      timeout: 1000,
      retries: 3,
      backoff: { base: 100, multiplier: 2, max: 10_000, jitter: 'full', floor: 0 },
      deadline: 'none',
    },
    keys: {
      scope: 'none',
      retention: 3_600_000,
      claim: 'atomic',
      raceWindow: 5,
      fingerprint: true,
      recordBytes: 200,
      transactional: false,
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

/**
 * A copy with keys in one fixed order (the order of the type, `expect:` in catalogue order),
 * built field by field so that serialised output never depends on the order in which a
 * loader filled the object; typed as Scenario, so the compiler flags a field added to the type.
 * The part-two fields (crashes, leases, profile, incidents, checkFirst, report) are written
 * only where they differ from the default, so a scenario that uses none of them serialises
 * exactly as it did before they existed; a reader fills them back from the defaults.
 */
export function canonicalScenario(s: Scenario): Scenario {
  const d = defaultScenario();
  const out = {
    name: s.name,
    description: s.description,
    seed: s.seed,
    actions: s.actions,
    arrivals: { rate: s.arrivals.rate, profile: s.arrivals.profile.map((p) => ({ until: p.until, rate: p.rate })) },
    service: {
      latency: { median: s.service.latency.median, sigma: s.service.latency.sigma },
      errorRate: s.service.errorRate,
      concurrency: s.service.concurrency,
      crash: { probability: s.service.crash.probability, afterEffect: s.service.crash.afterEffect },
    },
    network: { requestLoss: s.network.requestLoss, replyLoss: s.network.replyLoss },
    client: {
      timeout: s.client.timeout,
      retries: s.client.retries,
      backoff: {
        base: s.client.backoff.base,
        multiplier: s.client.backoff.multiplier,
        max: s.client.backoff.max,
        jitter: jitterCopy(s.client.backoff.jitter),
        floor: s.client.backoff.floor,
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
      transactional: s.keys.transactional,
      lease: s.keys.lease,
      leaseRenewal: s.keys.leaseRenewal,
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
      checkFirst: { probability: s.agent.checkFirst.probability, latency: s.agent.checkFirst.latency },
    },
    incidents: s.incidents.map(incident),
    report: { interval: s.report.interval },
    expect: inCatalogueOrder(s.expect, bound),
  };
  const omit = (node: object, key: string, fallback: unknown): void => {
    const record = node as Record<string, unknown>;
    if (JSON.stringify(record[key]) === JSON.stringify(fallback)) delete record[key];
  };
  omit(out.client.backoff, 'floor', d.client.backoff.floor);
  omit(out.arrivals, 'profile', d.arrivals.profile);
  omit(out.service, 'crash', d.service.crash);
  omit(out.keys, 'transactional', d.keys.transactional);
  omit(out.keys, 'lease', d.keys.lease);
  omit(out.keys, 'leaseRenewal', d.keys.leaseRenewal);
  omit(out.agent, 'checkFirst', d.agent.checkFirst);
  omit(out, 'incidents', d.incidents);
  omit(out, 'report', d.report);
  return out;
}

function jitterCopy(j: JitterSpec): JitterSpec {
  return isProportional(j) ? { proportional: [j.proportional[0], j.proportional[1]] } : j;
}

/** An incident with its members in a fixed order; absent members stay absent. */
function incident(i: Incident): Incident {
  const out: Incident = { at: i.at, for: i.for };
  if (i.latencyFactor !== undefined) out.latencyFactor = i.latencyFactor;
  if (i.errorRate !== undefined) out.errorRate = i.errorRate;
  if (i.requestLoss !== undefined) out.requestLoss = i.requestLoss;
  if (i.replyLoss !== undefined) out.replyLoss = i.replyLoss;
  return out;
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
