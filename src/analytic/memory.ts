// How much memory a run will need, estimated before it starts from the scenario alone, so a
// run that would outgrow the machine is refused in a second instead of dying an hour in.
// Two things grow with a run: the key store (live records, from the rate, the retention
// and the key scope) and, when the service is slower than the arrivals, the executions
// waiting for a free slot under `service.concurrency`. The byte costs are the simulator's
// own, measured (docs/reference/performance.md); the estimate errs towards more.
import { DEFAULT_SERIES_INTERVAL, MAX_SERIES_INTERVALS, type Scenario } from '../model/scenario.js';
import { pSlow } from './inputs.js';
import { maxAttemptsPerCall } from './spans.js';
import { maxOf, minOf } from '../stats/extent.js';

/** The ceiling a run's estimate must stay under unless `--max-memory` raises it: 1 GB. */
export const DEFAULT_MAX_MEMORY = 1e9;
/** Node, the code and a run's fixed tallies, measured with no key store. */
export const BASE_BYTES = 64 * 1024 ** 2;
/** One live key record: its columns, its slot in the key index and the expiry FIFO. */
export const RECORD_BYTES = 80;
/** With a lease, each record also keeps who committed on it. */
export const LEASE_RECORD_BYTES = 160;
/** Records the store reserves up front; past them its columns grow, briefly twice over. */
const RESERVED_RECORDS = 1 << 23;
/** One execution waiting for a service slot, with its call's pending timer. */
export const QUEUED_BYTES = 900;
/** One interval of a run's time series, as its result keeps it (measured: 100 runs of 100,000 took 2.2 GB). */
export const SERIES_INTERVAL_BYTES = 220;
/** One action in flight: its calls, executions, timers and tallies (measured: 200,000 in flight took 980 MB). */
export const IN_FLIGHT_BYTES = 5000;

export interface MemoryEstimate {
  bytes: number;
  /** Live key records at the peak. */
  keys: number;
  /** Executions waiting for a service slot at the end of an overloaded run. */
  queued: number;
  /** Actions in flight at once: arrived and not yet finished, their executions included. */
  inFlight: number;
  /** Intervals of the run's time series, which its result keeps (0 without a series). */
  series: number;
  /** The bytes of each of the four, in the order above. */
  shares: { keys: number; queued: number; inFlight: number; series: number };
}

/** The estimated peak memory of a run of `s`. */
export function estimateMemory(s: Scenario): MemoryEstimate {
  const attempts = attemptsPerCall(s);
  const keys = liveKeys(s, attempts);
  const perRecord = RECORD_BYTES + (s.keys.lease === 'none' ? 0 : LEASE_RECORD_BYTES);
  const growth = keys > RESERVED_RECORDS ? 1.5 : 1;
  const queued = queuedExecutions(s);
  const inFlight = actionsInFlight(s, attempts);
  const series = seriesIntervals(s);
  const shares = {
    keys: keys * perRecord * growth,
    queued: queued * QUEUED_BYTES,
    inFlight: inFlight * IN_FLIGHT_BYTES,
    series: series * SERIES_INTERVAL_BYTES,
  };
  const bytes = BASE_BYTES + shares.keys + shares.queued + shares.inFlight + shares.series;
  return { bytes, keys, queued, inFlight, series, shares };
}

/**
 * The intervals of the run's time series: its span (the actions at the slowest arrival
 * rate the run has) over the interval, at most MAX_SERIES_INTERVALS; none without a series.
 */
function seriesIntervals(s: Scenario): number {
  const named = s.report.interval;
  const any = s.arrivals.profile.length > 0 || s.incidents.length > 0;
  const interval = named === 'none' ? (any ? DEFAULT_SERIES_INTERVAL : 0) : named;
  if (interval === 0) return 0;
  const slowest = minOf([s.arrivals.rate, ...s.arrivals.profile.map((step) => step.rate).filter((rate) => rate > 0)]);
  const span = (s.actions / slowest) * 1000;
  return Math.min(MAX_SERIES_INTERVALS, Math.ceil(span / interval) + 1);
}

