// A run's metrics and intervals as a saved file holds them: every metric of the catalogue
// by its dotted name, each optional group only where the run's scenario carries it. The one
// reader `report` (summaries), `diff` (saved runs) and `merge` (parts) share: every value
// within its metric's range, every name one of the catalogue's (or, for `diff`, ignored).
import {
  CLIENT_METRICS,
  LAYER_METRICS,
  HANDLER_METRICS,
  EXTENDED_METRICS,
  METRIC_NAMES,
  metricUnit,
} from '../model/metrics.js';
import { type Carried } from '../model/metric-types.js';
import { HISTOGRAM_LIMIT_MS, isQuantile } from '../stats/histogram.js';
import { type Interval, type Metrics } from '../model/result.js';
import { canonicalMetrics } from '../model/canonical.js';
import { type Reader, ShapeError, describe, isObject, list, numberOrNull, object } from './shape.js';

export interface MetricsReading {
  /**
   * A metric the document lacks: an error, or not available (NaN, which every output shows
   * as "n/a" or an empty cell). Saved summaries and baselines outlive idemsim versions, and
   * `report` and `diff` read ones written before a metric existed; a part is merged only
   * with parts of its own version.
   */
  absent: 'error' | 'nan';
  /** A member that is no metric of the catalogue: refused (`report`, `merge`), or ignored (`diff` reads only what it compares). */
  unknown: 'refuse' | 'ignore';
  /**
   * The optional groups the run's scenario carries; when the caller cannot tell, a group is
   * read when the document carries any metric of it. A group not carried is left out, as the
   * document's writer left it out.
   */
  carried?: Carried;
  /** Non-finite values by name ("Infinity"; null for NaN), as a part writes them; else null for any. */
  named?: boolean;
}

const KNOWN = new Set(METRIC_NAMES);
const NOT_A_METRIC = 'not a metric of this idemsim (docs/reference/metrics.md lists them)';

/** Every metric of the catalogue, as a number (null for a non-finite one). */
export function readMetrics(value: unknown, path: string, reading: MetricsReading): Metrics {
  const source = object(value, path);
  const leafOf = (name: string): unknown =>
    name.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), source);
  const present = (names: readonly string[]): boolean => names.some((name) => leafOf(name) !== undefined);
  const carried = reading.carried ?? {
    extended: present(EXTENDED_METRICS),
    clients: present(CLIENT_METRICS),
    layers: present(LAYER_METRICS),
    handlers: present(HANDLER_METRICS),
  };
  const skipped = new Set<string>([
    ...(carried.extended ? [] : EXTENDED_METRICS),
    ...(carried.clients ? [] : CLIENT_METRICS),
    ...(carried.layers ? [] : LAYER_METRICS),
    ...(carried.handlers ? [] : HANDLER_METRICS),
  ]);
  const copy: Record<string, unknown> = {};
  for (const name of METRIC_NAMES) {
    const leaf = leafOf(name);
    const { node, last } = holder(copy, name, true);
    // A left-out metric is a placeholder that canonicalMetrics drops.
    node[last] = skipped.has(name)
      ? Number.NaN
      : leaf === undefined && reading.absent === 'nan'
        ? Number.NaN
        : inRange(
            (reading.named === true ? namedNumber : numberOrNull)(leaf, `${path}.${name}`),
            name,
            `${path}.${name}`,
          );
  }
  if (reading.unknown === 'refuse') refuseUnknown(source, path, '');
  return canonicalMetrics(copy as unknown as Metrics, carried);
}

/**
 * A metric's value within what it can be: no count, rate, time or size is negative, and a
 * share is at most 1. idemsim never writes one outside; a file that holds one was edited,
 * and drawing it (duplicates of -663 per thousand) would show what never ran.
 */
function inRange(value: number, name: string, path: string): number {
  if (Number.isNaN(value)) return value;
  if (value < 0)
    throw new ShapeError(path, `${value} is negative, and a count, rate, time or size never is (was the file edited?)`);
  if (metricUnit(name) === 'ratio' && value > 1) {
    throw new ShapeError(path, `${value} is a share above 1, which no run gives (was the file edited?)`);
  }
  return value;
}

/** The first member, at any depth, that names no metric (checked after the known ones, so a wrong type is named as such). */
function refuseUnknown(node: Record<string, unknown>, path: string, prefix: string): void {
  for (const [key, value] of Object.entries(node)) {
    const name = `${prefix}${key}`;
    if (KNOWN.has(name)) continue;
    if (isObject(value) && METRIC_NAMES.some((known) => known.startsWith(`${name}.`))) {
      refuseUnknown(value, path, `${name}.`);
      continue;
    }
    throw new ShapeError(`${path}.${name}`, NOT_A_METRIC);
  }
}

/**
 * The object that holds metric `name`'s number in `root`, and that number's key: the groups
 * on the way made when `make`, else undefined where one is missing.
 */
