// Reading and validating scenario files for every command that simulates: all problems of
// all files are gathered before anything runs, and `--set`, `--seed` and `--actions` mean
// the same everywhere.
import type { Command } from 'commander';
import { formatCount } from '../format/format.js';
import {
  defaultScenario,
  defaultsWithSets,
  formatIssue,
  formatWarning,
  loadScenario,
  type LoadOutcome,
} from '../scenario/index.js';
import type { Scenario } from '../model/scenario.js';
import { InputError } from './errors.js';
import { readScenarioFile } from './validate.js';
import { DEFAULT_MAX_MEMORY } from '../analytic/memory.js';
import { MAX_MEMORY_HELP, checkDrawing, checkMemory, checkRetained, parseMaxMemory, type Drawing } from './memory.js';

/** What bounds a run's memory: the ceiling (bytes), and the actions a sized run may reach. */
export interface MemoryLimit {
  ceiling: number | undefined;
  actions?: number;
  /** Runs of each scenario the command keeps at once (`run --replicas N`). */
  copies?: number;
  /** The report folder the command draws once its runs are done (--out), if any. */
  drawing?: Drawing;
}

/** The memory limit of a command's `--max-memory` (and its sizing's cap, if it sizes runs). */
export function memoryLimit(maxMemory: string | undefined, maxActions?: number): MemoryLimit {
  const ceiling = maxMemory === undefined ? undefined : parseMaxMemory(maxMemory);
  return maxActions === undefined ? { ceiling } : { ceiling, actions: maxActions };
}

/** The ceiling, in bytes, that the memory guard (pool/memory-guard.ts) keeps a run under. */
export function ceilingOf(limit: MemoryLimit): number {
  return limit.ceiling ?? DEFAULT_MAX_MEMORY;
}

/** `ctx` with the limit's ceiling, which the memory guard of every run it simulates keeps to. */
export function withCeiling<T extends { memoryCeiling?: number }>(ctx: T, limit: MemoryLimit): T {
  return { ...ctx, memoryCeiling: ceilingOf(limit) };
}

/** Refuses a scenario whose run would outgrow the memory limit (cli/memory.ts). */
export function withinMemory(scenario: Scenario, where: string, limit: MemoryLimit): Scenario {
  checkMemory(
    scenario,
    where,
    limit.ceiling,
    limit.actions === undefined ? undefined : Math.max(limit.actions, scenario.actions),
  );
  return scenario;
}

/** A scenario and the file it came from (undefined for the built-in defaults). */
export interface Loaded {
  file: string | undefined;
  scenario: Scenario;
  /** The fields the file or a --set wrote; the others took their defaults. */
  given: readonly string[];
}

/**
 * Every file read and validated before anything is simulated, so one invocation reports
 * every unreadable file and every issue at once. No files: the built-in defaults. Fields
 * that load but have no effect (a lease beside a transaction) are told to `warn`, once
 * each, as `FILE:LINE:COL: warning: ...`; they do not stop the run.
 */
export function loadScenarios(
  files: readonly string[],
  sets: readonly string[],
  cwd: string,
  warn?: (line: string) => void,
  memory: MemoryLimit = { ceiling: undefined },
): Loaded[] {
  const warnings = new Set<string>();
  const noteWarnings = (outcome: LoadOutcome): void => {
    if (outcome.ok) for (const w of outcome.warnings) warnings.add(formatWarning(w));
  };
  const told = (result: Loaded[]): Loaded[] => {
    if (warn !== undefined) for (const line of warnings) warn(line);
    for (const l of result) withinMemory(l.scenario, l.file ?? 'the defaults', memory);
    const scenarios = result.map((l) => l.scenario);
    const where = result.length === 1 ? (result[0]?.file ?? 'the defaults') : `${result.length} scenarios`;
    checkRetained(scenarios, where, memory.ceiling, memory.copies);
    if (memory.drawing !== undefined) checkDrawing(scenarios, where, memory.drawing, memory.ceiling);
    return result;
  };
  if (files.length === 0) {
    const outcome = defaultsWithSets(sets);
    noteWarnings(outcome);
    return told([{ file: undefined, scenario: scenarioOf(outcome), given: outcome.ok ? outcome.given : [] }]);
  }
  const problems: string[] = [];
  const loaded: Loaded[] = [];
  for (const file of files) {
    const read = readScenarioFile(cwd, file);
    if ('problem' in read) {
      problems.push(read.problem);
      continue;
    }
    const outcome = loadScenario(read.text, file, sets);
    noteWarnings(outcome);
    if (outcome.ok) loaded.push({ file, scenario: outcome.scenario, given: outcome.given });
    else problems.push(...outcome.issues.map(formatIssue));
  }
  // A bad --set is reported once, not once per file it was applied to.
  if (problems.length > 0) throw new InputError([...new Set(problems)]);
  return told(loaded);
}

/** One file, or the built-in defaults when there is none, loaded as loadScenarios loads it. */
export function loadOne(file: string | undefined, sets: readonly string[], cwd: string, maxMemory?: string): Loaded {
  const [loaded] = loadScenarios(file === undefined ? [] : [file], sets, cwd, undefined, memoryLimit(maxMemory));
  if (loaded === undefined) throw new Error('loadScenarios returned no scenario');
  return loaded;
}

/** A loader for one file (or the defaults) that more sets can be applied to, as a sweep does. */
export function scenarioSource(file: string | undefined, cwd: string): (sets: readonly string[]) => LoadOutcome {
  if (file === undefined) return (sets) => defaultsWithSets(sets);
  const read = readScenarioFile(cwd, file);
  if ('problem' in read) throw new InputError(read.problem);
  return (sets) => loadScenario(read.text, file, sets);
}

export function scenarioOf(outcome: LoadOutcome): Scenario {
  if (!outcome.ok) throw new InputError(outcome.issues.map(formatIssue));
  return outcome.scenario;
}

/** `--seed 7` is `--set seed=7`: both go through the scenario loader's validation. */
export function shorthand(path: string, value: string): string {
  return `${path}=${value}`;
}

/** What --actions means where the scenario's own `actions:` is used (run, check, sweep...). */
export const SCENARIO_ACTIONS = `same as --set actions=<n> (default: the scenario file's actions: value, ${formatCount(defaultScenario().actions)} if it has none)`;

/**
 * Adds --set, --seed and --actions to a command. They collect into one list in
 * command-line order, so the later one wins. `actionsHelp`: the --actions line, for a
 * command whose default is not the scenario's (recommend's per-point count).
 */
export function withScenarioOptions(command: Command, sets: string[], actionsHelp = SCENARIO_ACTIONS): Command {
  const collect = (path?: string) => (value: string) => {
    sets.push(path === undefined ? value : shorthand(path, value));
    return sets;
  };
  return command
    .option(
      '--set <path=value>',
      'override a scenario field, e.g. keys.scope=intent; repeatable; applies to every file (default: none)',
      collect(),
    )
    .option(
      '--seed <seed>',
      "same as --set seed=<seed> (default: the scenario's seed, 1 if it sets none)",
      collect('seed'),
    )
    .option('--actions <n>', actionsHelp, collect('actions'))
    .option('--max-memory <size>', MAX_MEMORY_HELP);
}
