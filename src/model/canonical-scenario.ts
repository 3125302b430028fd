// The scenario in one fixed key order, for everything that serialises it (JSON, YAML, the
// report's resolved scenario): built field by field, part-two fields only where they differ
// from their default.
import { inCatalogueOrder } from './metrics.js';
import {
  type Bound,
  type BudgetSpec,
  type HedgeSpec,
  type Incident,
  type JitterSpec,
  type Range,
  type Scenario,
  type ThrottleSpec,
  defaultScenario,
  isProportional,
} from './scenario.js';

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
      preset: s.client.preset,
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
      throttle: throttleCopy(s.client.throttle),
      budget: budgetCopy(s.client.budget),
      hedge: hedgeCopy(s.client.hedge),
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
  omit(out.client, 'preset', d.client.preset);
  omit(out.client.backoff, 'floor', d.client.backoff.floor);
  omit(out.client, 'throttle', d.client.throttle);
  omit(out.client, 'budget', d.client.budget);
  omit(out.client, 'hedge', d.client.hedge);
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

function throttleCopy(t: ThrottleSpec | 'none'): ThrottleSpec | 'none' {
  if (t === 'none') return t;
  return { capacity: t.capacity, retryCost: t.retryCost, timeoutCost: t.timeoutCost, successRefill: t.successRefill };
}

function budgetCopy(b: BudgetSpec | 'none'): BudgetSpec | 'none' {
  return b === 'none' ? b : { percent: b.percent, minConcurrency: b.minConcurrency };
}

function hedgeCopy(h: HedgeSpec | 'none'): HedgeSpec | 'none' {
  return h === 'none' ? h : { after: h.after, max: h.max };
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
