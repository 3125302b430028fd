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
/**
 * Node, the code, a run's fixed tallies and the garbage a run makes before Node collects
 * it: a run of the defaults, which holds next to nothing, peaks at 64 MB, and a million
 * actions whose calls each send four executions (hedges) at 92 MB; the rest is room for a
 * machine whose Node collects later than this one's (a CI machine measured 3% more).
 */
export const BASE_BYTES = 128 * 1024 ** 2;
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
/** One action in flight: its calls, timers and tallies (measured: 26,000 actions waiting to re-plan after a service crash took 103 MB). */
export const IN_FLIGHT_BYTES = 4500;
/** One execution running on the service, beside its action's (measured: 60,000 hedges more took 100 MB). */
export const EXECUTION_BYTES = 2500;

/** Drawing a report folder's charts (Vega's scene graph and SVG text), beside the results (measured: 77 MB). */
export const DRAWING_BYTES = 96 * 1024 ** 2;
/** Rasterising them to PNG as well (measured: 41 MB more). */
export const PNG_BYTES = 48 * 1024 ** 2;
/** One interval of a time series drawn on the report's charts (measured: 9 to 11 KB, 5,000 to 50,000 intervals). */
export const DRAWN_INTERVAL_BYTES = 12_000;

export interface MemoryEstimate {
  bytes: number;
  /** Live key records at the peak. */
  keys: number;
  /** Executions waiting for a service slot at the end of an overloaded run. */
  queued: number;
  /** Actions in flight at once: arrived and not yet finished, their executions included. */
  inFlight: number;
  /** Executions running on the service at once, every attempt and hedge of the calls in flight. */
  executing: number;
  /** Intervals of the run's time series, which its result keeps (0 without a series). */
  series: number;
  /** The bytes of each part; `inFlight`'s include the executions'. */
  shares: { keys: number; queued: number; inFlight: number; series: number };
}

/** The estimated peak memory of a run of `s`. */
export function estimateMemory(s: Scenario): MemoryEstimate {
  const load = loadOf(s);
  const keys = liveKeys(s, load);
  const perRecord = RECORD_BYTES + (s.keys.lease === 'none' ? 0 : LEASE_RECORD_BYTES);
  const growth = keys > RESERVED_RECORDS ? 1.5 : 1;
  const queued = queuedExecutions(s, load);
  const inFlight = actionsInFlight(s, load);
  const executing = executionsRunning(s, load);
  const series = seriesIntervals(s);
  const shares = {
    keys: keys * perRecord * growth,
    queued: queued * QUEUED_BYTES,
    inFlight: inFlight * IN_FLIGHT_BYTES + executing * EXECUTION_BYTES,
    series: series * SERIES_INTERVAL_BYTES,
  };
  const bytes = BASE_BYTES + shares.keys + shares.queued + shares.inFlight + shares.series;
  return { bytes, keys, queued, inFlight, executing, series, shares };
}

/**
 * What one action asks of the service, each at most on average:
 * - `calls`: its first call, each re-plan's and each crash replay's;
 * - `attempts`: each call's attempts and hedges;
 * - `replans`, `crashes`: the chance it re-plans, or crashes, at least once.
 * A call fails (and its action may re-plan) at most as often as callFailsAtMost says.
 * `overloaded`: a concurrency limit below what is offered, where every call times out,
 * sends all its attempts and fails, and executions queue without end.
 */
interface Load {
  calls: number;
  attempts: number;
  replans: number;
  crashes: number;
  overloaded: boolean;
  /** The share of offered executions that the service cannot take (0 when not overloaded). */
  surplus: number;
}

function loadOf(s: Scenario): Load {
  const { replan, crash } = s.agent;
  const hedges = s.client.hedge === 'none' ? 0 : s.client.hedge.max;
  const crashes = crash.max > 0 ? crash.probability : 0;
  const calls = (fails: number): number => 1 + fails * replan.probability * replan.max + crashes * crash.max;
  const usual = { calls: calls(callFailsAtMost(s)), attempts: expectedTries(s) + hedges };
  const { concurrency } = s.service;
  const capacity = concurrency === 'unlimited' ? Infinity : (concurrency * 1000) / serviceTime(s);
  const offered = peakRate(s) * usual.calls * usual.attempts;
  if (offered <= capacity) {
    return { ...usual, replans: callFailsAtMost(s) * replan.probability, crashes, overloaded: false, surplus: 0 };
  }
  const worst = { calls: calls(1), attempts: maxAttemptsPerCall(s) };
  const surplus = 1 - capacity / (peakRate(s) * worst.calls * worst.attempts);
  return { ...worst, replans: replan.probability, crashes, overloaded: true, surplus: Math.max(0, surplus) };
}

/** The highest arrival rate of the run (actions a second): the base rate or a profile's step. */
function peakRate(s: Scenario): number {
  return maxOf([s.arrivals.rate, ...s.arrivals.profile.map((step) => step.rate)]);
}

/**
 * Records live at once: the peak rate times a record's life (the retention plus the
 * median service time), no more than the run creates. Scope `attempt` mints a key per
 * attempt (hedges included), `call` one per call, the others one per action.
 */
