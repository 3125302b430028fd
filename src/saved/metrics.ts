// A run's metrics and intervals as a saved file holds them: every metric of the catalogue
// by its dotted name, each optional group only where the run's scenario carries it.
import {
  CLIENT_METRICS,
  LAYER_METRICS,
  HANDLER_METRICS,
  EXTENDED_METRICS,
  METRIC_NAMES,
  metricUnit,
} from '../model/metrics.js';
import { type Carried } from '../model/metric-types.js';
import { type Interval, type Metrics } from '../model/result.js';
import { canonicalMetrics } from '../model/canonical.js';
import { type Reader, ShapeError, dictionary, isObject, numberOrNull, object, record } from './shape.js';

export interface MetricsReading {
  /**
   * A metric the document lacks: an error, or not available (NaN, which every output shows
   * as "n/a" or an empty cell). Saved summaries and baselines outlive idemsim versions, and
   * `report` and `diff` read ones written before a metric existed; a part is merged only
   * with parts of its own version.
   */
  absent: 'error' | 'nan';
  /** A member that is no metric of the catalogue: refused (`report`), or ignored (`diff` reads only what it compares). */
  unknown: 'refuse' | 'ignore';
  /**
   * The optional groups the run's scenario carries; when the caller cannot tell, a group is
   * read when the document carries any metric of it. A group not carried is left out, as the
   * document's writer left it out.
   */
  carried?: Carried;
}

const KNOWN = new Set(METRIC_NAMES);

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
    const keys = name.split('.');
    const last = keys.pop() as string;
    let node = copy;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    // A left-out metric is a placeholder that canonicalMetrics drops.
    node[last] = skipped.has(name)
      ? Number.NaN
      : leaf === undefined && reading.absent === 'nan'
        ? Number.NaN
        : inRange(numberOrNull(leaf, `${path}.${name}`), name, `${path}.${name}`);
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
    throw new ShapeError(`${path}.${name}`, 'not a metric of this idemsim (docs/reference/metrics.md lists them)');
  }
}

/** A run's intervals by dotted metric name: each within its metric's range, its low end at most its high end. */
export const readIntervals: Reader<Record<string, Interval>> = (value, path) => {
  const intervals = dictionary(record<Interval>({ low: numberOrNull, high: numberOrNull }))(value, path);
  for (const [name, { low, high }] of Object.entries(intervals)) {
    if (KNOWN.has(name)) {
      inRange(low, name, `${path}.${name}.low`);
      inRange(high, name, `${path}.${name}.high`);
    }
    if (low > high)
      throw new ShapeError(
        `${path}.${name}`,
        `its low end ${low} is above its high end ${high} (was the file edited?)`,
      );
  }
  return intervals;
};
