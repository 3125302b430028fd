// The state of one simulation run, passed to every handler: the scenario's parameters in
// flat form, the clock's queue, the key store, the id counters and the tallies. Nothing
// here is module-level, so runs are independent and can go in parallel.
import type { Rare } from './rare.js';
import type { BudgetSpec, HedgeSpec, Layer, Scenario, Scope, ThrottleSpec } from '../model/scenario.js';
import { seriesInterval, usesTimeSeries } from '../model/features.js';
import type { BackoffPolicy } from '../model/backoff.js';
import { Tally } from './tally.js';
import { BatchTally } from './batches.js';
import { EventQueue } from './queue.js';
import { KeyStore } from './keystore.js';
import type { Alea } from './rng.js';
import { BLOCK_DRAWS, actionBlocks, arrivalGaps } from './draws.js';
import type { Execution } from './events.js';
import type { TimeSeries } from '../model/result.js';
import { Tracer, type TraceOptions } from './trace.js';
import { KeyStoreTimeline } from './timeline.js';
import { Incidents, expectedSpan, profileOf, type Profile } from './conditions.js';
import { Series } from './series.js';
import { seedKey } from './keyed.js';
import type { KeyOp } from '../model/keyops.js';
import type { LiveCounts } from './run-limits.js';

export interface Params {
  seed: number | string;
  actions: number;
  meanGap: number;
  median: number;
  sigma: number;
  errorRate: number;
  concurrency: number;
  requestLoss: number;
  replyLoss: number;
  timeout: number;
  retries: number;
  retryConflicts: boolean;
  backoff: BackoffPolicy;
  deadline: number;
  scope: Scope;
  retention: number;
  readThenWrite: boolean;
  raceWindow: number;
  fingerprint: boolean;
  replanProbability: number;
  replanMax: number;
  replanDelayMin: number;
  replanDelayMax: number;
  argsChange: number;
  crashProbability: number;
  crashMax: number;
  resumeMin: number;
  resumeMax: number;
  identicalRepeats: number;
  /** The service's crashes, transactions and leases (lease Infinity: none). */
  serverCrash: number;
  afterEffect: number;
  /** An execution ending in a 500 (MODEL.md F), and the handler: delete the record on an error, 409 for a mismatch. */
  failure: number;
  failureAfterEffect: number;
  errorsDelete: boolean;
  mismatchConflict: boolean;
  /** Compare fingerprints while the record is running (else a running record answers 409 first). */
  fingerprintWhileRunning: boolean;
  transactional: boolean;
  lease: number;
  leaseRenewal: boolean;
  /** Arrivals by time change (null: constant rate) and incident windows (null: none). */
  profile: Profile | null;
  incidents: Incidents | null;
  /** The time series' interval, or 0 when the scenario asks for no series. */
  seriesInterval: number;
  /** The read before a re-plan or replay. */
  checkProbability: number;
  checkLatency: number;
  /** The retry throttle, the retry budget and hedging; null when off. */
  throttle: ThrottleSpec | null;
  budget: BudgetSpec | null;
  hedge: HedgeSpec | null;
  /** The retry layers around the client, innermost first (MODEL.md E); null when none. */
  layers: LayerParams[] | null;
}

/** One retry layer in flat form: `none` timeouts and deadlines are Infinity. */
export interface LayerParams {
  retries: number;
  retryConflicts: boolean;
  backoff: BackoffPolicy;
  timeout: number;
  deadline: number;
  newCall: boolean;
}

