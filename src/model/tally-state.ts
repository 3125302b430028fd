// A run's tallies as plain data (src/sim/tally-state.ts makes and pools them): what a
// replica's part carries so that replicas run anywhere pool exactly.
import type { TimeSeries } from './result.js';

/** A Welford accumulator: count, mean and sum of squared deviations. */
export interface WelfordState {
  n: number;
  mean: number;
  m2: number;
}

/** The sums of per-unit (trials, hits) pairs behind a clustered share. */
export interface RatioState {
  n: number;
  x: number;
  y: number;
  xx: number;
  yy: number;
  xy: number;
}

/** A latency histogram: its non-empty buckets as [bucket, count] pairs, in bucket order. */
export interface HistogramState {
  count: number;
  min: number;
  max: number;
  moments: WelfordState;
  buckets: [number, number][];
}

/** Every field of a run's Tally, by kind. */
export interface TallyState {
  counts: Record<string, number>;
  welfords: Record<string, WelfordState>;
  ratios: Record<string, RatioState>;
  histograms: Record<string, HistogramState>;
}

/** The field names of a Tally by kind, which a state read from a file must have. */
export type TallyShape = { [K in keyof TallyState]: string[] };

/** What a run carries besides its tallies: the key store's peak and the time series. */
export interface RunState {
  tally: TallyState;
  store: { peakKeys: number; peakKeysAt: number } | null;
  timeSeries: TimeSeries | null;
}
