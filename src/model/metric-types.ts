// What a metric is, whatever it measures: its dotted name, unit, optional group and the table
// rows that show it. The catalogue (metric-catalogue.ts) holds one of each per metric.
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
 * `clients`, the retry throttle, budget and hedging of real clients (MODEL.md, D);
 * `layers`, the retry layers around the client (MODEL.md, E); `handlers`, executions that
 * fail with a 500 and what the handler keeps of them (MODEL.md, F). A scenario that uses none
 * is reported exactly as before they existed.
 */
export type MetricGroup = 'extended' | 'clients' | 'layers' | 'handlers';

/** Which optional groups a run's output carries (decided by its scenario, features.ts). */
export type Carried = Record<MetricGroup, boolean>;

export const NO_GROUP: Carried = { extended: false, clients: false, layers: false, handlers: false };
export const EVERY_GROUP: Carried = { extended: true, clients: true, layers: true, handlers: true };

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
