// `--set path=value` overrides: a dotted field path and a YAML value, placed into the tree
// before validation so that a set value is checked exactly like one from the file. Issues
// point into the argument: file `--set path=value`, line 1, the column inside `path=value`.
import { METRIC_NAMES, metricInfo } from '../model/metrics.js';
import { FIELDS, GROUPS } from '../model/fields.js';
import { childrenOf, fieldAt, isGroup } from '../model/field-lookup.js';
import { type Issue, type Pos, issueAt } from './issues.js';
import { LIMITS } from '../model/limits.js';
import * as msg from './messages.js';
import { parseYaml } from './parse.js';
import { CONTROL } from './kinds.js';
import { closest } from './suggest.js';
import { type MapNode, type TreeNode, emptyMap, findEntry } from './tree.js';
import { LAYER_VARY_EXAMPLES, placeInLayer, readLayerPath } from './layer-paths.js';

/** The file name under which a set's issues are reported. */
export const setFile = (arg: string): string => `--set ${shownArg(arg)}`;

/** The longest stretch of a --set argument a message repeats. */
const SHOWN_ARG = 80;

/**
 * A --set argument as a message repeats it: control characters escaped (\u0007), so that
 * none reaches the terminal raw, and a long one cut short.
 */
export function shownArg(arg: string): string {
  const escaped = arg.replace(
    new RegExp(CONTROL.source, 'g'),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > SHOWN_ARG ? `${escaped.slice(0, SHOWN_ARG - 3)}...` : escaped;
}

/** One key of the tree a set path leads through, and its column in the argument. */
interface Step {
  key: string;
  col: number;
}

const join = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);

/** Every path a set may name, for did-you-mean. */
const SETTABLE: readonly string[] = [
  ...Object.keys(GROUPS),
  ...FIELDS.flatMap((field) => [field.path, ...Object.keys(field.members ?? {}).map((m) => `${field.path}.${m}`)]),
  ...METRIC_NAMES.map((name) => `expect.${name}`),
  ...LAYER_VARY_EXAMPLES,
];

function suggestPath(path: string): string | undefined {
  const near = closest(path, SETTABLE);
  if (near !== undefined) return near;
  const leaf = path.split('.').pop()?.toLowerCase();
  return SETTABLE.find((known) => known.split('.').pop()?.toLowerCase() === leaf && !known.startsWith('expect.'));
}

/** `expect.<metric>` or `expect.<metric>.min|max`: metric names have dots of their own. */
function expectSteps(rest: string, col: number, at: (col: number) => Pos, issues: Issue[]): Step[] | undefined {
  if (metricInfo(rest) !== undefined) return [{ key: rest, col }];
  const dot = rest.lastIndexOf('.');
  const metric = rest.slice(0, dot);
  const bound = rest.slice(dot + 1);
  if (dot > 0 && (bound === 'min' || bound === 'max') && metricInfo(metric) !== undefined) {
    return [
      { key: metric, col },
      { key: bound, col: col + dot + 1 },
    ];
  }
  const name = dot > 0 && (bound === 'min' || bound === 'max') ? metric : rest;
  issues.push(issueAt(at(col), `expect.${rest}`, msg.unknownMetric(name, closest(name, METRIC_NAMES), METRIC_NAMES)));
  return undefined;
}

/** The tree keys a dotted path stands for, or undefined (reported) when it names no field. */
function resolvePath(path: string, start: number, at: (col: number) => Pos, issues: Issue[]): Step[] | undefined {
  const parts = path.split('.');
  const steps: Step[] = [];
  let current = '';
  let col = start;
  for (const [i, part] of parts.entries()) {
    const next = join(current, part);
    const field = fieldAt(current);
    if (isGroup(current) && (isGroup(next) || fieldAt(next) !== undefined)) {
      steps.push({ key: part, col });
    } else if (field?.kind === 'expect') {
      const rest = expectSteps(parts.slice(i).join('.'), col, at, issues);
      return rest === undefined ? undefined : [...steps, ...rest];
    } else if (field?.members !== undefined && Object.hasOwn(field.members, part) && i === parts.length - 1) {
      steps.push({ key: part, col });
    } else {
      const valid =
        field?.members !== undefined ? Object.keys(field.members) : isGroup(current) ? childrenOf(current) : [];
      issues.push(issueAt(at(col), path, msg.unknownSetPath(path, suggestPath(path), current, valid)));
      return undefined;
    }
    current = next;
    col += part.length + 1;
  }
  return steps;
}

/** Puts `value` at the steps' place, creating or replacing maps on the way: later sets win. */
function place(root: MapNode, steps: readonly Step[], value: TreeNode, at: (col: number) => Pos): void {
  let map = root;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    const entry = findEntry(map, step.key);
    const fresh = last ? value : entry?.value.kind === 'map' ? entry.value : emptyMap(at(step.col));
    if (entry === undefined) map.entries.push({ key: step.key, keyPos: at(step.col), value: fresh });
    else if (last) Object.assign(entry, { keyPos: at(step.col), value: fresh });
    else entry.value = fresh;
    if (fresh.kind === 'map') map = fresh;
  }
}

function applySet(root: MapNode, arg: string, issues: Issue[]): void {
  const file = setFile(arg);
  const at = (col: number): Pos => ({ file, line: 1, col });
  const eq = arg.indexOf('=');
  const rawPath = eq < 0 ? '' : arg.slice(0, eq);
  const path = rawPath.trim();
  if (path === '') {
    issues.push(issueAt(at(1), '', msg.badSet(arg)));
    return;
  }
  const start = rawPath.length - rawPath.trimStart().length + 1;
  const layer = readLayerPath(path, msg.unknownSetPath);
  if (layer !== undefined && 'problem' in layer) issues.push(issueAt(at(start + layer.at), path, layer.problem));
  const steps = layer === undefined ? resolvePath(path, start, at, issues) : undefined;
  const source = { file, locate: (offset: number) => ({ line: 1, col: eq + 2 + offset }) };
  const value = parseYaml(arg.slice(eq + 1), source, issues);
  if (value === undefined) return;
  if (steps !== undefined) place(root, steps, value, at);
  if (layer !== undefined && !('problem' in layer)) {
    const pos = (offset: number): Pos => at(start + offset);
    const put = (map: MapNode, keys: readonly { key: string; at: number }[], node: TreeNode): void => {
      const inside = keys.map(({ key, at: offset }) => ({ key, col: start + offset }));
      place(map, inside, node, at);
    };
    const problem = placeInLayer(root, layer, value, pos, put);
    if (problem !== undefined) issues.push(issueAt(pos(layer.indexAt), path, problem));
  }
}

/** Applies each `path=value` in order to the tree, reporting malformed or unknown ones. */
export function applySets(root: MapNode, sets: readonly string[], issues: Issue[]): void {
  if (sets.length > LIMITS.maxSets) {
    issues.push(issueAt({ file: setFile(sets[0] ?? ''), line: 1, col: 1 }, '', msg.tooManySets(sets.length)));
    return;
  }
  for (const arg of sets) applySet(root, arg, issues);
}