function liveKeys(s: Scenario, load: Load): number {
  const { scope } = s.keys;
  if (scope === 'none') return 0;
  const perAction = scope === 'attempt' ? load.calls * load.attempts : scope === 'call' ? load.calls : 1;
  const life = s.keys.retention + s.service.latency.median;
  return Math.min(s.actions, (peakRate(s) * life) / 1000) * perAction;
}

/**
 * Expected tries of one call when every try fails independently with chance q (a timeout,
 * a lost request or reply, an error): 1 + q + ... + q^(tries - 1).
 */
function expectedTries(s: Scenario): number {
  const q = failureShare(s);
  // Retry layers multiply the tries: a layer retries only a call whose every try failed.
  const tries = sequentialTries(s);
  return q >= 1 ? tries : (1 - q ** tries) / (1 - q);
}

/**
 * Actions in flight at once, an upper bound: the peak arrival rate times E[min(L, D)], where
 * L is how long an action lasts and D how long arrivals go on (Little's law while L is short
 * against the run; in a run shorter than its actions' lives, only the actions arrived so far
 * are in flight). L is a sum of parts, and E[min(L, D)] is at most the sum over the parts of
 * (the chance a part happens) x min(D, its mean length when it happens):
 * - calling: every attempt and hedge of each call, at the mean service time (an execution
 *   outlives the client's timeout, and the action lasts while any of its executions runs);
 * - re-planning: after a call that failed, each re-plan at the middle of its delay;
 * - resuming: after a crash, each resume at the middle of its delay.
 * The service time is at the worst incident's latency factor. An overloaded service keeps
 * every action in flight.
 */
function actionsInFlight(s: Scenario, load: Load): number {
  if (load.overloaded) return s.actions;
  const { replan, crash } = s.agent;
  const arriving = arrivalSpan(s);
  const calling = Math.min(arriving, load.calls * load.attempts * serviceTime(s));
  const replanning = load.replans * Math.min(arriving, replan.max * mid(replan.delay));
  const resuming = load.crashes * Math.min(arriving, crash.max * mid(crash.resumeDelay));
  return Math.min(s.actions, (peakRate(s) * (calling + replanning + resuming)) / 1000);
}

/**
 * Executions running at once, an upper bound by Little's law: executions start at a rate
 * and each runs for the mean service time. First calls start as actions arrive (at most
 * the peak rate, over at most the arrival span); the calls after them (re-plans, crash
 * replays) start a delay later, spread over the delay's range, so their starts are no
 * denser than the arrivals' times the arrival span over that range (at most 1). Each call
 * runs every attempt and hedge. No more than the run sends. An overloaded service runs
 * only its slots; the rest wait (queued).
 */
function executionsRunning(s: Scenario, load: Load): number {
  const sent = s.actions * load.calls * load.attempts;
  if (load.overloaded) return Math.min(sent, s.service.concurrency === 'unlimited' ? sent : s.service.concurrency);
  const arriving = arrivalSpan(s);
  const running = serviceTime(s);
  const spread = Math.min(1, arriving / narrowestDelay(s));
  const starts = Math.min(arriving, running) + (load.calls - 1) * spread * running;
  return Math.min(sent, (peakRate(s) * load.attempts * starts) / 1000);
}

/** The narrowest range (ms) of the delays before a later call: a re-plan's, a resume's. */
function narrowestDelay(s: Scenario): number {
  const { replan, crash } = s.agent;
  const width = (range: { min: number; max: number }): number => range.max - range.min;
  const replans = replan.probability > 0 && replan.max > 0 ? width(replan.delay) : Infinity;
  const resumes = crash.probability > 0 && crash.max > 0 ? width(crash.resumeDelay) : Infinity;
  return Math.min(replans, resumes);
}

/** How long actions keep arriving, ms: the profile's last step, or the actions at the base rate. */
function arrivalSpan(s: Scenario): number {
  const lastStep = s.arrivals.profile.at(-1);
  return lastStep !== undefined ? lastStep.until : (1000 * s.actions) / s.arrivals.rate;
}

/**
 * An upper bound on the chance that a call fails (and its action may re-plan): every try
 * failing on its own; with keys, a first try late (its retries may all meet a 409 while it
 * still runs); a crash of the service; with business keys, an identical repeat (a 409 while
 * the previous repeat's execution holds the key).
 */
function callFailsAtMost(s: Scenario): number {
  const { median, sigma } = s.service.latency;
  const keyed = s.keys.scope !== 'none';
  const late = keyed ? pSlow(median, sigma, s.client.timeout) : 0;
  const repeats = s.keys.scope === 'business' ? s.agent.identicalRepeats : 0;
  const crashes = s.service.crash.probability + s.service.failure.probability;
  return Math.min(1, failureShare(s) ** sequentialTries(s) + late + repeats + crashes);
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
 * Executions waiting for a service slot at the end of an overloaded run: the surplus share
 * of every execution its actions offer, each call's attempts and hedges, every layer's.
 */
function queuedExecutions(s: Scenario, load: Load): number {
  return load.overloaded ? s.actions * load.calls * load.attempts * load.surplus : 0;
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
