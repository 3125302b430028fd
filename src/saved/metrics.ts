// A run's metrics and intervals as a saved file holds them: every metric of the catalogue
// by its dotted name, each optional group only where the run's scenario carries it.
import { CLIENT_METRICS,
  LAYER_METRICS,
  HANDLER_METRICS, EXTENDED_METRICS, METRIC_NAMES } from '../model/metrics.js';
import { type Carried } from '../model/metric-types.js';
import { type Interval, type Metrics } from '../model/result.js';
import { canonicalMetrics } from '../model/canonical.js';
import { ShapeError, dictionary, isObject, numberOrNull, object, record } from './shape.js';

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
        : numberOrNull(leaf, `${path}.${name}`);
  }
  if (reading.unknown === 'refuse') refuseUnknown(source, path, '');
  return canonicalMetrics(copy as unknown as Metrics, carried);
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

/** A run's intervals by dotted metric name. */
export const readIntervals = dictionary(record<Interval>({ low: numberOrNull, high: numberOrNull }));
