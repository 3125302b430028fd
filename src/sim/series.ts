// The time series of production signals (MODEL.md B, conditions over time): counters per interval
// [j I, (j + 1) I), each bumped at its event's instant, and the live keys sampled at each
// interval's end. Memory grows with the number of intervals, not with the run's length;
// a run that would pass MAX_INTERVALS doubles its interval (merging neighbours) instead,
// so a 1 ms interval over a day-long run cannot exhaust memory. The result says which
// interval it ended with.
import type { TimeSeries, TimeSeriesPoint } from '../model/result.js';
import type { KeyStore } from './keystore.js';
import { MAX_SERIES_INTERVALS } from '../model/scenario.js';

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
/** The most intervals a series keeps: 100,000 intervals of 10 counters is 8 MB. */
export const MAX_INTERVALS = MAX_SERIES_INTERVALS;

export class Series {
  /** counts[j * SIGNALS + signal]. */
  private counts = new Float64Array(64 * SIGNALS);
  private readonly liveKeys: number[] = [];
  private last = -1;
  /** The end of the first interval whose live keys are not sampled yet. */
  nextEnd: number;
  interval: number;

  constructor(interval: number) {
    this.interval = interval;
    this.nextEnd = interval;
  }

  /** One event of `signal` at t (an event at an infinite time has no interval and is not counted). */
  count(signal: Signal, t: number): void {
    if (!(t < Infinity)) return;
    let j = Math.floor(t / this.interval);
    while (j >= MAX_INTERVALS) j = this.coarsen(t);
    if (j > this.last) this.extend(j);
    const i = j * SIGNALS + signal;
    this.counts[i] = (this.counts[i] as number) + 1;
  }

  /** Sample the live keys at every interval end up to t (events at an end belong to the next interval). */
  catchUp(t: number, store: KeyStore | null): void {
    if (!(t < Infinity)) return;
    while (Math.floor(t / this.interval) >= MAX_INTERVALS) this.coarsen(t);
    while (this.nextEnd <= t) {
      if (store !== null) store.advance(this.nextEnd);
      this.liveKeys.push(store === null ? 0 : store.liveKeys);
      this.nextEnd += this.interval;
    }
  }

  /** The series through the interval of the last event at `end`; the store is not changed. */
  result(end: number, store: KeyStore | null): TimeSeries {
    if (!(end < Infinity)) end = Math.max(0, this.last) * this.interval;
    while (Math.floor(end / this.interval) >= MAX_INTERVALS) this.coarsen(end);
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

  /** Double the interval: neighbours merge, every second live-keys sample is kept. Returns t's new index. */
  private coarsen(t: number): number {
    // In place: interval k of the new series is intervals 2k and 2k + 1 of the old, which
    // lie at or after k, so each is read before it is overwritten. Counts past `last` are 0,
    // and 2k + 1 is inside the storage: it holds an even number of intervals (64, doubled).
    const counts = this.counts;
    const last = this.last;
    const kept = last < 0 ? -1 : last >> 1;
    for (let k = 0; k <= kept; k++) {
      for (let s = 0; s < SIGNALS; s++) {
        const from = 2 * k * SIGNALS + s;
        counts[k * SIGNALS + s] = (counts[from] as number) + (counts[from + SIGNALS] as number);
      }
    }
    counts.fill(0, (kept + 1) * SIGNALS, (last + 1) * SIGNALS);
    this.last = kept;
    const live = this.liveKeys;
    let samples = 0;
    for (let i = 1; i < live.length; i += 2) live[samples++] = live[i] as number;
    live.length = samples;
    this.interval *= 2;
    this.nextEnd = (this.liveKeys.length + 1) * this.interval;
    return Math.floor(t / this.interval);
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
