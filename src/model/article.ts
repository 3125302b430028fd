// What the article is made of, as data: every number it states (a closed form beside a
// simulated value, each traceable to a committed scenario) and what each chart is drawn from.
import type { Comparison, Formula } from './comparison.js';
import type { DetailedScenarioRun, Interval, ScenarioRun } from './result.js';
import type { Scenario } from './scenario.js';

/** A committed scenario file (relative to the repository) and `--set` overrides, in order. */
export interface ScenarioRef {
  file: string;
  sets: readonly string[];
}

/** Reads and validates a scenario; the CLI supplies one that reads the committed files. */
export type ScenarioLoader = (ref: ScenarioRef) => Scenario;

/** `scenarios/x.yaml --set a=1 --set b=2`: how a reader reruns it with `idemsim run`. */
export function refText(ref: ScenarioRef): string {
  return [ref.file, ...ref.sets.map((set) => `--set ${set}`)].join(' ');
}

/** How a number is written: a share, a count per thousand, keys, bytes, a rate. */
export const NumberUnit = {
  share: 'share',
  perThousand: 'perThousand',
  keys: 'keys',
  bytes: 'bytes',
  perSecond: 'perSecond',
  perDay: 'perDay',
} as const;
export type NumberUnit = keyof typeof NumberUnit;

/**
 * How a simulated value's 95% interval was taken. `share`: successes / trials with the
 * exact (Clopper-Pearson) interval; `mean`: a per-action mean (or a fixed multiple of one)
 * with the interval the run reports for it.
 */
export type IntervalKind = { kind: 'share'; successes: number; trials: number } | { kind: 'mean' };

/**
 * One number of the article. `name` is what it is in one line; `formula` and `closedForm`
 * the article's arithmetic (docs/model.md); `expected` the exact expectation of what the
 * simulator counts (equal to the closed form unless `note` says why not); `simulated` and
 * `interval` a seeded run's value and its 95% interval.
 */
export interface ArticleNumber extends Comparison<NumberUnit> {
  /** Stable identifier, e.g. `pSlow.defaults`. */
  id: string;
  /** How the article states it. */
  article: string;
  closedForm: number;
  expected: Formula;
  interval: Interval;
  applies: true;
  /** What was counted, in words. */
  measure: string;
  intervalKind: IntervalKind;
  scenario: ScenarioRef;
  /** How the number was computed, where its formula leaves something out (numbers.md, numbers.json). */
  note?: string;
  /**
   * What the page says beside the number: why it differs from another figure of the same
   * quantity on the page or in the article, in the build's own values.
   */
  aside?: string;
  /** A key-store size: the same store with records as real stores hold them. */
  measured?: readonly MeasuredSize[];
}

/**
 * A key store with records of a size measured in a real store: a run's simulated live
 * keys times the bytes `idemsim store measure` counted there for the article's record.
 */
export interface MeasuredSize extends SimulatedPoint {
  /** The store and its version: "Redis 7.0.15". */
  store: string;
  /** Bytes a record takes in that store. */
  recordBytes: number;
  /** The run's simulated live keys (steady state) that the size multiplies. */
  keys: number;
}

/**
 * Duplicate refunds a day with no key, three ways, each from its own inputs: the article's
 * arithmetic, blind retries alone (the numbers table) and the worked example's first step
 * as committed (its chart).
 */
export interface NoKeyPerDay {
  /** The worked example's scenario file (step 1, no key). */
  file: string;
  /** Refunds a second. */
  rate: number;
  /** The closed form's q, unrounded. */
  q: number;
  /** The article's arithmetic: q rounded to a whole percent, and rate x that q x 86,400 s. */
  article: { q: number; value: number };
  /** The file with its re-plans and crash replays off, as the article's sentence models it. */
  retriesOnly: SimulatedPoint;
  /** The file as committed: blind retries, re-plans and crash replays. */
  committed: SimulatedPoint;
}

/** A simulated value and its 95% interval: a point with its bar. */
export interface SimulatedPoint {
  value: number;
  interval: Interval;
}

/** What every figure carries beside its data: one line per scenario (and overrides) behind it. */
export interface FigureSources {
  sources: readonly string[];
}

