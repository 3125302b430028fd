// A run's tallies as plain data, to be carried to another process (a replica's part) and
// pooled with other runs' tallies: counts add, peaks take the largest, streaming moments
// and ratio sums pool exactly, histograms add bucket by bucket. Pooled tallies measure as
// one run of all their actions would, so every metric and interval of a merged run comes
// from the same code as a single run's (measure.ts).
import type { TimeSeries, TimeSeriesPoint } from '../model/result.js';
import type { RunState, TallyShape, TallyState } from '../model/tally-state.js';
import { Histogram } from '../stats/histogram.js';
import { RatioMoments } from '../stats/ratio.js';
import { Welford } from '../stats/welford.js';
import type { Measured } from './measure.js';
import { Signal } from './series.js';
import { Tally } from './tally.js';
import { maxOf } from '../stats/extent.js';

/** Counts that are peaks, not sums: pooled runs ran side by side, so the largest is the peak. */
const PEAKS: ReadonlySet<string> = new Set(['peakConcurrency', 'maxCallAttempts']);

type Field = number | Welford | RatioMoments | Histogram;

function fields(tally: Tally): [string, Field][] {
  return Object.entries(tally) as [string, Field][];
}

export function tallyState(tally: Tally): TallyState {
  const state: TallyState = { counts: {}, welfords: {}, ratios: {}, histograms: {} };
  for (const [name, value] of fields(tally)) {
    if (typeof value === 'number') state.counts[name] = value;
    else if (value instanceof Welford) state.welfords[name] = value.state();
    else if (value instanceof RatioMoments) state.ratios[name] = value.state();
    else state.histograms[name] = value.state();
  }
  return state;
}

/** The field names a state must have, by kind, as a fresh Tally has them. */
export function tallyShape(): TallyShape {
  return {
    counts: fields(new Tally()).flatMap(([name, v]) => (typeof v === 'number' ? [name] : [])),
    welfords: fields(new Tally()).flatMap(([name, v]) => (v instanceof Welford ? [name] : [])),
    ratios: fields(new Tally()).flatMap(([name, v]) => (v instanceof RatioMoments ? [name] : [])),
    histograms: fields(new Tally()).flatMap(([name, v]) => (v instanceof Histogram ? [name] : [])),
  };
}

/** A run's tallies rebuilt from their state. */
export function tallyFromState(state: TallyState): Tally {
  return poolTallies([state]);
}

/** The tallies of several runs as one: each state added in turn to an empty Tally. */
export function poolTallies(states: readonly TallyState[]): Tally {
  const pooled = new Tally();
  const target = pooled as unknown as Record<string, Field>;
  for (const state of states) {
    for (const [name, value] of Object.entries(state.counts)) {
      const before = target[name] as number;
      target[name] = PEAKS.has(name) ? Math.max(before, value) : before + value;
    }
    for (const [name, value] of Object.entries(state.welfords))
      (target[name] as Welford).merge(Welford.fromState(value));
    for (const [name, value] of Object.entries(state.ratios)) {
      (target[name] as RatioMoments).merge(RatioMoments.fromState(value));
    }
    for (const [name, value] of Object.entries(state.histograms)) {
      (target[name] as Histogram).merge(Histogram.fromState(value));
    }
  }
  return pooled;
}

/** Several runs' states pooled, ready to measure. */
export function poolRuns(runs: readonly RunState[]): Measured {
  const tally = poolTallies(runs.map((r) => r.tally));
  let store: Measured['store'] = null;
  for (const run of runs) {
    if (run.store !== null && (store === null || run.store.peakKeys > store.peakKeys)) store = { ...run.store };
  }
  const series = runs.flatMap((r) => (r.timeSeries === null ? [] : [r.timeSeries]));
  return { tally, store, timeSeries: series.length === 0 ? null : sumSeries(series) };
}

/** The counted signals of a time series point (series.ts), which add across runs. */
const COUNTED = Object.keys(Signal) as (keyof typeof Signal)[];

/**
 * Time series of runs side by side (each run's clock from 0): counts and live keys add
 * window by window, and the shares are recomputed from the sums. A run whose series was
 * coarsened to a longer window (a long run) sets the window for all: the others' windows
 * join theirs, keeping each joined window's last live-keys sample, as coarsening does.
 */
function sumSeries(all: readonly TimeSeries[]): TimeSeries {
  const interval = maxOf(all.map((s) => s.interval));
  const byT = new Map<number, TimeSeriesPoint>();
  for (const series of all) {
    const own = new Map<number, TimeSeriesPoint>();
    for (const point of series.points) {
      const t = Math.floor(point.t / interval) * interval;
      const bin = own.get(t);
      if (bin === undefined) own.set(t, { ...point, t });
      else {
        for (const key of COUNTED) bin[key] += point[key];
        bin.liveKeys = point.liveKeys;
      }
    }
    for (const [t, point] of own) {
      const sum = byT.get(t);
      if (sum === undefined) byT.set(t, point);
      else for (const key of [...COUNTED, 'liveKeys'] as const) sum[key] += point[key];
    }
  }
  const points = [...byT.values()].sort((a, b) => a.t - b.t);
  for (const p of points) {
    p.conflictRate = p.lookups > 0 ? p.conflicts / p.lookups : 0;
    p.mismatchRate = p.lookups > 0 ? p.mismatches / p.lookups : 0;
    p.dedupHitRate = p.lookups > 0 ? p.dedupHits / p.lookups : 0;
  }
  return { interval, points };
}
