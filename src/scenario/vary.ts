// `--vary PATH=SPEC` and the entries of a `sweep:` block: the values one dimension takes.
// SPEC is a list (`5m,15m,1h`) or a range with a step (`400ms..3s:200ms`, `0..0.1:0.01`).
// Every value and endpoint is read by the field's own reader, with its units and range, so
// it means exactly what it means in a scenario file; how values combine (min <= max of a
// range) is checked when each point's scenario is loaded.
import { MAX_SWEEP_POINTS, type Vary, type VaryKind } from '../model/sweep.js';
import { FIELDS, type Field, type Member } from '../model/fields.js';
import { fieldAt } from '../model/field-lookup.js';
import type { Issue, Problem } from './issues.js';
import { readDuration, readEnum, readNumber, readSize, readerOf } from './kinds.js';
import * as msg from './messages.js';
import { parseValue } from './parse.js';
import { written } from './serialize.js';
import { closest } from './suggest.js';
import { durationLiteral } from './units.js';
import { fieldSpec, isScalar, readScalar } from './read.js';
import { shownArg } from './sets.js';
import { LAYER_VARY_EXAMPLES, type LayerVariable, layerVariable } from './layer-paths.js';

export type VaryOutcome = { ok: true; vary: Vary } | { ok: false; message: string };

/** Fields a sweep may vary: every single value, members of ranges and the latency included. */
export const VARIABLE_PATHS: readonly string[] = FIELDS.flatMap((field) => {
  if (['name', 'description', 'expect', 'sweep'].includes(field.path)) return [];
  // A list (a profile, incidents) is not one value: --set it whole instead. A layer's
  // members are varied by index (client.layers[0].retries), not among these paths.
  if (field.items !== undefined || field.kind === 'layers') return [];
  if (field.members === undefined) return [field.path];
  // p50 and p99 only make sense together: vary median and sigma instead.
  return Object.keys(field.members)
    .filter((m) => m !== 'p50' && m !== 'p99')
    .map((m) => `${field.path}.${m}`);
});

/** What a misspelt path is compared with for did-you-mean: the paths, and the innermost layer's members. */
const SUGGESTED: readonly string[] = [...VARIABLE_PATHS, ...LAYER_VARY_EXAMPLES];

/**
 * What is wrong with a path a sweep is asked to vary, or undefined: one of VARIABLE_PATHS,
 * or a member of a layer by index (`client.layers[0].retries`, `client.layers[1].backoff.base`).
 */
export function varyPathProblem(path: string): Problem | undefined {
  const layer = layerVariable(path);
  if (layer !== undefined) return 'code' in layer ? layer : undefined;
  return VARIABLE_PATHS.includes(path) ? undefined : msg.unknownVaryPath(path, closest(path, SUGGESTED));
}

/** Every message starts with the argument, `PATH=SPEC: `, as a --vary problem is printed. */
export function parseVary(arg: string): VaryOutcome {
  const fail = (problem: string): VaryOutcome => ({ ok: false, message: `${shownArg(arg)}: ${problem}` });
  const eq = arg.indexOf('=');
  if (eq <= 0 || eq === arg.length - 1) {
    return fail('write PATH=SPEC, e.g. client.timeout=400ms..3s:200ms or keys.scope=call,intent');
  }
  const path = arg.slice(0, eq);
  const target = variable(path);
  if (typeof target === 'string') return fail(target);
  // A list as YAML writes one, [0, 1, 2], is the list 0,1,2.
  const given = arg.slice(eq + 1);
  const spec = /^\[[^[\]]*\]$/.test(given.trim()) ? given.trim().slice(1, -1) : given;
  if (/[[\]{}]/.test(spec)) {
    return fail(`values are separated by commas, without brackets or braces: write for example ${path}=a,b,c`);
  }
  const range = /^(.+?)\.\.(.+?):(.+)$/.exec(spec) ?? /^(.+?)\.\.(.+)$/.exec(spec);
  const [from, to, step] = range === null ? [] : [range[1]?.trim() ?? '', range[2]?.trim() ?? '', range[3]];
  // 1..5 counts in ones where a value has no unit (seeds, retries); any other range says its step.
  if (range !== null && step === undefined && (target.kind !== 'other' || !/^\d+$/.test(`${from}${to}`))) {
    return fail(
      `a range needs its step after a colon: write for example ${path}=${from}..${to}:STEP, or list the values`,
    );
  }
  const outcome =
    range === null
      ? listValues(
          target,
          spec.split(',').map((s) => s.trim()),
        )
      : rangeValues(target, from as string, to as string, step ?? '1');
  if (typeof outcome === 'string') return fail(outcome);
  const { path: p } = target;
  return {
    ok: true,
    vary: {
      path: p,
      kind: target.kind,
      sets: outcome.texts.map((t) => `${p}=${t}`),
      values: outcome.values,
      labels: outcome.values.map((v) => label(target, v)),
    },
  };
}