function holder(root: object, name: string, make: true): { node: Record<string, unknown>; last: string };
function holder(root: object, name: string, make: false): { node: Record<string, unknown>; last: string } | undefined;
function holder(
  root: object,
  name: string,
  make: boolean,
): { node: Record<string, unknown>; last: string } | undefined {
  const keys = name.split('.');
  const last = keys.pop() as string;
  let node = root as Record<string, unknown>;
  for (const key of keys) {
    const next = node[key];
    if (isObject(next)) node = next;
    else if (make) node = node[key] = {};
    else return undefined;
  }
  return { node, last };
}

/** How a file writes an interval's ends, and what it may name besides the catalogue's metrics. */
export interface IntervalsReading {
  /**
   * A non-finite end: null, as the report formats write every one (a quantile's open end
   * reads back as not available), or by name ("Infinity", "-Infinity"; null for NaN), as a
   * part writes them to be rendered again (src/report/parts/run.ts).
   */
  ends: 'null' | 'named';
  /** A name that is no metric of the catalogue: refused, or read as it is (`diff` compares only the catalogue's). */
  unknown: 'refuse' | 'ignore';
}

/** A number, or a non-finite one by name ("Infinity", "-Infinity"; null for NaN). */
const namedNumber: Reader<number> = (value, path) => {
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  if (value === null || (typeof value === 'number' && Number.isFinite(value))) return numberOrNull(value, path);
  throw new ShapeError(path, `expected a number, "Infinity", "-Infinity" or null; found ${describe(value)}`);
};

/** A run's intervals by dotted metric name: each within its metric's range, its low end at most its high end. */
export function readIntervals(
  value: unknown,
  path: string,
  reading: IntervalsReading = { ends: 'null', unknown: 'ignore' },
): Record<string, Interval> {
  const end = reading.ends === 'named' ? namedNumber : numberOrNull;
  const intervals: Record<string, Interval> = {};
  for (const [name, entry] of Object.entries(object(value, path))) {
    const at = `${path}.${name}`;
    const known = KNOWN.has(name);
    if (!known && reading.unknown === 'refuse') throw new ShapeError(at, NOT_A_METRIC);
    const source = object(entry, at);
    const low = end(source['low'], `${at}.low`);
    const high = end(source['high'], `${at}.high`);
    if (known) {
      inRange(low, name, `${at}.low`);
      inRange(high, name, `${at}.high`);
    }
    if (low > high) throw new ShapeError(at, `its low end ${low} is above its high end ${high} (was the file edited?)`);
    // A name such as __proto__ is kept as data, never as the copy's prototype.
    Object.defineProperty(intervals, name, {
      value: { low, high },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return intervals;
}

/** A metric's dotted name, one of the catalogue's: a sweep's chosen metrics. */
export const metricName: Reader<string> = (value, path) => {
  if (typeof value === 'string' && KNOWN.has(value)) return value;
  throw new ShapeError(
    path,
    typeof value === 'string'
      ? `${describe(value)} is ${NOT_A_METRIC}`
      : `expected a metric's name; found ${describe(value)}`,
  );
};

/** The metrics a sweep lists: at least one, each of the catalogue (`sweep --metric` accepts no other). */
export const readMetricNames: Reader<string[]> = (value, path) => {
  const names = list(metricName)(value, path);
  if (names.length === 0) throw new ShapeError(path, 'expected at least one metric; found none');
  return names;
};

/**
 * `metrics` with NaN (not available) at each of `names` it lacks: a sweep may list a metric
 * of an optional group its points' scenarios do not carry, which their parts leave out.
 */
export function withListed(metrics: Metrics, names: readonly string[]): Metrics {
  for (const name of names) {
    const { node, last } = holder(metrics, name, true);
    if (typeof node[last] !== 'number') node[last] = Number.NaN;
  }
  return metrics;
}

/**
 * The quantiles a summary's JSON wrote as null because they were open-ended, read back as
 * such: a quantile past the latency histogram's 2^44 ms is Infinity (stats/histogram.ts),
 * which JSON writes as null, and its interval's low end at 2^44 ms or past it says so (the
 * quantile lies at or above its low end). Its high end, past the quantile, is Infinity too.
 * A low end below 2^44 ms leaves it not available: nothing in the file tells it apart.
 */
export function openEnded(metrics: Metrics, intervals: Record<string, Interval>): void {
  for (const name of METRIC_NAMES) {
    const interval = intervals[name];
    if (!isQuantile(name) || interval === undefined || !(interval.low >= HISTOGRAM_LIMIT_MS)) continue;
    const at = holder(metrics, name, false);
    if (at !== undefined && Number.isNaN(at.node[at.last])) {
      at.node[at.last] = Infinity;
      if (Number.isNaN(interval.high)) interval.high = Infinity;
    }
  }
}
