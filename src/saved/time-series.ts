// A run's time series as summary.json and the parts hold it, checked field by field and
// copied in the order of the type (the order a report writes it in).
import type { TimeSeries, TimeSeriesPoint } from '../model/result.js';
import { MAX_SERIES_INTERVALS } from '../model/scenario.js';
import { count, finite, list, object, type Reader } from './shape.js';

/** Counters are whole numbers; times and rates finite numbers; in the order of the type. */
const FIELD_READERS: Readonly<Record<keyof TimeSeriesPoint, Reader<number>>> = {
  t: finite,
  arrivals: count,
  attempts: count,
  lookups: count,
  conflicts: count,
  mismatches: count,
  dedupHits: count,
  executions: count,
  serverCrashes: count,
  duplicates: count,
  unknownOutcomes: count,
  liveKeys: count,
  conflictRate: finite,
  mismatchRate: finite,
  dedupHitRate: finite,
};

const FIELDS = Object.keys(FIELD_READERS) as (keyof TimeSeriesPoint)[];

const readPoint: Reader<TimeSeriesPoint> = (value, path) => {
  const source = object(value, path);
  const point = {} as Record<keyof TimeSeriesPoint, number>;
  for (const field of FIELDS) point[field] = FIELD_READERS[field](source[field], `${path}.${field}`);
  return point;
};

/** A time series as summary.json holds it, checked and copied in canonical order. */
export const readTimeSeries: Reader<TimeSeries> = (value, path) => {
  const source = object(value, path);
  const interval = finite(source['interval'], `${path}.interval`);
  return { interval, points: list(readPoint, MAX_SERIES_INTERVALS)(source['points'], `${path}.points`) };
};
