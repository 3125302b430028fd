// What the metric catalogue (metric-catalogue.ts) answers: a metric's unit, group, interval
// and value by dotted name, and the order reports list metrics in. JSON, CSV, tables, HTML,
// `expect:` and the docs all read the one catalogue through here.
import { CATALOGUE } from './metric-catalogue.js';
import type { Metrics } from './result.js';

/** How a metric's value is expressed, which decides how `expect:` bounds are parsed. */
export const Unit = {
  count: 'count',
  perThousand: 'perThousand',
  perAction: 'perAction',
  ratio: 'ratio',
  ms: 'ms',
  bytes: 'bytes',
  keys: 'keys',
} as const;
export type Unit = keyof typeof Unit;

/** A dotted path to a number in `Metrics`: every name the catalogue must hold, and no other. */
type Leaves<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends number ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MetricName = Leaves<Metrics, ''>;

/**
 * An optional group of metrics, reported only for scenarios that use its features:
 * `extended`, the service's own failures, leases and the agent's checks (MODEL.md, A to C);
 * `clients`, the retry throttle, budget and hedging of real clients (MODEL.md, D). A
 * scenario that uses neither is reported exactly as before they existed.
 */
export type MetricGroup = 'extended' | 'clients';

/** Which optional groups a run's output carries (decided by its scenario, features.ts). */
export type Carried = Record<MetricGroup, boolean>;

export const NO_GROUP: Carried = { extended: false, clients: false };
export const EVERY_GROUP: Carried = { extended: true, clients: true };

/** The sections of the table, in the order it lists them (titles in report/run/sections.ts). */
export const TABLE_SECTIONS = [
  'headline',
  'duplicates',
  'responses',
  'latency',
  'keyStore',
  'service',
  'crashes',
  'clients',
  'run',
] as const;
export type TableSection = (typeof TABLE_SECTIONS)[number];

/**
 * How a table cell shows a metric: `value` by its unit, with its interval; `share` a count
 * beside its share of all attempts; `peakTime` the time the key store first held its peak,
 * as a clock reads it; `keysAndBytes` a key count beside the matching size in bytes.
 */
export type CellForm = 'value' | 'share' | 'peakTime' | 'keysAndBytes';

/** One row of the table that shows the metric; a label indented by two spaces is a sub-row. */
export interface TableRow {
  section: TableSection;
  label: string;
  cell: CellForm;
  /** Listed after this metric's row in the same section, rather than in catalogue order. */
  after?: MetricName;
}

export interface MetricInfo {
  name: MetricName;
  unit: Unit;
  description: string;
  /** Reported only for scenarios that use the group's features. */
  group?: MetricGroup;
  /** The table rows that show it (a metric may head the table and sit in its section). */
  rows: readonly TableRow[];
}

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
  return { extended: a.extended || b.extended, clients: a.clients || b.clients };
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
