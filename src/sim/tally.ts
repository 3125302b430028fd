// The running counts, streaming moments and histograms a run accumulates; measure
// turns them into the reported metrics.
import { Histogram } from '../stats/histogram.js';
import { RatioMoments } from '../stats/ratio.js';
import { Welford } from '../stats/welford.js';

export class Tally {
  actions = 0;
  attempts = 0;
  toolCalls = 0;
  executions = 0;
  duplicates = 0;
  byTransport = 0;
  byReplan = 0;
  byReplay = 0;
  retentionMisses = 0;
  raceDuplicates = 0;
  lostActions = 0;
  mergedActions = 0;
  unknownOutcomes = 0;
  falseFailures = 0;

  /** The service's crashes and leases, and the agent's reads (MODEL.md A and C). */
  serverCrashes = 0;
  crashesBeforeEffect = 0;
  crashesAfterEffect = 0;
  orphanedRecords = 0;
  leaseTakeovers = 0;
  leaseTakeoverDuplicates = 0;
  checks = 0;
  checksFound = 0;
  checksMisled = 0;
  serverCrashTimeouts = 0;
  /** Real clients (MODEL.md D): hedged attempts, and retries refused by the budget or the throttle. */
  hedges = 0;
  refusedByBudget = 0;
  refusedByThrottle = 0;

  ok = 0;
  replayed = 0;
  conflict = 0;
  mismatch = 0;
  rejected = 0;
  /** MODEL.md F: 500s, from failed executions and stored error results. */
  serverErrors = 0;
  slow = 0;
  replyLost = 0;
  requestLost = 0;

  /** Attempts whose key the service looked up, and what it sent them. */
  lookups = 0;
  sentConflict = 0;
  sentMismatch = 0;
  sentStored = 0;

  peakConcurrency = 0;

  /** Per-action values, for the intervals of per-action means. */
  readonly duplicatesPerAction = new Welford();
  readonly lostPerAction = new Welford();
  readonly unknownPerAction = new Welford();
  readonly falseFailuresPerAction = new Welford();
  /** Attempts beyond the first; executions beyond one, and actions with none. */
  readonly extraAttempts = new Welford();
  readonly extraExecutions = new Welford();
  readonly missingExecutions = new Welford();
  /** Key claims beyond one per action, and actions that claimed none (the key store's load). */
  readonly extraClaims = new Welford();
  readonly missingClaims = new Welford();
  /** Per action: (lookups, answers of one kind), for the shares per lookup. */
  readonly conflictShare = new RatioMoments();
  readonly mismatchShare = new RatioMoments();
  readonly storedShare = new RatioMoments();
  /** With retry layers: requests beyond the first per tool call, every layer's (MODEL.md E). */
  readonly callAttempts = new Welford();
  maxCallAttempts = 0;
  /** Lifetime of each key record, claim to final expiry. */
  readonly lifetimes = new Welford();

  readonly callLatency = new Histogram();
  readonly stepLatency = new Histogram();
  readonly queueWait = new Histogram();
}