export function paramsOf(s: Scenario): Params {
  // The loader refuses this; a scenario built in code must not get half a policy silently.
  if (s.client.hedge !== 'none' && s.client.retries > 0) {
    throw new RangeError('client.hedge requires client.retries 0: hedging and retries exclude each other');
  }
  return {
    seed: s.seed,
    actions: s.actions,
    meanGap: 1000 / s.arrivals.rate,
    median: s.service.latency.median,
    sigma: s.service.latency.sigma,
    errorRate: s.service.errorRate,
    concurrency: s.service.concurrency === 'unlimited' ? Infinity : s.service.concurrency,
    requestLoss: s.network.requestLoss,
    replyLoss: s.network.replyLoss,
    timeout: s.client.timeout,
    retries: s.client.retries,
    retryConflicts: s.client.retryConflicts,
    backoff: { ...s.client.backoff },
    deadline: s.client.deadline === 'none' ? Infinity : s.client.deadline,
    scope: s.keys.scope,
    retention: s.keys.retention,
    readThenWrite: s.keys.claim === 'read-then-write',
    raceWindow: s.keys.raceWindow,
    fingerprint: s.keys.fingerprint,
    replanProbability: s.agent.replan.probability,
    replanMax: s.agent.replan.max,
    replanDelayMin: s.agent.replan.delay.min,
    replanDelayMax: s.agent.replan.delay.max,
    argsChange: s.agent.replan.argsChange,
    crashProbability: s.agent.crash.probability,
    crashMax: s.agent.crash.max,
    resumeMin: s.agent.crash.resumeDelay.min,
    resumeMax: s.agent.crash.resumeDelay.max,
    identicalRepeats: s.agent.identicalRepeats,
    serverCrash: s.service.crash.probability,
    afterEffect: s.service.crash.afterEffect,
    failure: s.service.failure.probability,
    failureAfterEffect: s.service.failure.afterEffect,
    errorsDelete: s.keys.errors === 'delete',
    mismatchConflict: s.keys.mismatchStatus === 409,
    fingerprintWhileRunning: s.keys.fingerprintWhileRunning,
    transactional: s.keys.transactional,
    // A crashed transaction holds no row: a lease has nothing to take over.
    lease: s.keys.lease === 'none' || s.keys.transactional ? Infinity : s.keys.lease,
    leaseRenewal: s.keys.leaseRenewal,
    profile: profileOf(s.arrivals.profile, s.arrivals.rate),
    incidents: s.incidents.length === 0 ? null : new Incidents(s.incidents),
    seriesInterval: usesTimeSeries(s) ? seriesInterval(s) : 0,
    checkProbability: s.agent.checkFirst.probability,
    checkLatency: s.agent.checkFirst.latency,
    throttle: s.client.throttle === 'none' ? null : { ...s.client.throttle },
    budget: s.client.budget === 'none' ? null : { ...s.client.budget },
    hedge: s.client.hedge === 'none' ? null : { ...s.client.hedge },
    layers: s.client.layers.length === 0 ? null : s.client.layers.map(layerParams),
  };
}

function layerParams(layer: Layer): LayerParams {
  return {
    retries: layer.retries,
    retryConflicts: layer.retryConflicts,
    backoff: { ...layer.backoff },
    timeout: layer.timeout === 'none' ? Infinity : layer.timeout,
    deadline: layer.deadline === 'none' ? Infinity : layer.deadline,
    newCall: layer.newCall,
  };
}

export class Sim {
  readonly queue = new EventQueue();
  readonly tally: Tally;
  /** The per-action counts by batch of actions, for a paired comparison (model/batches.ts). */
  readonly batches: BatchTally;
  readonly store: KeyStore | null;
  /** Arrival gaps. */
  readonly gaps: Alea;
  /** Each action's first block of draws, taken in arrival order. */
  readonly blocks: Alea;
  /** Scratch for draws taken several at a time (read at once, never kept). */
  readonly draws = new Float64Array(BLOCK_DRAWS);
  nextAction = 0;
  nextCallId = 0;
  nextVersion = 0;
  nextAttemptKey = 0;
  lastBusinessId = -1;
  /** Executions holding a service slot, and those waiting for one (FIFO). */
  busy = 0;
  readonly waiting: Execution[] = [];
  waitingHead = 0;
  /** The seed as a key of the counter-based streams (draws.ts, keyed.ts). */
  readonly seedKey: number;
  /** Executions started so far: each one's serial number names it as a record's owner. */
  nextExecution = 0;
  /** The business identity of the latest action, when reads need to see its commits. */
  lastBusiness: { commits: number } | null = null;
  /** Only when a report asks for detail: traces, the key store over time. */
  readonly tracer: Tracer | null;
  readonly timeline: KeyStoreTimeline | null;
  /** Only when the scenario asks for it. */
  readonly series: Series | null;
  timeSeries: TimeSeries | null = null;
  /** Per record, the commits on it by action, for lease-takeover duplicates (only with a lease). */
  readonly recordCommits: Map<number, RecordCommits[]> | null;
  /** Attempts sent and not yet ended, in the whole run. */
  attemptsInFlight = 0;
  /** With a retry budget: retries decided and not yet ended. */
  retriesInFlight = 0;
  /** With a retry throttle: the tokens in its bucket, full at the start. */
  tokens: number;
  /** Told how many actions have arrived, every 16,384 actions. */
  readonly onProgress: ((done: number, total: number) => void) | null;
  /** Told what the run holds, every 65,536 events (simulate.ts). */
  readonly onLive: ((live: LiveCounts) => void) | null;
  /** Told every key-store operation, in order (for `store replay`); null when nobody asked. */
  readonly onKeyOp: ((op: KeyOp) => void) | null;
  /** Plain actions take the fast path (plain.ts); false runs every action the full way. */
  readonly plain: boolean;
  /** Importance sampling's tilts and weighted sums (rare.ts), or null for plain Monte Carlo. */
  readonly rare: Rare | null;
  /** Actions that took it (for tests: the comparison of the two paths is not vacuous). */
  plainActions = 0;

