// What the catalogue's one-line meaning of a metric (metric-catalogue.ts) leaves out for a
// person reading the table: the sentence or two that `idemsim help metrics` adds after it,
// in MODEL.md's terms. A metric whose one line says it all has none; the compiler refuses a
// note for a name that is no metric.
import type { MetricName } from './metric-types.js';

export const METRIC_NOTES: Partial<Record<MetricName, string>> = {
  actions: 'An action is one thing the agent means to do once (a refund, an email, a row), executed as one agent step.',
  attempts: 'Each request the client sends is one attempt: the first, its retries and any hedged attempts.',
  toolCalls:
    'The agent calls the tool once per step execution, and again after each re-plan; a crash replay calls it anew.',
  executions:
    'One whose worker crashes before the side effect (service.crash) is counted too, though it commits nothing.',
  duplicates:
    'A commit is the side effect taking place (the refund paid); a duplicate is each commit of an action after its ' +
    'first. Split below by where the repeat came from; the three sum to this.',
  duplicatesPerThousand:
    'A duplicate is a side effect committed again for an action that had already committed (a second refund). ' +
    'The figure to compare first.',
  'duplicatesBySource.transport': "The HTTP client's retries (and hedged attempts) within one tool call.",
  'duplicatesBySource.replan': 'The model called the tool again after a tool call failed.',
  'duplicatesBySource.replay':
    'A durable runtime ran the step again after the worker died before its checkpoint (agent.crash).',
  retentionMisses: 'Repeats the key store had forgotten: they came after keys.retention had run out.',
  raceDuplicates:
    'Under keys.claim: read-then-write, an attempt that looks its key up within keys.raceWindow of the claim reads ' +
    'nothing yet and executes too. Counted at the lookup, whether or not it then commits.',
  lostActions: 'No attempt of any of their tool calls committed the side effect. Merged actions are among them.',
  lostPerThousand:
    'A lost action never happened: no attempt of any of its tool calls committed its side effect (merged actions ' +
    'included).',
  mergedActions:
    'Under keys.scope payload or business, a genuine second request identical in business terms to an earlier ' +
    'action shares its key, so it is never executed.',
  unknownOutcomes:
    'A tool call ends unknown when it gives up after a timeout or a 409: the agent cannot tell whether the side ' +
    'effect happened.',
  unknownPerThousand:
    'Unknown: the tool call gave up after a timeout or a 409, so the agent cannot tell whether the side effect ' +
    'happened. Per action, not per tool call.',
  falseFailures:
    'That execution held a service slot and commits (the service never abandons work): the agent believes undone ' +
    'what is done.',
  falseFailuresPerThousand:
    'A false failure is a step that reported failure to the agent although an execution of the action had already ' +
    'started, and commits: the agent believes undone what is done.',
  orphanedRecords:
    'Such a record answers 409 until it expires, or until a lease (keys.lease) lets another attempt take it over.',
  'responses.ok': 'The tool call succeeds on it.',
  'responses.replayed':
    'A subset of 200 ok: a repeat found the record of a finished execution and got its stored result, without ' +
    'executing again (a dedup hit whose reply arrived).',
  'responses.conflict':
    'Sent to a repeat that arrived while an execution with the same key was still running. The client retries it; a call ' +
    'whose last attempt got one ends unknown.',
  'responses.mismatch': 'The key is live but the payload fingerprint differs. The call fails at once, without a retry.',
  'responses.rejected':
    'The service refused the request before any key lookup or work (service.errorRate, or an incident). The client ' +
    'retries it; a call whose last attempt got one fails.',
  'responses.timeout.total':
    'The client waited its timeout without a reply and cannot tell which of the causes below it was; it retries ' +
    'while it has retries left, and a call whose last attempt timed out ends unknown.',
  'responses.timeout.slow': 'Lost or not: the service was slower than the client timeout.',
  conflictRate:
    'A 409 answers a repeat that arrives while the first execution with the same key is still running. Counted when ' +
    'sent, even if the reply is then lost; 0, without an interval, when no key was looked up.',
  mismatchRate:
    'A 422 answers a repeat whose key is live but whose payload fingerprint differs (keys.fingerprint). Counted when ' +
    'sent; 0 when no key was looked up.',
  dedupHitRate:
    'A dedup hit is a repeat answered with the stored result of a finished execution instead of running the side ' +
    'effect again. Counted when sent; 0 when no key was looked up.',
  attemptsPerAction: 'Above 1 by every retry, hedged attempt, re-plan and crash replay.',
  'attemptsPerCall.mean':
    "Reported only with client.layers. With every request refused it is exactly (client.retries + 1) times each layer's " +
    '(retries + 1).',
  executionsPerAction: 'Above 1 when side effects ran more than once, below 1 when actions were never executed.',
  'latency.call.p95':
    "From a tool call's first request to its result, retries and backoffs included, over tool calls of every " +
    'origin: 95% of them took no longer.',
  'latency.step.p50':
    "Per action, from its arrival to the end of its first step execution: re-plans' waits included, crash replays " +
    'not.',
  'keyStore.peakKeys':
    "It depends on the run's length: a run shorter than the retention never fills the store (see the steady state).",
  'keyStore.peakBytes': 'The peak in bytes, at keys.recordBytes per record.',
  'keyStore.steadyStateKeys':
    'Arrival rate × key records claimed per action × mean record lifetime (claim to final expiry). Unlike the ' +
    "peak it does not depend on the run's length: the figure to size a store by. The headline shows it beside its " +
    'size in bytes.',
  'keyStore.steadyStateBytes': "The steady state's size in bytes, at keys.recordBytes per record.",
  'service.peakConcurrency': 'Executions waiting in the queue are not counted.',
  'service.queueWait.p95': 'Zero unless service.concurrency limits the executions at once.',
};