/** Figure 1: P(S > T) against the client timeout, for a normal service and a slow one. */
export interface TimeoutFigure extends FigureSources {
  /** The timeout axis, ms (drawn on a log scale). */
  domain: readonly [number, number];
  /** The normal service first, then the slow one. */
  services: readonly TimeoutService[];
}

export interface TimeoutService {
  /** The committed scenario: its service, sigma and timeout are quoted. */
  scenario: Scenario;
  /** The closed form over the timeout axis. */
  curve: readonly { timeout: number; pSlow: number }[];
  /** P(S > T) at the scenario's own timeout. */
  pSlow: number;
}

/** Figure 2: duplicates per 1,000 actions from blind retries (no key, no re-plans) against reply loss. */
export interface RetriesFigure extends FigureSources {
  /** The lab's defaults, which the closed form starts from. */
  defaults: Scenario;
  /** Retry counts, one line each. */
  retries: readonly number[];
  /** The reply-loss axis runs from 0 to this, in percent. */
  maxLossPercent: number;
  /** The closed form per retry count over the reply-loss axis. */
  lines: readonly { retries: number; lossPercent: number; perThousand: number }[];
  points: readonly (SimulatedPoint & { retries: number; lossPercent: number })[];
  /** The closed form at the defaults' reply loss and retry count. */
  atDefaults: number;
  /** Simulated actions per point. */
  actions: number;
}

/** Figure 3: what each key scope lets through, one workload under every scope. */
export interface ScopesFigure extends FigureSources {
  /** The committed scenario as it is: its parameters are quoted. */
  scenario: Scenario;
  /** One run per scope, in Scope's order, each scenario named by its scope. */
  runs: readonly ScenarioRun[];
}

/** A retention in minutes beside a value of it. */
export interface AtRetention {
  minutes: number;
  value: number;
}

/** Figure 4: crash replays caught against key-store size, over the key retention. */
export interface RetentionFigure extends FigureSources {
  /** The retention axis, minutes (drawn on a log scale). */
  domain: readonly [number, number];
  /** A crash-replay scenario: its resume delay and rate are quoted. */
  crash: Scenario;
  /** A key-store scenario: its rate and record size are quoted. */
  store: Scenario;
  /** The share of crash replays that find their key. */
  caught: RetentionPanel;
  /** The key store's steady-state size in bytes. */
  bytes: RetentionPanel;
  /** At the retentions the bytes panel marks: the size with records as real stores hold them. */
  measured: readonly { minutes: number; sizes: readonly MeasuredSize[] }[];
}

/** One quantity over the retention: its closed form, simulations, and the retentions the figure marks. */
export interface RetentionPanel {
  curve: readonly AtRetention[];
  points: readonly (SimulatedPoint & { minutes: number })[];
  /** The closed form at the retentions the caption and notes quote. */
  marks: readonly AtRetention[];
}

/** One column of the worked example: a decision and the duplicate refunds a day it leaves. */
export interface WaterfallStep extends SimulatedPoint {
  /** What this step decides, e.g. "per-call key". */
  decision: string;
  /** The scenario's short name, e.g. "refunds-2". */
  name: string;
  scenario: Scenario;
}

/** Figure 5: the worked example as a waterfall, refunds-1 to refunds-4 in order. */
export interface WaterfallFigure extends FigureSources {
  steps: readonly WaterfallStep[];
  /** The first step's count beside the other counts of duplicates a day with no key. */
  noKey: NoKeyPerDay;
}

/** Figure 6: the lab picture, the first actions of the defaults traced attempt by attempt. */
export interface LabFigure extends FigureSources {
  run: DetailedScenarioRun;
  /** How many actions were traced. */
  actions: number;
}

export interface ArticleFigures {
  timeout: TimeoutFigure;
  retries: RetriesFigure;
  scopes: ScopesFigure;
  retention: RetentionFigure;
  waterfall: WaterfallFigure;
  lab: LabFigure;
}

/** Every number and figure of the article, in the article's order. */
export interface Article {
  numbers: readonly ArticleNumber[];
  figures: ArticleFigures;
}
