// What the metric catalogue (metric-catalogue.ts) answers: a metric's unit, group, interval
// and value by dotted name, and the order reports list metrics in. JSON, CSV, tables, HTML,
// `expect:` and the docs all read the one catalogue through here.
import { CATALOGUE } from './metric-catalogue.js';
import type { Carried, MetricGroup, MetricInfo, MetricName, Unit } from './metric-types.js';
import type { Metrics } from './result.js';

/** Every metric, in the order reports list them (the order of `Metrics`, as JSON writes it). */
export const METRICS: readonly MetricInfo[] = Object.entries(CATALOGUE).map(([name, row]) => ({
  name: name as MetricName,
  ...row,
}));

const BY_NAME = new Map<string, MetricInfo>(METRICS.map((info) => [info.name, info]));

export function metricInfo(name: string): MetricInfo | undefined {
  return BY_NAME.get(name);
}

export const METRIC_NAMES: readonly string[] = METRICS.map((info) => info.name);

/** Every metric of a group, in catalogue order. */
export function groupMetrics(group: MetricGroup): readonly MetricName[] {
  return METRICS.filter((info) => info.group === group).map((info) => info.name);
}

/** The metrics of the service's failures, leases and checks, left out of the output of scenarios that use none. */
export const EXTENDED_METRICS: readonly MetricName[] = groupMetrics('extended');
/** The metrics of the real clients' retry limits and hedging. */
export const CLIENT_METRICS: readonly MetricName[] = groupMetrics('clients');
/** The metrics of the retry layers around the client. */
export const LAYER_METRICS: readonly MetricName[] = groupMetrics('layers');
/** The metrics of failed executions and their handlers. */
export const HANDLER_METRICS: readonly MetricName[] = groupMetrics('handlers');

/** Whether an output that carries `carried` reports the metric. */
export function isCarried(info: MetricInfo, carried: Carried): boolean {
  return info.group === undefined || carried[info.group];
}

/** The catalogue a report shows: the metrics of every run, and each optional group it carries. */
export function shownMetrics(carried: Carried): readonly MetricInfo[] {
  return METRICS.filter((info) => isCarried(info, carried));
}

/** Either side carries the group. */
export function eitherCarried(a: Carried, b: Carried): Carried {
  return {
    extended: a.extended || b.extended,
    clients: a.clients || b.clients,
    layers: a.layers || b.layers,
    handlers: a.handlers || b.handlers,
  };
}

/** The unit of a metric of the catalogue; a name outside it is a bug (names are checked on input). */
export function metricUnit(name: string): Unit {
  const info = BY_NAME.get(name);
  if (info === undefined) throw new RangeError(`not a metric: ${name}`);
  return info.unit;
}

/**
 * Whether a run reports a 95% interval for the metric: estimates do (rates, shares, means,
 * quantiles, the steady-state key store); what the run itself saw does not (counts, the
 * maximum, the peaks), since it is exact for that run.
 */
export function hasInterval(name: string): boolean {
  const unit = metricUnit(name);
  if (unit === 'count') return false;
  return !name.endsWith('.max') && !name.startsWith('keyStore.peak');
}

/** The value of a dotted metric name in a metrics object. */
export function metricValue(metrics: Metrics, name: string): number {
  let node: unknown = metrics;
  for (const part of name.split('.')) {
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'number') throw new Error(`not a metric: ${name}`);
  return node;
}

/** A copy of a metric-keyed record: catalogue order first, then any other names by code point. */
export function inCatalogueOrder<T>(record: Readonly<Record<string, T>>, copy: (value: T) => T): Record<string, T> {
  const present = new Set(Object.keys(record));
  const known = METRIC_NAMES.filter((name) => present.has(name));
  const knownSet = new Set<string>(known);
  const others = [...present].filter((name) => !knownSet.has(name)).sort(byCodePoint);
  const out: Record<string, T> = {};
  for (const name of [...known, ...others]) {
    const value = record[name];
    if (value !== undefined) out[name] = copy(value);
  }
  return out;
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