/** The highest arrival rate of the run (actions a second): the base rate or a profile's step. */
function peakRate(s: Scenario): number {
  return maxOf([s.arrivals.rate, ...s.arrivals.profile.map((step) => step.rate)]);
}

/**
 * Records live at once: the peak rate times a record's life (the retention plus the
 * median service time), no more than the run creates. Scope `attempt` mints a key per
 * attempt; the others about one per action.
 */
function liveKeys(s: Scenario, attempts: number): number {
  if (s.keys.scope === 'none') return 0;
  const perAction = s.keys.scope === 'attempt' ? attempts : 1;
  const life = s.keys.retention + s.service.latency.median;
  return Math.min(s.actions, (peakRate(s) * life) / 1000) * perAction;
}

/**
 * Expected attempts of one call when every attempt fails independently with chance q (a
 * timeout, a lost request or reply, an error): 1 + q + ... + q^retries.
 */
function attemptsPerCall(s: Scenario): number {
  const q = failureShare(s);
  // Retry layers multiply the tries: a layer retries only a call whose every try failed.
  const tries = sequentialTries(s);
  return q >= 1 ? tries : (1 - q ** tries) / (1 - q);
}

/**
 * Actions in flight at once by Little's law: the peak rate times how long an action lasts,
 * no more than the run has. An action lasts while any of its executions runs on the
 * service (a slow one outlives the client's timeout), while it waits to re-plan, and while
 * a crashed run waits to resume. Each part is taken at its expectation, with the service
 * time at the worst incident's latency factor.
 */
function actionsInFlight(s: Scenario, attempts: number): number {
  const service = serviceTime(s);
  const hedges = s.client.hedge === 'none' ? 0 : s.client.hedge.max;
  const calling = (attempts + hedges) * service;
  const { replan, crash } = s.agent;
  // A re-plan follows a call whose every attempt failed.
  const callFails = failureShare(s) ** sequentialTries(s);
  const replanning = callFails * replan.probability * replan.max * mid(replan.delay);
  const crashes = crash.probability >= 1 ? crash.max : Math.min(crash.max, crash.probability / (1 - crash.probability));
  const resuming = crashes * mid(crash.resumeDelay);
  const span = calling + replanning + resuming;
  return Math.min(s.actions, (peakRate(s) * span) / 1000);
}

/** The tries of a call one after another: the client's, times each retry layer's. */
function sequentialTries(s: Scenario): number {
  return s.client.layers.reduce((n, layer) => n * (layer.retries + 1), s.client.retries + 1);
}

/** The mean service time (ms), at the worst incident's latency factor. */
function serviceTime(s: Scenario): number {
  const { median, sigma } = s.service.latency;
  const factor = maxOf([1, ...s.incidents.map((incident) => incident.latencyFactor ?? 1)]);
  return median * Math.exp((sigma * sigma) / 2) * factor;
}

const mid = (range: { min: number; max: number }): number => (range.min + range.max) / 2;

/** The chance an attempt fails: late, an error, or its request or reply lost (a sum, so at most 1). */
function failureShare(s: Scenario): number {
  const { median, sigma } = s.service.latency;
  const late = pSlow(median, sigma, s.client.timeout);
  return Math.min(1, late + s.service.errorRate + s.network.requestLoss + s.network.replyLoss);
}

/**
 * With a concurrency limit the service completes at most `concurrency / mean service time`
 * executions a second. Offered more, the surplus queues: every call then times out, so
 * each sends all its attempts, and the queue ends holding the surplus share of them.
 */
function queuedExecutions(s: Scenario): number {
  const { concurrency } = s.service;
  if (concurrency === 'unlimited') return 0;
  const capacity = (concurrency * 1000) / serviceTime(s);
  // Each retry or hedge is another execution, every layer's.
  const tries = maxAttemptsPerCall(s);
  const offered = peakRate(s) * tries;
  if (offered <= capacity) return 0;
  return s.actions * tries * (1 - capacity / offered);
}
