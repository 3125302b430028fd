// What the article's figures are made of: numbers (a closed form beside a simulated value
// and its interval) and charts, each traceable to the committed scenario that produced it.
import type { Chart } from '../report/chart.js';
import type { Scenario } from '../model/scenario.js';

/** A committed scenario file (relative to the repository) and `--set` overrides, in order. */
export interface ScenarioRef {
  file: string;
  sets: readonly string[];
}

/** Reads and validates a scenario; the CLI supplies one that reads the committed files. */
export type ScenarioLoader = (ref: ScenarioRef) => Scenario;

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

export interface Formula {
  value: number;
  /** The arithmetic, in one line. */
  formula: string;
}

/**
 * The simulated value and its 95% interval. `wilson`: a share successes / trials with the
 * Wilson score interval; `mean`: a per-action mean (or a fixed multiple of one) with
 * mean +- 1.96 s / sqrt(n), as the run reports it.
 */
export interface Simulated {
  value: number;
  low: number;
  high: number;
  /** What was counted, in words. */
  measure: string;
  interval: { kind: 'wilson'; successes: number; trials: number } | { kind: 'mean' };
}

export interface ArticleNumber {
  /** Stable identifier, e.g. `pSlow.defaults`. */
  id: string;
  /** What the number is, in one line. */
  figure: string;
  /** How the article states it. */
  article: string;
  unit: NumberUnit;
  /** The article's arithmetic (docs/model.md). */
  closedForm: Formula;
  /** The exact expectation of the simulated quantity (equal to the closed form unless `note` says why not). */
  expected: Formula;
  simulated: Simulated;
  scenario: ScenarioRef;
  note?: string;
}

/** A report chart plus what the figures page says about it. */
export interface FigureChart extends Chart {
  /** A few sentences for the page: what to read in the chart (the caption is one short line). */
  detail: string;
  /** One line each: the scenarios (and overrides) behind the chart. */
  sources: readonly string[];
}

export interface Figures {
  numbers: readonly ArticleNumber[];
  charts: readonly FigureChart[];
}
