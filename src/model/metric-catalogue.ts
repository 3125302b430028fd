// The metric catalogue: one row per metric of `Metrics` (the compiler holds the two to the
// same names), each with its unit, one-line meaning and the table rows that show it, in the
// order reports list them: a new metric is a row here, its field in `Metrics` and its count
// in src/sim (CONTRIBUTING.md, "Adding a metric").
import type { MetricInfo, MetricName, TableRow, TableSection, Unit } from './metric-types.js';
import type { Metrics } from './result.js';

export type Row = Omit<MetricInfo, 'name'>;

const m = (unit: Unit, description: string, ...rows: TableRow[]): Row => ({ unit, description, rows });
const extended = (row: Row): Row => ({ ...row, group: 'extended' });
const clients = (row: Row): Row => ({ ...row, group: 'clients' });
const layers = (row: Row): Row => ({ ...row, group: 'layers' });
const handlers = (row: Row): Row => ({ ...row, group: 'handlers' });
const at = (
  section: TableSection,
  label: string,
  more: Partial<Omit<TableRow, 'section' | 'label'>> = {},
): TableRow => ({
  section,
  label,
  cell: 'value',
  ...more,
});
const share = { cell: 'share' } as const;
const latency = (what: 'call' | 'step', q: keyof Metrics['latency']['call'], description: string): Row =>
  m('ms', description, at('latency', `${what} ${q}`));