/** A path a sweep can vary: a field holding one value, or a member of a compound field. */
interface Variable {
  path: string;
  field: Field;
  member: Member | undefined;
  kind: VaryKind;
  /** A member of one retry layer: its reader and bounds. */
  layer?: LayerVariable;
}

function variable(path: string): Variable | string {
  const layer = layerVariable(path);
  if (layer !== undefined) {
    if ('code' in layer) return layer.message;
    return { path: layer.path, field: fieldAt('client.layers') as Field, member: undefined, kind: layer.kind, layer };
  }
  if (!VARIABLE_PATHS.includes(path)) {
    const field = fieldAt(path);
    if (field?.members !== undefined) {
      return `vary a single value, e.g. ${path}.${Object.keys(field.members)[0] ?? 'min'}, not a whole group`;
    }
    return msg.unknownVaryPath(path, closest(path, SUGGESTED)).message;
  }
  const field = fieldAt(path) ?? (FIELDS.find((f) => path.startsWith(`${f.path}.`)) as Field);
  const member = field.path === path ? undefined : field.members?.[path.slice(field.path.length + 1)];
  return { path, field, member, kind: kindOf(field, member) };
}

function kindOf(field: Field, member: Member | undefined): VaryKind {
  if (member !== undefined) return member.kind === 'number' || member.kind === 'integer' ? 'other' : member.kind;
  if (field.kind === 'duration' || field.kind === 'duration-or-none') return 'duration';
  if (field.kind === 'size') return 'size';
  return field.kind === 'probability' ? 'probability' : 'other';
}

type Values = { texts: string[]; values: Vary['values'] };

function listValues(target: Variable, texts: string[]): Values | string {
  if (texts.some((t) => t === '')) return 'an empty value in the list';
  const values: Vary['values'] = [];
  for (const text of texts) {
    const value = read(target, text);
    if (typeof value === 'object') return value.problem;
    values.push(value);
  }
  if (new Set(values).size !== values.length) return 'a value is listed twice';
  return { texts, values };
}

function rangeValues(target: Variable, fromText: string, toText: string, stepText: string): Values | string {
  const from = read(target, fromText);
  const to = read(target, toText);
  if (typeof from === 'object') return from.problem;
  if (typeof to === 'object') return to.problem;
  if (typeof from !== 'number' || typeof to !== 'number') {
    return 'a range needs numeric values; list the values instead (a,b,c)';
  }
  const step = readStep(target, stepText);
  if (step === undefined) return `the step ${stepText} must be a positive amount in the field's unit`;
  if (to < from) return `the range runs from ${fromText} down to ${toText}; write the smaller end first`;
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_SWEEP_POINTS) return `${count} values; a sweep takes at most ${MAX_SWEEP_POINTS} points`;
  const values: number[] = [];
  // i * step from the start, not repeated addition, so no rounding error accumulates.
  for (let i = 0; i < count; i++) values.push(Number((from + i * step).toPrecision(12)));
  for (const value of values) {
    const checked = read(target, String(value));
    if (typeof checked === 'object') return checked.problem;
  }
  return { texts: values.map(String), values };
}

/** One value of the variable, read by its field's reader (a member's by the member's). */
function read(target: Variable, text: string): number | string | boolean | { problem: string } {
  const issues: Issue[] = [];
  const node = parseValue(text, target.path, issues);
  const { field, member, layer } = target;
  let value: unknown;
  if (node !== undefined && layer !== undefined) {
    value = layer.read(node, { path: target.path, issues, ...layer.spec });
  } else if (node !== undefined && member !== undefined) {
    const hint = member.hint ?? msg.hint(member.kind);
    const spec = { path: target.path, issues, hint, example: '1', bounds: member.bounds };
    value = readerOf(member.kind)(node, spec);
  } else if (node !== undefined && isScalar(field)) {
    value = readScalar(field, node, issues);
  } else if (node !== undefined && field.kind === 'jitter') {
    // A sweep varies the words; a proportional jitter is a map: --set it whole.
    value = readEnum(node, fieldSpec(field, issues));
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return { problem: issues[0]?.message ?? `write ${msg.hint(field.kind, field.values)}` };
}

/** A step is read in the field's unit (`200ms`, `0.01`, `1`) but need not be a valid value of the field. */
function readStep(target: Variable, text: string): number | undefined {
  const issues: Issue[] = [];
  const node = parseValue(text, target.path, issues);
  if (node === undefined) return undefined;
  const spec = { path: target.path, issues, hint: '', example: '', bounds: { min: 0, minExclusive: true } };
  const reader = target.kind === 'duration' ? readDuration : target.kind === 'size' ? readSize : readNumber;
  return reader(node, spec);
}

function label(target: Variable, value: number | string | boolean): string {
  if (target.member === undefined && target.layer === undefined) return String(written(target.field, value));
  return target.kind === 'duration' && typeof value === 'number' ? durationLiteral(value) : String(value);
}
