// simulate(scenario) -> RunResult: the event loop of MODEL.md. Pure: no I/O, no clock,
// no ambient randomness; the same scenario always gives the same result.
import type { RunState } from '../model/tally-state.js';
import { tallyState } from './tally-state.js';
import type { Scenario } from '../model/scenario.js';
import type { DetailedRunResult, RunResult } from '../model/result.js';
import {
  callDue,
  onArrival,
  onAttemptTimeout,
  onExecutionEnd,
  onHedge,
  onLayerAttempt,
  onLayerTimer,
  onPlainCommit,
  onRead,
  onSend,
} from './lifecycle.js';
import { scheduleFirstArrival } from './arrivals.js';
import { awaits, hedgeDue, layerDue } from './timers.js';
import { Sim, paramsOf } from './state.js';
import type { Series } from './series.js';
import { EventKind, type Hedge, type Layered, type SimEvent } from './events.js';
import type { KeyOp } from '../model/keyops.js';
import { detailOf, measure } from './measure.js';
import { CHECK_AT, CHECK_EVERY, type LiveCounts, RunLimitError, eventsExceeded, overEventLimit } from './run-limits.js';
import type { TraceOptions } from './trace.js';

export interface SimulateOptions {
  /** Told how many actions have arrived, every 16,384 actions (for a progress bar). */
  onProgress?: (done: number, total: number) => void;
  /**
   * Told what the run holds (live keys, actions in flight, waiting executions, pending
   * events) every 65,536 events; a caller that throws stops the run (a memory guard).
   */
  onLive?: (live: LiveCounts) => void;
  /** Told every key-store operation (lookup, commit, rollback) in the order the service made them. */
  onKeyOp?: (op: KeyOp) => void;
  /**
   * false: every action takes the full event path, none the plain fast path (plain.ts). The
   * results are the same either way; tests compare the two.
   */
  plain?: boolean;
}

export interface DetailOptions extends SimulateOptions {
  /** Which actions to trace attempt by attempt for the timeline picture. */
  trace: TraceOptions;
}

/** The metrics of a run; with `trace`, also what the report's charts draw. */
export function simulate(scenario: Scenario, options?: SimulateOptions): RunResult;
export function simulate(scenario: Scenario, options: DetailOptions): DetailedRunResult;
export function simulate(scenario: Scenario, options: SimulateOptions & { trace?: TraceOptions } = {}): RunResult {
  const sim = ran(scenario, options);
  const result = measure(sim, scenario);
  if (sim.tracer === null) return result;
  const detailed: DetailedRunResult = { ...result, detail: detailOf(sim) };
  return detailed;
}

/**
 * A run's result beside its tallies as data (tally-state.ts): what a replica carries to
 * `idemsim merge`, to be pooled with the other replicas'.
 */
export function simulateWithState(
  scenario: Scenario,
  options: SimulateOptions = {},
): { result: RunResult; state: RunState } {
  return resultAndState(ran(scenario, options), scenario);
}

/** The result and tallies of `sim`, a run of `scenario` that has ended. */
export function resultAndState(sim: Sim, scenario: Scenario): { result: RunResult; state: RunState } {
  const store = sim.store === null ? null : { peakKeys: sim.store.peakKeys, peakKeysAt: sim.store.peakKeysAt };
  return { result: measure(sim, scenario), state: { tally: tallyState(sim.tally), store, timeSeries: sim.timeSeries } };
}

/** A simulation of `scenario`, run to its end. */
function ran(scenario: Scenario, options: SimulateOptions & { trace?: TraceOptions }): Sim {
  const sim = new Sim(paramsOf(scenario), scenario.arrivals.rate, options);
  try {
    run(sim);
  } catch (error) {
    throw error instanceof RunLimitError ? error.of(scenario.name) : error;
  }
  return sim;
}

/** Runs the event loop of `sim` until no event is left. */
export function run(sim: Sim): void {
  const queue = sim.queue;
  const store = sim.store;
  const timeline = sim.timeline;
  const series = sim.series;
  scheduleFirstArrival(sim);
  let last = 0;
  let events = 0;
  for (let event = queue.pop(); event !== undefined; event = queue.pop()) {
    if ((++events & CHECK_EVERY) === CHECK_AT) {
      if (overEventLimit(events, sim.nextAction)) throw eventsExceeded(events, sim.nextAction, sim.p.actions);
      if (sim.onLive !== null) sim.onLive(liveCounts(sim));
    }
    const t = event.t;
    // A hedge timer whose call is over (or whose attempt left early) is no event at all:
    // it moves no clock the report reads, so the key-store picture ends with the last event.
    if ((event.kind === EventKind.hedge || event.kind >= EventKind.layerSend) && !acts(event)) {
      queue.release(event);
      continue;
    }
    if (series !== null) {
      if (t >= series.nextEnd) sampleBoth(t, timeline, series, store);
      if (acts(event)) last = t;
    }
    if (store !== null) {
      if (timeline !== null && t >= timeline.next) timeline.catchUp(t, store);
      store.advance(t);
    }
    switch (event.kind) {
      case EventKind.arrival:
        onArrival(sim, t);
        break;
      case EventKind.send:
        onSend(sim, event.call, event.k, t);
        break;
      case EventKind.timeout:
        onAttemptTimeout(sim, event.call, event.k, t);
        break;
      case EventKind.commit:
        onExecutionEnd(sim, event.exec, t);
        break;
      case EventKind.callStart:
        callDue(sim, event.call, t);
        break;
      case EventKind.read:
        onRead(sim, event.call, t);
        break;
      case EventKind.hedge:
        onHedge(sim, event.call, event.k, t);
        break;
      case EventKind.plainCommit:
        onPlainCommit(sim, event);
        break;
      case EventKind.layerSend:
        onLayerAttempt(sim, event.call, event.k, event.at, t);
        break;
      case EventKind.layerTimeout:
        onLayerTimer(sim, event.call, event.k, event.at, t);
        break;
    }
    // Handlers read what they need from the event and keep no reference to it.
    queue.release(event);
  }
  if (series !== null) sim.timeSeries = series.result(last, store);
  if (store !== null) store.finish();
}

/** What `sim` holds now. */
function liveCounts(sim: Sim): LiveCounts {
  return {
    arrived: sim.nextAction,
    closed: sim.tally.duplicatesPerAction.n,
    keys: sim.store === null ? 0 : sim.store.liveKeys,
    waiting: sim.waiting.length - sim.waitingHead,
    events: sim.queue.size,
  };
}

/** A client timer that finds its attempt over, or a hedge timer its call done, did nothing: it ends no interval. */
function acts(event: SimEvent): boolean {
  if (event.kind === EventKind.timeout) return awaits(event.call, event.k);
  if (event.kind === EventKind.hedge) return hedgeDue(event.call.hedge as Hedge, event.k);
  if (event.kind === EventKind.layerSend || event.kind === EventKind.layerTimeout) {
    return layerDue(event.call.layered as Layered, event.k, event.at);
  }
  return true;
}

/**
 * The time series' interval ends and the key-store picture's sample points up to t, in
 * time order, so that neither reads a store the other has already advanced past its instant.
 */
function sampleBoth(t: number, timeline: Sim['timeline'], series: Series, store: Sim['store']): void {
  if (timeline === null || store === null) {
    series.catchUp(t, store);
    return;
  }
  for (;;) {
    const next = Math.min(timeline.next, series.nextEnd);
    if (next > t) return;
    if (timeline.next <= series.nextEnd) timeline.catchUp(timeline.next, store);
    else series.catchUp(series.nextEnd, store);
  }
}
