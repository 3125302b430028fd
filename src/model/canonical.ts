// Metrics and intervals in one fixed key order, built from the catalogue, so that serialised
// output never depends on the order in which a run filled its objects (see canonicalScenario).
import { METRICS, inCatalogueOrder, isCarried } from './metrics.js';
import { type Carried, type MetricInfo, NO_GROUP } from './metric-types.js';
import type { Interval, Intervals, Metrics } from './result.js';

/** Each metric beside the keys of its dotted name, split once. */
const PATHS: readonly { info: MetricInfo; keys: readonly string[] }[] = METRICS.map((info) => ({
  info,
  keys: info.name.split('.'),
}));

/**
 * The metrics in catalogue order, which is the order of the type (metric-catalogue.ts holds
 * one row per field of `Metrics`, so none is left out). Each optional group is read and
 * written only when `carried` says the scenario uses its features, so that a scenario using
 * none of them is reported exactly as before they existed, and metrics read from a document
 * written without them need nothing filled in.
 */
export function canonicalMetrics(m: Metrics, carried: Carried = NO_GROUP): Metrics {
  const out: Record<string, unknown> = {};
  for (const { info, keys } of PATHS) {
    if (!isCarried(info, carried)) continue;
    let from: unknown = m;
    let to = out;
    keys.forEach((key, i) => {
      from = (from as Record<string, unknown>)[key];
      if (i < keys.length - 1) to = (to[key] ??= {}) as Record<string, unknown>;
      else to[key] = from;
    });
  }
  // Without an optional group the object lacks its fields, as the document it becomes does.
  return out as unknown as Metrics;
}

/** Intervals in catalogue order. */
export function canonicalIntervals(intervals: Intervals): Intervals {
  return inCatalogueOrder(intervals, (i: Interval): Interval => ({ low: i.low, high: i.high }));
}
