// The catalogue of reported metrics: dotted name, unit and one-line meaning, in the order
// reports list them. `expect:` blocks, tables, CSV and docs all read from this one list.
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

/**
 * An optional group of metrics, reported only for scenarios that use its features:
 * `partTwo`, MODEL.md part two (A to D); `clients`, the retry throttle, budget and hedging
 * of part two, D. A scenario that uses neither is reported exactly as before they existed.
 */
export type MetricGroup = 'partTwo' | 'clients';

/** Which optional groups a run's output carries (decided by its scenario, features.ts). */
export interface Carried {
  partTwo: boolean;
  clients: boolean;
}

export const PART_ONE_ONLY: Carried = { partTwo: false, clients: false };
export const EVERY_GROUP: Carried = { partTwo: true, clients: true };

export interface MetricInfo {
  name: string;
  unit: Unit;
  description: string;
  /** Reported only for scenarios that use the group's features. */
  group?: MetricGroup;
}

const m = (name: string, unit: Unit, description: string): MetricInfo => ({ name, unit, description });
const m2 = (name: string, unit: Unit, description: string): MetricInfo => ({ name, unit, description, group: 'partTwo' });
const m3 = (name: string, unit: Unit, description: string): MetricInfo => ({ name, unit, description, group: 'clients' });

export const METRICS: readonly MetricInfo[] = [
  m('actions', 'count', 'logical actions (intents) simulated'),
  m('attempts', 'count', 'requests sent by the client, every retry included'),
  m('toolCalls', 'count', 'tool calls issued by the agent (original, re-plan and replay)'),
  m('executions', 'count', 'times the service ran the side effect (each one commits)'),
  m('duplicates', 'count', 'extra commits: sum over actions of max(0, commits - 1)'),
  m('duplicatesPerThousand', 'perThousand', 'duplicates per 1000 actions'),
  m('duplicatesBySource.transport', 'count', 'extra commits from the same tool call as the first commit'),
  m('duplicatesBySource.replan', 'count', 'extra commits from another tool call in the same step execution'),
  m('duplicatesBySource.replay', 'count', 'extra commits from a step execution replayed after a crash'),
  m(
    'retentionMisses',
    'count',
    'executions that claimed a key whose earlier record, from the same action, had expired',
  ),
  m('raceDuplicates', 'count', 'executions that went ahead inside a read-then-write race window'),
  m('lostActions', 'count', 'actions that never committed'),
  m('lostPerThousand', 'perThousand', 'lost actions per 1000 actions'),
  m(
    'mergedActions',
    'count',
    "genuine identical repeats answered with another action's stored result (counted in lost)",
  ),
  m('unknownOutcomes', 'count', 'tool calls that returned unknown to the model'),
  m('unknownPerThousand', 'perThousand', 'unknown tool-call outcomes per 1000 actions'),
  m('falseFailures', 'count', 'step executions that reported failure although an execution of the action had started'),
  m('falseFailuresPerThousand', 'perThousand', 'false failures per 1000 actions'),
  m2('serverCrashes.total', 'count', "executions whose worker died before finishing (the service's own crash)"),
  m2('serverCrashes.beforeEffect', 'count', 'server crashes before the side effect committed (no commit)'),
  m2('serverCrashes.afterEffect', 'count', 'server crashes after the effect committed, before the record was written'),
  m2('orphanedRecords', 'count', 'crashes that left a live running record no pending execution would write'),
  m2('leaseTakeovers', 'count', 'attempts that executed by taking over a running record whose lease had run out'),
  m2(
    'leaseTakeoverDuplicates',
    'count',
    'extra commits of an action on one record where a takeover made one of them (in duplicates)',
  ),
  m2('checks', 'count', 'reads the agent made before a re-plan or replay call (checkFirst)'),
  m2('checksThatFoundCommit', 'count', 'reads that saw a commit of the business identity, so no call followed'),
  m2('checksMisled', 'count', "reads that found only another action's commit (the reading action had none)"),
  m3('hedges', 'count', "hedged attempts sent after a call's first attempt (client.hedge; in attempts)"),
  m3('retriesRefused.budget', 'count', 'retries the retry budget refused: the call failed at once (client.budget)'),
  m3('retriesRefused.throttle', 'count', 'retries refused for want of retry tokens: the call failed at once'),
  m('responses.ok', 'count', 'attempts that received a 200 (executed or replayed)'),
  m('responses.replayed', 'count', 'attempts that received a stored 200 from the key store'),
  m('responses.conflict', 'count', 'attempts that received a 409 (key in progress)'),
  m('responses.mismatch', 'count', 'attempts that received a 422 (fingerprint mismatch)'),
  m('responses.rejected', 'count', 'attempts that received a 503'),
  m('responses.timeout.total', 'count', 'attempts that timed out, whatever the cause'),
  m('responses.timeout.slow', 'count', 'timeouts where the reply had not left the service in time'),
  m('responses.timeout.replyLost', 'count', 'timeouts where the reply left in time and was lost'),
  m('responses.timeout.requestLost', 'count', 'timeouts where the request never reached the service'),
  m2('responses.timeout.serverCrash', 'count', "timeouts where the service's worker died: no reply ever left"),
  m('conflictRate', 'ratio', '409s sent per attempt whose key was looked up'),
  m('mismatchRate', 'ratio', '422s sent per attempt whose key was looked up'),
  m('dedupHitRate', 'ratio', 'stored 200s sent per attempt whose key was looked up'),
  m('attemptsPerAction', 'perAction', 'attempts per action: load on the service'),
  m('executionsPerAction', 'perAction', 'executions per action'),
  m('latency.call.p50', 'ms', 'tool call latency, median (first send to result)'),
  m('latency.call.p95', 'ms', 'tool call latency, 95th percentile'),
  m('latency.call.p99', 'ms', 'tool call latency, 99th percentile'),
  m('latency.call.max', 'ms', 'tool call latency, maximum'),
  m('latency.call.mean', 'ms', 'tool call latency, mean'),
  m('latency.step.p50', 'ms', 'step latency, median (arrival to end of the first step execution)'),
  m('latency.step.p95', 'ms', 'step latency, 95th percentile'),
  m('latency.step.p99', 'ms', 'step latency, 99th percentile'),
  m('latency.step.max', 'ms', 'step latency, maximum'),
  m('latency.step.mean', 'ms', 'step latency, mean'),
  m('keyStore.peakKeys', 'keys', 'most live key records at once during the run'),
  m2('keyStore.peakKeysAt', 'ms', 'simulated time the key store first reached its peak'),
  m('keyStore.peakBytes', 'bytes', 'peakKeys * recordBytes'),
  m('keyStore.steadyStateKeys', 'keys', "live records a long-running service at this rate holds (Little's law)"),
  m('keyStore.steadyStateBytes', 'bytes', 'steadyStateKeys * recordBytes'),
  m('service.peakConcurrency', 'count', 'most executions holding a service slot at once'),
  m('service.queueWait.p95', 'ms', 'FIFO queue wait before execution, 95th percentile (zero waits included)'),
];

