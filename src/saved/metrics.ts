// A run's metrics and intervals as a saved file holds them: every metric of the catalogue
// by its dotted name, each optional group only where the run's scenario carries it.
import { CLIENT_METRICS, type Carried, EXTENDED_METRICS, METRIC_NAMES } from '../model/metrics.js';
import { canonicalMetrics, type Interval, type Metrics } from '../model/result.js';
import { dictionary, isObject, numberOrNull, object, record } from './shape.js';

/**
 * Every metric of the catalogue, as a number (null for a non-finite one). A metric the
 * document lacks is an error, or with `absent: 'nan'` not available: a saved baseline
 * outlives idemsim versions, and `diff` reads one written before a metric existed. Each
 * optional group of metrics is read when `carried` says the run's scenario uses it or,
 * when the caller cannot tell, when the document carries any metric of the group;
 * otherwise it is left out, as the document's writer left it out.
 */
export function readMetrics(value: unknown, path: string, absent: 'error' | 'nan' = 'error', given?: Carried): Metrics {
  const source = object(value, path);
  const leafOf = (name: string): unknown =>
    name.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), source);
  const present = (names: readonly string[]): boolean => names.some((name) => leafOf(name) !== undefined);
  const carried = given ?? { extended: present(EXTENDED_METRICS), clients: present(CLIENT_METRICS) };
  const skipped = new Set<string>([...(carried.extended ? [] : EXTENDED_METRICS), ...(carried.clients ? [] : CLIENT_METRICS)]);
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
      : leaf === undefined && absent === 'nan'
        ? Number.NaN
        : numberOrNull(leaf, `${path}.${name}`);
  }
  return canonicalMetrics(copy as unknown as Metrics, carried);
}

/** A run's intervals by dotted metric name. */
export const readIntervals = dictionary(record<Interval>({ low: numberOrNull, high: numberOrNull }));
