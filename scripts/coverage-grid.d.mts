// Types of coverage-grid.mjs for the TypeScript test that imports it.
import type { ScopeNoneExpectations, ScopeNoneInput } from '../src/analytic/retries.js';
import type { Reason } from '../src/analytic/applies.js';
import type { ClosedFormInputs } from '../src/analytic/inputs.js';
import type { Interval, RunResult } from '../src/model/result.js';
import type { Scenario } from '../src/model/scenario.js';
import type { LoadOutcome } from '../src/scenario/index.js';

/** The idemsim functions the grid runs on, from src/ or from dist/. */
export interface Engine {
  defaultsWithSets(sets: readonly string[]): LoadOutcome;
  closedFormInputs(s: Scenario): ClosedFormInputs;
  scopeNoneExpectations(input: ScopeNoneInput): ScopeNoneExpectations;
  scopeNoneUnknownPerAction(input: ScopeNoneInput & Pick<ClosedFormInputs, 'replyLoss'>): number;
  scopeNoneReasons(s: Scenario): Reason[];
  simulate(s: Scenario): RunResult;
}

export interface ScenarioSpec {
  id: string;
  /** The rate per thousand the scenario is built to put its counts near. */
  rate: number;
  sets: string[];
}

export interface MetricSpec {
  name: string;
  truth(e: ScopeNoneExpectations & { unknown: number }): number;
  digits: number;
}

export interface Grid {
  sizes: number[];
  replicates: number;
}

export interface Prepared {
  spec: ScenarioSpec;
  scenario: Scenario;
  truth: Record<string, number>;
  reasons: string[];
}

export type Sample = Record<string, Interval & { value: number }>;

export interface Cell {
  metric: string;
  scenario: string;
  rate: number;
  actions: number;
  replicates: number;
  truth: number;
  coverage: number;
  below: number;
  above: number;
  meanWidth: number;
  /** The metric's mean over every replicate together. */
  pooledMean: number;
  /** Its standard error, at the observed mean or at the truth, whichever is larger. */
  pooledSe: number;
}

export const SCENARIOS: readonly ScenarioSpec[];
export const METRICS: readonly MetricSpec[];
export const GRIDS: { test: Grid; full: Grid };
export const REQUIRED_COVERAGE: number;
export function seedOf(id: string, actions: number, r: number): string;
export function prepare(engine: Engine, spec: ScenarioSpec): Prepared;
export function runReplicates(engine: Engine, prepared: Prepared, actions: number, from: number, to: number): Sample[];
export function summarize(prepared: Prepared, actions: number, samples: Sample[]): Cell[];
export function runGrid(engine: Engine, prepared: readonly Prepared[], grid: Grid): Cell[];
export function sortCells(cells: readonly Cell[]): Cell[];
export function shortfalls(cells: readonly Cell[], required?: number): Cell[];
export function pooledZ(c: Cell): number;
export function pooledMisses(cells: readonly Cell[], z: number): Cell[];
export function coverageTable(cells: readonly Cell[], required?: number): string;
