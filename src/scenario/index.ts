// The scenario loader's public face: YAML text (and `--set` overrides) in, a normalized
// Scenario or every issue out. Pure: no files, no console, no process; the CLI does those.
import { DEFAULT_SCENARIO_NAME } from '../model/scenario.js';
import { type Issue, issueAt, sortIssues } from './issues.js';
import * as msg from './messages.js';
import { fileSource, parseYaml } from './parse.js';
import { applySets, setFile } from './sets.js';
import { type MapNode, emptyMap, entryAt, isNull, nodeAt } from './tree.js';
import { FIELDS } from '../model/fields.js';
import { presetValues } from '../presets/presets.js';
import { handlerValues } from '../presets/handlers.js';
import type { Scenario } from '../model/scenario.js';
import { validate } from './validate.js';
import { CONTROL, TEXT_LIMIT, TEXT_LIMITS } from './kinds.js';
import { scenarioWarnings } from './warnings.js';

export { defaultScenario } from '../model/scenario.js';
export { FIELDS, GROUPS, type Field, type FieldKind } from '../model/fields.js';
export { formatIssue, formatWarning, type Issue } from './issues.js';
export { LIMITS } from '../model/limits.js';
export { scenarioToYaml } from './serialize.js';
export { schemaText } from './schema.js';
export { starterScenario } from './starter.js';

/**
 * `given`: the fields the file or a `--set` wrote, or its `client.preset` filled, in
 * field-table order; every other field took its default (a report marks them so).
 * `warnings`: what loads but is ignored, such as a lease beside a transactional effect
 * (warnings.ts); they do not stop a run.
 */
export type LoadOutcome =
  { ok: true; scenario: Scenario; given: string[]; warnings: Issue[] } | { ok: false; issues: Issue[] };

/** The file's base name without its extension: `scenarios/slow.yaml` -> `slow`; the default `name`. */
export function baseName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  const dot = base.lastIndexOf('.');
  const name = dot > 0 ? base.slice(0, dot) : base;
  return name === '' ? 'scenario' : name;
}

/**
 * The default `name` of a file's scenario: its base name with every control character
 * written as an escape (\u001b) and cut to a name's length, so that a file called anything
 * gives a name that is plain text, as a written `name:` must be, and loads back from a report.
 */
function nameFromFile(file: string): string {
  const shown = baseName(file).replace(
    new RegExp(CONTROL.source, 'g'),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return [...shown].slice(0, TEXT_LIMITS['name'] ?? TEXT_LIMIT).join('');
}

/**
 * Sets are applied and validated even when the file itself cannot be read, so that one
 * run reports every problem; with no usable file they land on an empty map.
 */
function finish(
  root: MapNode | undefined,
  name: string,
  sets: readonly string[],
  issues: Issue[],
  file: string,
  preset = true,
): LoadOutcome {
  const tree = root ?? emptyMap({ file, line: 1, col: 1 });
  applySets(tree, sets, issues);
  const scenario = validate(tree, name, issues, { preset });
  if (scenario !== undefined && issues.length === 0) {
    const warnings = sortIssues(scenarioWarnings(tree, scenario), [file, ...sets.map(setFile)]);
    return { ok: true as const, scenario, given: givenPaths(tree, scenario), warnings };
  }
  return { ok: false as const, issues: sortIssues(issues, [file, ...sets.map(setFile)]) };
}

/** The fields written, and those the preset filled: neither took idemsim's default. */
function givenPaths(tree: MapNode, scenario: Scenario): string[] {
  const preset = scenario.client.preset;
  const handler = scenario.keys.handler;
  const filled = new Set([
    ...(preset === 'none' ? [] : presetValues(preset).map(([path]) => path)),
    ...(handler === 'reference' ? [] : handlerValues(handler).map(([path]) => path)),
  ]);
  return FIELDS.filter((field) => filled.has(field.path) || nodeAt(tree, field.path.split('.')) !== undefined).map(
    (field) => field.path,
  );
}

/** file: the path as the user typed it (used in messages; its base name without extension is the default `name`). */
export function loadScenario(text: string, file: string, sets: readonly string[] = []): LoadOutcome {
  return load(text, file, sets, true);
}

/** `preset`: whether a `client.preset` fills the fields not written (not for a scenario already resolved). */
function load(text: string, file: string, sets: readonly string[], preset: boolean): LoadOutcome {
  const issues: Issue[] = [];
  const node = parseYaml(text, fileSource(file, text), issues);
  let root: MapNode | undefined;
  if (node !== undefined) {
    if (isNull(node)) issues.push(issueAt(node.pos, '', msg.emptyFile()));
    else if (node.kind !== 'map') issues.push(issueAt(node.pos, '', msg.notAMap(node)));
    else root = node;
  }
  return finish(root, nameFromFile(file), sets, issues, file, preset);
}

/**
 * A scenario embedded in another document (a report's summary.json), as text, or the
 * first problem that keeps it from loading; `where` names its place for that problem.
 * It was resolved when it ran: a field left out is at its default, even beside a
 * `client.preset` that would fill it (canonicalScenario leaves out an optional field that is off).
 */
export function embeddedScenario(text: string, where: string): Scenario | string {
  const outcome = load(text, where, [], false);
  return outcome.ok ? outcome.scenario : (outcome.issues[0]?.message ?? 'not a valid scenario');
}

/** The built-in defaults (name 'article-defaults') with --set overrides applied. */
export function defaultsWithSets(sets: readonly string[] = []): LoadOutcome {
  return finish(
    emptyMap({ file: DEFAULT_SCENARIO_NAME, line: 1, col: 1 }),
    DEFAULT_SCENARIO_NAME,
    sets,
    [],
    DEFAULT_SCENARIO_NAME,
  );
}

/** Where `path` (a dotted field) is written in the scenario text: its key's line and column, or undefined. */
export function fieldPosition(text: string, file: string, path: string): { line: number; col: number } | undefined {
  const node = parseYaml(text, fileSource(file, text), []);
  if (node === undefined || node.kind !== 'map') return undefined;
  const entry = entryAt(node, path.split('.'));
  return entry === undefined ? undefined : { line: entry.keyPos.line, col: entry.keyPos.col };
}
