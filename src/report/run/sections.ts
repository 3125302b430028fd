// What the table shows and in which order: the headline a person reads first, then where
// duplicates come from, what the client saw, latency, the key store, the service and the
// run's counts. Each row turns one run into one cell; table.ts lays the cells out. When a
// scenario uses a part-two feature, its crashes, leases and checks get a section of their
// own (and the key store its peak time); when it uses a real client's retry limits or
// hedging, so do those. A scenario beside it that does not reads "n/a" there, since its
// reports carry none of those metrics.
import { carriedBy } from '../../model/features.js';
import { type Carried, type MetricGroup, PART_ONE_ONLY, metricInfo, metricValue } from '../../model/metrics.js';
import type { RunResult } from '../../model/result.js';
import {
  NOT_AVAILABLE,
  formatBytes,
  formatCount,
  formatInterval,
  formatMetric,
  formatPercent,
} from '../../format/format.js';
import type { ScenarioRun } from '../../model/result.js';
import { clockTime } from '../text.js';
import { carriedByAny } from './part-two.js';

export interface Cell {
  value: string;
  /** The 95% interval around the value, when the run reports one. */
  interval?: string;
}

export interface Row {
  label: string;
  cell: (run: ScenarioRun) => Cell;
}

export interface Section {
  title: string;
  /** The headline: emphasised, and what a person compares first. */
  headline?: boolean;
  rows: readonly Row[];
}

/** A metric of the catalogue, formatted by its unit, with its interval if there is one. */
export function metricCell(result: RunResult, name: string): Cell {
  const info = metricInfo(name);
  if (info === undefined) throw new Error(`table: unknown metric ${name}`);
  const value = metricValue(result.metrics, name);
  const interval = result.intervals[name];
  const cell: Cell = { value: formatMetric(value, info.unit) };
  // A zero-width interval at the value ("0 [0, 0]") says nothing the value does not.
  const informative = interval !== undefined && !(interval.low === value && interval.high === value);
  if (informative) cell.interval = formatInterval(interval, info.unit, value);
  return cell;
}

const metric = (label: string, name: string): Row => ({
  label,
  cell: (run) => metricCell(run.result, name),
});

/** A response count with its share of all attempts: "3,912 (97.80%)". */
const share = (label: string, name: string): Row => ({
  label,
  cell: ({ result }) => {
    const count = metricValue(result.metrics, name);
    const attempts = result.metrics.attempts;
    const percent = attempts > 0 ? formatPercent(count / attempts) : formatPercent(0);
    return { value: `${formatCount(count)} (${percent})` };
  },
});

const steadyState: Row = {
  label: 'key store, steady state',
  cell: ({ result }) => {
    const { steadyStateKeys, steadyStateBytes } = result.metrics.keyStore;
    return { value: `${formatCount(steadyStateKeys)} keys, ${formatBytes(steadyStateBytes)}` };
  },
};

/** A row of an optional group's metric: "n/a" for a run whose scenario does not carry the group. */
const inGroup =
  (group: MetricGroup) =>
  (row: Row): Row => ({
    label: row.label,
    cell: (run) => (carriedBy(run.scenario)[group] ? row.cell(run) : { value: NOT_AVAILABLE }),
  });

const newer = inGroup('partTwo');

/** When the key store first held its peak, as a clock reads it: "12 min 3 s". */
const peakAt: Row = newer({
  label: '  reached at',
  cell: ({ result }) => {
    const { peakKeys, peakKeysAt } = result.metrics.keyStore;
    return { value: peakKeys > 0 ? clockTime(peakKeysAt) : NOT_AVAILABLE };
  },
});

const seed: Row = { label: 'seed', cell: ({ scenario }) => ({ value: String(scenario.seed) }) };

const quantileRows = (what: 'call' | 'step'): Row[] =>
  (['p50', 'p95', 'p99', 'max', 'mean'] as const).map((q) => metric(`${what} ${q}`, `latency.${what}.${q}`));

