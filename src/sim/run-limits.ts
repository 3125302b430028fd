// Limits a run checks as it goes, so that no scenario the loader accepts runs for ever. The
// loader caps one client call's attempts (retries and hedges at most 100 each); retry
// layers (up to 5, each up to 100 retries), re-plans and crashes multiply calls, so one
// action may still send far more attempts than that. Two limits
// stop such a retry storm: the attempts of one action, and the events of the run per
// action arrived so far (the defaults take about 1.1 attempts and 4 events an action). The
// core says which limit stopped it and where; the commands turn that into one line, exit 2.
import { formatCount } from '../format/format.js';

/** Attempts one action may send, over all its calls, re-plans and crash replays. */
export const MAX_ATTEMPTS_PER_ACTION = 500;

/** Events a run may take per action that has arrived, averaged over the run so far. */
export const EVENTS_PER_ACTION = 1_000;
/** Events any run may take, whatever its actions: a second or two of work. */
export const MIN_EVENTS = 2_000_000;
/** The limit is checked every 65,536 events, so checking costs nothing a profile could see. */
export const CHECK_EVERY = 0xffff;
/**
 * The first check, at the 2,048th event, comes while the engine is still learning how the
 * event loop runs, so the loop it optimizes expects the check: a first check only after
 * that made it drop back to unoptimized code for some 17,000 actions.
 */
export const CHECK_AT = 0x800;

/**
 * What a run holds at one moment, told to SimulateOptions.onLive at every limit check (every
 * 65,536 events): the counts its memory grows with. The caller may stop the run by throwing.
 */
export interface LiveCounts {
  /** Actions arrived so far, and of them those counted (closed): the rest are in flight. */
  arrived: number;
  closed: number;
  /** Live key records. */
  keys: number;
  /** Executions waiting for a service slot. */
  waiting: number;
  /** Events scheduled and not yet handled. */
  events: number;
}

/** Whether `events` handled once `arrived` actions have arrived is past the limit. */
export function overEventLimit(events: number, arrived: number): boolean {
  return events > MIN_EVENTS && events > EVENTS_PER_ACTION * arrived;
}

const FIX =
  'its calls repeat almost without end; lower client.retries, client.hedge.max, the retries of client.layers, ' +
  'agent.replan.max, agent.crash.max or the loss and error rates';

/** A run stopped by a limit: what the command says, without a stack trace. */
export class RunLimitError extends Error {
  override name = 'RunLimitError';

  constructor(readonly what: string) {
    super(`${what}: ${FIX}`);
  }

  /** The same stop, with the scenario it came from in front. */
  of(scenario: string): RunLimitError {
    return new RunLimitError(`scenario ${JSON.stringify(scenario)}: ${this.what}`);
  }
}

/** The events limit, passed at `events` with `arrived` of `actions` actions arrived. */
export function eventsExceeded(events: number, arrived: number, actions: number): RunLimitError {
  return new RunLimitError(
    `the run stopped after ${formatCount(events)} events with ${formatCount(arrived)} of ${formatCount(actions)} ` +
      `actions arrived, over the limit of ${formatCount(EVENTS_PER_ACTION)} events an action ` +
      `(past the first ${formatCount(MIN_EVENTS)})`,
  );
}

/** The attempts limit, passed by action `id`. */
export function attemptsExceeded(id: number): RunLimitError {
  return new RunLimitError(
    `the run stopped when action ${formatCount(id + 1)} sent more than ` +
      `${formatCount(MAX_ATTEMPTS_PER_ACTION)} attempts, the limit for one action`,
  );
}
