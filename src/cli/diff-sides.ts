// The two sides of `idemsim diff`, as the command line names them: a saved run (a .json
// file, a report folder or its summary.json) or scenario files, read and validated before
// anything is simulated; then the scenario files simulated under one progress line.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { carriedBy } from '../model/features.js';
import { canonicalMetrics } from '../model/canonical.js';
import type { Scenario } from '../model/scenario.js';
import type { NamedResult } from '../model/diff.js';
import type { DiffSide } from '../report/diff/cells.js';
import { looksLikeSavedRuns, parseSavedRuns } from '../saved/runs.js';
import { simulate, type SimulateOptions } from '../sim/simulate.js';
import type { CommandContext } from './context.js';
import { InputError } from './errors.js';
import { shortLine } from '../saved/line.js';
import { shortened } from './short-errors.js';
import { terminalText } from '../report/text.js';
import { listed } from '../report/parts/merge-sweep.js';
import { loadScenarios, type MemoryLimit } from './load.js';
import { unreadable } from './messages.js';
import { MAX_JSON_BYTES, readBoundedOrFail } from './read-bounded.js';
import { startProgress } from './progress.js';
import { VERSION } from './version.js';

/** One side as named on the command line: saved runs, or scenario files still to simulate. */
export type Input =
  { kind: 'saved'; file: string; runs: NamedResult[]; idemsim: string | null } | { kind: 'scenario'; file: string };

/** One scenario simulated, carrying the metrics its saved JSON would. */
export function simulated(scenario: Scenario, options: SimulateOptions): NamedResult {
  const result = simulate(scenario, options);
  return { name: scenario.name, result: { ...result, metrics: canonicalMetrics(result.metrics, carriedBy(scenario)) } };
}

const MAKE_ONE =
  'name a saved run (idemsim run --format json > FILE.json), a report folder (idemsim run --out DIR) or scenario files';

/**
 * A folder is a report folder (its summary.json); a .json file is saved runs; a .yaml or
 * .yml file is a scenario; anything else is saved runs when it reads as JSON with a
 * `runs` list, and a scenario otherwise.
 */
export function readInput(arg: string, cwd: string): Input {
  try {
    return inputOf(arg, cwd);
  } catch (error) {
    throw shortened(error);
  }
}

/** A line naming saved runs, short whatever they hold (saved/line.ts). */
const short = (line: string): string => shortLine(terminalText(line));

function inputOf(arg: string, cwd: string): Input {
  const path = resolve(cwd, arg);
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    throw new InputError(unreadable(arg, error));
  }
  if (isFolder)
    return savedInput(
      join(arg, 'summary.json'),
      join(path, 'summary.json'),
      `${arg}: a folder without summary.json; ${MAKE_ONE}`,
    );
  if (/\.ya?ml$/i.test(arg)) return { kind: 'scenario', file: arg };
  if (/\.json$/i.test(arg)) return savedInput(arg, path);
  const text = readText(arg, path);
  return looksLikeSavedRuns(jsonOrUndefined(text)) ? saved(arg, text) : { kind: 'scenario', file: arg };
}

function savedInput(file: string, path: string, missing?: string): Input {
  return saved(file, readText(file, path, missing));
}

function saved(file: string, text: string): Input {
  const outcome = parseSavedRuns(text, file);
  if (!outcome.ok) throw new InputError(outcome.problem);
  return { kind: 'saved', file, runs: outcome.saved.runs, idemsim: outcome.saved.idemsim ?? null };
}

function readText(file: string, path: string, missing?: string): string {
  if (missing !== undefined && !existsSync(path)) throw new InputError(missing);
  return readBoundedOrFail(path, file, MAX_JSON_BYTES, 'a saved run');
}

function jsonOrUndefined(text: string): unknown {
  const body = text.trimStart(); // a byte order mark too
  try {
    return body.startsWith('{') ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** One side: the runs read from a saved file, or the scenarios of its files still to simulate. */
export interface Side {
  info: DiffSide;
  saved: NamedResult[];
  scenarios: Scenario[];
}

export const namesOf = (side: Side): string[] => [...side.saved, ...side.scenarios].map((r) => r.name);

/** One saved run file, or scenario files (loaded and validated now, simulated later). */
export function sideOf(
  label: 'BASE' | 'NEW',
  inputs: readonly Input[],
  sets: readonly string[],
  cwd: string,
  memory?: MemoryLimit,
): Side {
  const files = inputs.map((i) => i.file);
  const [first, ...rest] = inputs;
  if (first?.kind === 'saved' && rest.length === 0) {
    uniqueNames(label, first.file, first.runs);
    return { info: { files, sets: [], idemsim: first.idemsim, simulated: false }, saved: first.runs, scenarios: [] };
  }
  if (inputs.some((i) => i.kind === 'saved')) {
    throw new InputError(
      `${label}: name one saved run (a .json file or a report folder) or scenario files, not several or both; found ${files.join(', ')}`,
    );
  }
  const scenarios = loadScenarios(files, sets, cwd, undefined, memory).map((l) => l.scenario);
  uniqueNames(label, files.join(', '), scenarios);
  return { info: { files, sets: [...sets], idemsim: VERSION, simulated: true }, saved: [], scenarios };
}

/**
 * Both sides' runs, their scenario files simulated under one progress line. A simulated run
 * carries the metrics its saved JSON would (the extended ones only where its scenario uses
 * them), so a scenario file compares with its saved run exactly as two saved runs do.
 */
export function runsOf(sides: readonly Side[], ctx: CommandContext): NamedResult[][] {
  const total = sides.reduce((sum, side) => sum + side.scenarios.reduce((n, s) => n + s.actions, 0), 0);
  const progress = startProgress(ctx, total);
  let before = 0;
  try {
    return sides.map((side) => [
      ...side.saved,
      ...side.scenarios.map((scenario) => {
        const options = progress.options(before);
        before += scenario.actions;
        return simulated(scenario, options);
      }),
    ]);
  } finally {
    progress.finish();
  }
}

function uniqueNames(label: string, where: string, runs: readonly { name: string }[]): void {
  const names = runs.map((r) => r.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) {
    throw new InputError(
      short(
        `${label} ${where}: two scenarios are named '${repeated}'; names must differ on each side to be matched (set name: in the file)`,
      ),
    );
  }
}

/** Nothing to compare is bad input, found before anything is simulated. */
export function checkMatch(baseNames: readonly string[], freshNames: readonly string[]): void {
  if (!freshNames.some((name) => baseNames.includes(name))) {
    throw new InputError(
      short(
        `diff: no scenario of NEW (${listed(freshNames)}) has the name of one in BASE (${listed(baseNames)}); scenarios are matched by name`,
      ),
    );
  }
}