  constructor(
    readonly p: Params,
    readonly rate: number,
    options: {
      trace?: TraceOptions;
      onProgress?: (done: number, total: number) => void;
      onLive?: (live: LiveCounts) => void;
      onKeyOp?: (op: KeyOp) => void;
      plain?: boolean;
      rare?: Rare;
    } = {},
  ) {
    this.tracer = options.trace === undefined ? null : new Tracer(options.trace);
    this.onProgress = options.onProgress ?? null;
    this.onLive = options.onLive ?? null;
    this.onKeyOp = options.onKeyOp ?? null;
    this.tally = new Tally();
    this.batches = new BatchTally(p.actions);
    this.gaps = arrivalGaps(p.seed);
    this.seedKey = seedKey(p.seed);
    this.blocks = actionBlocks(p.seed);
    this.store =
      p.scope === 'none'
        ? null
        : new KeyStore(
            p.retention,
            expectedRecords(p, rate),
            (life) => this.tally.lifetimes.push(life),
            p.serverCrash > 0 || p.lease < Infinity,
          );
    this.tokens = p.throttle === null ? 0 : p.throttle.capacity;
    this.series = p.seriesInterval > 0 ? new Series(p.seriesInterval) : null;
    this.recordCommits = this.store !== null && p.lease < Infinity ? new Map() : null;
    this.timeline =
      options.trace === undefined || this.store === null
        ? null
        : new KeyStoreTimeline(p.profile === null ? (1000 * p.actions) / rate : expectedSpan(p.profile, p.actions));
    this.rare = options.rare ?? null;
    // Tilted draws are taken on the full path only.
    this.plain = options.plain !== false && this.rare === null && plainAllowed(p, this.onKeyOp);
  }
}

/**
 * Whether a run may take the fast path (plain.ts) at all: a listener of key-store operations
 * (which wants every lookup) and reads that can see a genuine repeat's commits (business
 * identities shared) need the full path for every action, and so does a retry layer with a
 * timeout, whose timer every tool call schedules.
 */
function plainAllowed(p: Params, onKeyOp: Sim['onKeyOp']): boolean {
  const layerTimers = p.layers !== null && p.layers.some((layer) => layer.timeout !== Infinity);
  return onKeyOp === null && !(p.checkProbability > 0 && p.identicalRepeats > 0) && !layerTimers;
}

/** The commits of one action on one key record, and whether a lease takeover made one of them. */
export interface RecordCommits {
  action: number;
  takeover: boolean;
}

/**
 * A first guess at the key store's size, so a long run rarely has to grow its arrays. It
 * is capped (8 million records, about 400 MB): a store that really gets bigger grows as
 * records arrive, and a guess never reserves memory a run may not use.
 */
function expectedRecords(p: Params, rate: number): number {
  const perAction = p.scope === 'attempt' ? 1.1 : 1;
  const live = Math.min(p.actions, (rate * p.retention) / 1000) * perAction;
  return Math.min(live * 1.05 + 1024, 1 << 23);
}
