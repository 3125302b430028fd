// The time series of production signals (MODEL.md part two, B): counters per interval
// [j I, (j + 1) I), each bumped at its event's instant, and the live keys sampled at each
// interval's end. Memory grows with the number of intervals, not with the run's length.
import type { TimeSeries, TimeSeriesPoint } from '../model/result.js';
import type { KeyStore } from './keystore.js';

export const Signal = {
  arrivals: 0,
  attempts: 1,
  lookups: 2,
  conflicts: 3,
  mismatches: 4,
  dedupHits: 5,
  executions: 6,
  serverCrashes: 7,
  duplicates: 8,
  unknownOutcomes: 9,
} as const;
export type Signal = (typeof Signal)[keyof typeof Signal];
const SIGNALS = 10;

export class Series {
  /** counts[j * SIGNALS + signal]. */
  private counts = new Float64Array(64 * SIGNALS);
  private readonly liveKeys: number[] = [];
  private last = -1;
  /** The end of the first interval whose live keys are not sampled yet. */
  nextEnd: number;

  constructor(readonly interval: number) {
    this.nextEnd = interval;
  }

  /** One event of `signal` at t. */
  count(signal: Signal, t: number): void {
    const j = Math.floor(t / this.interval);
    if (j > this.last) this.extend(j);
    const i = j * SIGNALS + signal;
    this.counts[i] = (this.counts[i] as number) + 1;
  }

  /** Sample the live keys at every interval end up to t (events at an end belong to the next interval). */
  catchUp(t: number, store: KeyStore | null): void {
    while (this.nextEnd <= t) {
      if (store !== null) store.advance(this.nextEnd);
      this.liveKeys.push(store === null ? 0 : store.liveKeys);
      this.nextEnd += this.interval;
    }
  }

  /** The series through the interval of the last event at `end`; the store is not changed. */
  result(end: number, store: KeyStore | null): TimeSeries {
    const intervals = Math.floor(end / this.interval) + 1;
    if (intervals - 1 > this.last) this.extend(intervals - 1);
    while (this.liveKeys.length < intervals) {
      const at = (this.liveKeys.length + 1) * this.interval;
      this.liveKeys.push(store === null ? 0 : store.liveAt(at));
    }
    const points: TimeSeriesPoint[] = [];
    for (let j = 0; j < intervals; j++) {
      const c = (s: Signal): number => this.counts[j * SIGNALS + s] as number;
      const lookups = c(Signal.lookups);
      const per = (n: number): number => (lookups > 0 ? n / lookups : 0);
      points.push({
        t: j * this.interval,
        arrivals: c(Signal.arrivals),
        attempts: c(Signal.attempts),
        lookups,
        conflicts: c(Signal.conflicts),
        mismatches: c(Signal.mismatches),
        dedupHits: c(Signal.dedupHits),
        executions: c(Signal.executions),
        serverCrashes: c(Signal.serverCrashes),
        duplicates: c(Signal.duplicates),
        unknownOutcomes: c(Signal.unknownOutcomes),
        liveKeys: this.liveKeys[j] as number,
        conflictRate: per(c(Signal.conflicts)),
        mismatchRate: per(c(Signal.mismatches)),
        dedupHitRate: per(c(Signal.dedupHits)),
      });
    }
    return { interval: this.interval, points };
  }

  private extend(j: number): void {
    this.last = j;
    const needed = (j + 1) * SIGNALS;
    if (needed <= this.counts.length) return;
    let size = this.counts.length;
    while (size < needed) size *= 2;
    const grown = new Float64Array(size);
    grown.set(this.counts);
    this.counts = grown;
  }
}