/** The service's own failures and what the agent read before repeating (MODEL.md part two, A and C). */
const CRASHES: Section = {
  title: 'Service crashes, leases and checks',
  rows: [
    metric('server crashes', 'serverCrashes.total'),
    metric('  before the effect', 'serverCrashes.beforeEffect'),
    metric('  after the effect', 'serverCrashes.afterEffect'),
    metric('orphaned records', 'orphanedRecords'),
    metric('lease takeovers', 'leaseTakeovers'),
    metric('  duplicates after a takeover', 'leaseTakeoverDuplicates'),
    metric('checks before repeating', 'checks'),
    metric('  found a commit', 'checksThatFoundCommit'),
    metric("  misled by another action's", 'checksMisled'),
  ].map(newer),
};

/** What the real clients' retry limits and hedging did (MODEL.md part two, D). */
const CLIENTS: Section = {
  title: 'Retry limits and hedging',
  rows: [
    share('hedged attempts', 'hedges'),
    metric('retries refused by the budget', 'retriesRefused.budget'),
    metric('retries refused by the throttle', 'retriesRefused.throttle'),
  ].map(inGroup('clients')),
};

/** The sections for these runs: with each optional group's rows when some run's scenario carries it. */
export function sectionsFor(runs: readonly ScenarioRun[]): readonly Section[] {
  const carried = carriedByAny(runs);
  return carried.partTwo || carried.clients ? sections(carried) : SECTIONS;
}

/** The sections of a report whose scenarios use no part-two feature. */
export const SECTIONS: readonly Section[] = sections(PART_ONE_ONLY);

function sections({ partTwo, clients }: Carried): Section[] {
  const only = (rows: readonly Row[]): Row[] => (partTwo ? rows.map(newer) : []);
  return [
    {
      title: 'Headline',
      headline: true,
      rows: [
        metric('duplicates / 1000', 'duplicatesPerThousand'),
        metric('lost / 1000', 'lostPerThousand'),
        metric('unknown / 1000', 'unknownPerThousand'),
        metric('409 rate', 'conflictRate'),
        metric('422 rate', 'mismatchRate'),
        metric('dedup hit rate', 'dedupHitRate'),
        metric('call latency p95', 'latency.call.p95'),
        steadyState,
      ],
    },
    {
      title: 'Duplicates by source',
      rows: [
        metric('duplicates', 'duplicates'),
        metric('  transport retries', 'duplicatesBySource.transport'),
        metric('  re-plans', 'duplicatesBySource.replan'),
        metric('  crash replays', 'duplicatesBySource.replay'),
      ],
    },
    {
      title: 'Responses (share of attempts)',
      rows: [
        metric('attempts', 'attempts'),
        share('200 ok', 'responses.ok'),
        share('  replayed from the key store', 'responses.replayed'),
        share('409 conflict', 'responses.conflict'),
        share('422 mismatch', 'responses.mismatch'),
        share('503 rejected', 'responses.rejected'),
        share('timeouts', 'responses.timeout.total'),
        share('  slow', 'responses.timeout.slow'),
        share('  reply lost', 'responses.timeout.replyLost'),
        share('  request lost', 'responses.timeout.requestLost'),
        ...only([share('  server crash', 'responses.timeout.serverCrash')]),
      ],
    },
    { title: 'Latency', rows: [...quantileRows('call'), ...quantileRows('step')] },
    {
      title: 'Key store',
      rows: [
        metric('peak keys', 'keyStore.peakKeys'),
        ...(partTwo ? [peakAt] : []),
        metric('peak size', 'keyStore.peakBytes'),
        metric('steady-state keys', 'keyStore.steadyStateKeys'),
        metric('steady-state size', 'keyStore.steadyStateBytes'),
      ],
    },
    {
      title: 'Service',
      rows: [metric('peak concurrency', 'service.peakConcurrency'), metric('queue wait p95', 'service.queueWait.p95')],
    },
    ...(partTwo ? [CRASHES] : []),
    ...(clients ? [CLIENTS] : []),
    {
      title: 'Run',
      rows: [
        seed,
        metric('actions', 'actions'),
        metric('tool calls', 'toolCalls'),
        metric('executions', 'executions'),
        metric('attempts / action', 'attemptsPerAction'),
        metric('executions / action', 'executionsPerAction'),
        metric('lost actions', 'lostActions'),
        metric('merged actions', 'mergedActions'),
        metric('unknown outcomes', 'unknownOutcomes'),
        metric('false failures', 'falseFailures'),
        metric('retention misses', 'retentionMisses'),
        metric('race duplicates', 'raceDuplicates'),
      ],
    },
  ];
}