export const CATALOGUE = {
  actions: m('count', 'logical actions (intents) simulated', at('run', 'actions')),
  attempts: m('count', 'requests sent by the client, every retry included', at('responses', 'attempts')),
  toolCalls: m('count', 'tool calls issued by the agent (original, re-plan and replay)', at('run', 'tool calls')),
  executions: m('count', 'times the service ran the side effect (each one commits)', at('run', 'executions')),
  duplicates: m('count', 'extra commits: sum over actions of max(0, commits - 1)', at('duplicates', 'duplicates')),
  duplicatesPerThousand: m('perThousand', 'duplicates per 1000 actions', at('headline', 'duplicates / 1000')),
  'duplicatesBySource.transport': m(
    'count',
    'extra commits from the same tool call as the first commit',
    at('duplicates', '  transport retries'),
  ),
  'duplicatesBySource.replan': m(
    'count',
    'extra commits from another tool call in the same step execution',
    at('duplicates', '  re-plans'),
  ),
  'duplicatesBySource.replay': m(
    'count',
    'extra commits from a step execution replayed after a crash',
    at('duplicates', '  crash replays'),
  ),
  retentionMisses: m(
    'count',
    'executions that claimed a key whose earlier record, from the same action, had expired',
    at('run', 'retention misses', { after: 'falseFailures' }),
  ),
  raceDuplicates: m(
    'count',
    'executions that went ahead inside a read-then-write race window',
    at('run', 'race duplicates', { after: 'retentionMisses' }),
  ),
  lostActions: m('count', 'actions that never committed', at('run', 'lost actions')),
  lostPerThousand: m('perThousand', 'lost actions per 1000 actions', at('headline', 'lost / 1000')),
  mergedActions: m(
    'count',
    "genuine identical repeats answered with another action's stored result (counted in lost)",
    at('run', 'merged actions'),
  ),
  unknownOutcomes: m('count', 'tool calls that returned unknown to the model', at('run', 'unknown outcomes')),
  unknownPerThousand: m('perThousand', 'unknown tool-call outcomes per 1000 actions', at('headline', 'unknown / 1000')),
  falseFailures: m(
    'count',
    'step executions that reported failure although an execution of the action had started',
    at('run', 'false failures'),
  ),
  falseFailuresPerThousand: m(
    'perThousand',
    'false failures per 1000 actions',
    at('headline', 'false failures / 1000'),
  ),
  'serverCrashes.total': extended(
    m(
      'count',
      "executions whose worker died before finishing (the service's own crash)",
      at('crashes', 'server crashes'),
    ),
  ),
  'serverCrashes.beforeEffect': extended(
    m('count', 'server crashes before the side effect committed (no commit)', at('crashes', '  before the effect')),
  ),
  'serverCrashes.afterEffect': extended(
    m(
      'count',
      'server crashes after the effect committed, before the record was written',
      at('crashes', '  after the effect'),
    ),
  ),
  orphanedRecords: extended(
    m(
      'count',
      'crashes that left a live running record no pending execution would write',
      at('crashes', 'orphaned records'),
    ),
  ),
  leaseTakeovers: extended(
    m(
      'count',
      'attempts that executed by taking over a running record whose lease had run out',
      at('crashes', 'lease takeovers'),
    ),
  ),
  leaseTakeoverDuplicates: extended(
    m(
      'count',
      'extra commits of an action on one record where a takeover made one of them (in duplicates)',
      at('crashes', '  duplicates after a takeover'),
    ),
  ),
  checks: extended(
    m(
      'count',
      'reads the agent made before a re-plan or replay call (checkFirst)',
      at('crashes', 'checks before repeating'),
    ),
  ),
  checksThatFoundCommit: extended(
    m(
      'count',
      'reads that saw a commit of the business identity, so no call followed',
      at('crashes', '  found a commit'),
    ),
  ),
  checksMisled: extended(
    m(
      'count',
      "reads that found only another action's commit (the reading action had none)",
      at('crashes', "  misled by another action's"),
    ),
  ),
  hedges: clients(
    m(
      'count',
      "hedged attempts sent after a call's first attempt (client.hedge; in attempts)",
      at('clients', 'hedged attempts', share),
    ),
  ),
  'retriesRefused.budget': clients(
    m(
      'count',
      'retries the retry budget refused: the call failed at once (client.budget)',
      at('clients', 'retries refused by the budget'),
    ),
  ),
  'retriesRefused.throttle': clients(
    m(
      'count',
      'retries refused for want of retry tokens: the call failed at once',
      at('clients', 'retries refused by the throttle'),
    ),
  ),
  'responses.ok': m('count', 'attempts that received a 200 (executed or replayed)', at('responses', '200 ok', share)),
  'responses.replayed': m(
    'count',
    'attempts that received a stored 200 from the key store',
    at('responses', '  replayed from the key store', share),
  ),
  'responses.conflict': m(
    'count',
    'attempts that received a 409 (key in progress)',
    at('responses', '409 conflict', share),
  ),
  'responses.mismatch': m(
    'count',
    'attempts that received a 422 (fingerprint mismatch)',
    at('responses', '422 mismatch', share),
  ),
  'responses.rejected': m('count', 'attempts that received a 503', at('responses', '503 rejected', share)),
  'responses.timeout.total': m(
    'count',
    'attempts that timed out, whatever the cause',
    at('responses', 'timeouts', share),
  ),
  'responses.timeout.slow': m(
    'count',
    'timeouts where the reply had not left the service in time',
    at('responses', '  slow', share),
  ),
  'responses.timeout.replyLost': m(
    'count',
    'timeouts where the reply left in time and was lost',
    at('responses', '  reply lost', share),
  ),
  'responses.timeout.requestLost': m(
    'count',
    'timeouts where the request never reached the service',
    at('responses', '  request lost', share),
  ),
  'responses.serverError': handlers(
    m(
      'count',
      'attempts answered 500: a failed execution, or a stored error result',
      at('responses', '500 server error', share),
    ),
  ),
  'responses.timeout.serverCrash': extended(
    m(
      'count',
      "timeouts where the service's worker died: no reply ever left",
      at('responses', '  server crash', share),
    ),
  ),
  conflictRate: m('ratio', '409s sent per attempt whose key was looked up', at('headline', '409 rate')),
  mismatchRate: m('ratio', '422s sent per attempt whose key was looked up', at('headline', '422 rate')),
  dedupHitRate: m('ratio', 'stored 200s sent per attempt whose key was looked up', at('headline', 'dedup hit rate')),
  attemptsPerAction: m(
    'perAction',
    'attempts per action: load on the service',
    at('run', 'attempts / action', { after: 'executions' }),
  ),
  'attemptsPerCall.mean': layers(
    m(
      'perAction',
      "requests sent per tool call, every retry layer's included: the layers' attempts multiply",
      at('run', 'attempts / call', { after: 'attemptsPerAction' }),
    ),
  ),
  'attemptsPerCall.max': layers(
    m(
      'count',
      'most requests any one tool call sent',
      at('run', '  most in one call', { after: 'attemptsPerCall.mean' }),
    ),
  ),
  executionsPerAction: m(
    'perAction',
    'executions per action',
    at('run', 'executions / action', { after: 'attemptsPerAction' }),
  ),
  'latency.call.p50': latency('call', 'p50', 'tool call latency, median (first send to result)'),
  'latency.call.p95': {
    ...latency('call', 'p95', 'tool call latency, 95th percentile'),
    rows: [at('headline', 'call latency p95'), at('latency', 'call p95')],
  },
  'latency.call.p99': latency('call', 'p99', 'tool call latency, 99th percentile'),
  'latency.call.max': latency('call', 'max', 'tool call latency, maximum'),
  'latency.call.mean': latency('call', 'mean', 'tool call latency, mean'),
  'latency.step.p50': latency('step', 'p50', 'step latency, median (arrival to end of the first step execution)'),
  'latency.step.p95': latency('step', 'p95', 'step latency, 95th percentile'),
  'latency.step.p99': latency('step', 'p99', 'step latency, 99th percentile'),
  'latency.step.max': latency('step', 'max', 'step latency, maximum'),
  'latency.step.mean': latency('step', 'mean', 'step latency, mean'),
  'keyStore.peakKeys': m('keys', 'most live key records at once during the run', at('keyStore', 'peak keys')),
  'keyStore.peakKeysAt': extended(
    m(
      'ms',
      'simulated time the key store first reached its peak',
      at('keyStore', '  reached at', { cell: 'peakTime' }),
    ),
  ),
  'keyStore.peakBytes': m('bytes', 'peakKeys * recordBytes', at('keyStore', 'peak size')),
  'keyStore.steadyStateKeys': m(
    'keys',
    "live records a long-running service at this rate holds (Little's law)",
    at('headline', 'key store, steady state', { cell: 'keysAndBytes' }),
    at('keyStore', 'steady-state keys'),
  ),
  'keyStore.steadyStateBytes': m('bytes', 'steadyStateKeys * recordBytes', at('keyStore', 'steady-state size')),
  'service.peakConcurrency': m(
    'count',
    'most executions holding a service slot at once',
    at('service', 'peak concurrency'),
  ),
  'service.queueWait.p95': m(
    'ms',
    'FIFO queue wait before execution, 95th percentile (zero waits included)',
    at('service', 'queue wait p95'),
  ),
} satisfies Record<MetricName, Row>;