const BY_NAME = new Map(METRICS.map((info) => [info.name, info]));

export function metricInfo(name: string): MetricInfo | undefined {
  return BY_NAME.get(name);
}

export const METRIC_NAMES: readonly string[] = METRICS.map((info) => info.name);

/** Every metric of a group, in catalogue order. */
export function groupMetrics(group: MetricGroup): readonly string[] {
  return METRICS.filter((info) => info.group === group).map((info) => info.name);
}

/** The part-two metrics (A to C), left out of the output of scenarios that use no part-two feature. */
export const PART_TWO_METRICS: readonly string[] = groupMetrics('partTwo');
/** The metrics of the real clients' retry limits and hedging (part two, D). */
export const CLIENT_METRICS: readonly string[] = groupMetrics('clients');

/** Whether an output that carries `carried` reports the metric. */
export function isCarried(info: MetricInfo, carried: Carried): boolean {
  return info.group === undefined || carried[info.group];
}

/** The catalogue a report shows: part one, and each optional group it carries. */
export function shownMetrics(carried: Carried): readonly MetricInfo[] {
  return METRICS.filter((info) => isCarried(info, carried));
}

/** Either side carries the group. */
export function eitherCarried(a: Carried, b: Carried): Carried {
  return { partTwo: a.partTwo || b.partTwo, clients: a.clients || b.clients };
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
  const knownSet = new Set(known);
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
