// Small detailed runs from the real core, for the report-folder tests: a few hundred
// actions of the article defaults and of an intent-keyed variant, traced like `run --out`.
import { defaultsWithSets } from '../../../../src/scenario/index.js';
import type { Scenario } from '../../../../src/model/scenario.js';
import { simulate } from '../../../../src/sim/simulate.js';
import type { Summary, SummaryRun } from '../../../../src/saved/summary.js';

export function scenarioWith(sets: readonly string[]): Scenario {
  const outcome = defaultsWithSets(sets);
  if (!outcome.ok) throw new Error(outcome.issues.map((issue) => issue.message).join('; '));
  return outcome.scenario;
}

export function detailedRun(sets: readonly string[] = []): SummaryRun {
  const scenario = scenarioWith(['actions=400', ...sets]);
  return { scenario, result: simulate(scenario, { trace: { mode: 'first', actions: 12 } }) };
}

export function summaryOf(...runs: SummaryRun[]): Summary {
  return { idemsim: '9.9.9', runs: runs.length > 0 ? runs : [detailedRun()] };
}

/** An absolute or scheme-relative URL: what a page would fetch or link to off the disk. */
export const EXTERNAL_URL = /(https?:)?\/\/[^\s"'<>]/;

/**
 * SVG's xmlns and xmlns:xlink values are namespace names (identifiers a parser compares,
 * never fetches), the only http: text a standalone SVG must hold. They are removed here
 * by exact name and value, so that any other URL, in or out of an SVG, still fails.
 */
export function withoutSvgNamespaces(text: string): string {
  return text
    .replaceAll(' xmlns="http://www.w3.org/2000/svg"', '')
    .replaceAll(' xmlns:xlink="http://www.w3.org/1999/xlink"', '');
}
