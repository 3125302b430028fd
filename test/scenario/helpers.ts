// Shorthands for scenario tests: load text that must be valid, or collect its issues.
import { expect } from 'vitest';
import { type Issue, formatIssue, loadScenario } from '../../src/scenario/index.js';
import type { Scenario } from '../../src/model/scenario.js';

export const FILE = 'scenarios/test.yaml';

/** The scenario of a text that must load; fails the test with the issues otherwise. */
export function valid(text: string, sets: readonly string[] = []): Scenario {
  const outcome = loadScenario(text, FILE, sets);
  if (!outcome.ok) expect.fail(outcome.issues.map(formatIssue).join('\n'));
  return outcome.scenario;
}

/** The issues of a text that must not load. */
export function issues(text: string, sets: readonly string[] = []): Issue[] {
  const outcome = loadScenario(text, FILE, sets);
  if (outcome.ok) expect.fail(`expected issues, got a scenario for:\n${text}`);
  return outcome.issues;
}

/** The only issue of a text that must not load. */
export function issue(text: string, sets: readonly string[] = []): Issue {
  const all = issues(text, sets);
  expect(all.map(formatIssue)).toHaveLength(1);
  return all[0] as Issue;
}
