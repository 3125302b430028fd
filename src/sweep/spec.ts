// `--vary PATH=SPEC`: the values one sweep dimension takes. SPEC is a list (`5m,15m,1h`)
// or a range with a step (`400ms..3s:200ms`, `0..0.1:0.01`). Every value, endpoint and
// step goes through the scenario loader as a `--set`, so units and ranges mean exactly
// what they mean in a scenario file.
import { defaultsWithSets, formatIssue } from '../scenario/index.js';
import { FIELDS, fieldAt, valueAt } from '../scenario/fields.js';
import { written } from '../scenario/serialize.js';
import { durationLiteral } from '../scenario/units.js';

/** Most points one sweep may ask for (all dimensions multiplied). */
export const MAX_SWEEP_POINTS = 10_000;

export interface Vary {
  path: string;
  /** The `--set path=value` argument of each value, in order. */
  sets: string[];
  /** Each value normalized (ms, bytes, ratio), as the scenario holds it. */
  values: (number | string | boolean)[];
  /** Each value as a person writes it (`1.5s`, `5m`), for tables and axes. */
  labels: string[];
}

export type VaryOutcome = { ok: true; vary: Vary } | { ok: false; message: string };

export function parseVary(arg: string): VaryOutcome {
  const eq = arg.indexOf('=');
  if (eq <= 0 || eq === arg.length - 1) {
    return {
      ok: false,
      message: `${arg}: write PATH=SPEC, e.g. client.timeout=400ms..3s:200ms or keys.scope=call,intent`,
    };
  }
  const path = arg.slice(0, eq);
  const spec = arg.slice(eq + 1);
  const range = /^(.+?)\.\.(.+?):(.+)$/.exec(spec);
  const texts = range === null ? spec.split(',').map((s) => s.trim()) : undefined;
  if (texts !== undefined) return listVary(arg, path, texts);
  const [, from, to, step] = range as unknown as [string, string, string, string];
  return rangeVary(arg, path, from, to, step);
}

function listVary(arg: string, path: string, texts: string[]): VaryOutcome {
  if (texts.some((t) => t === '')) return { ok: false, message: `${arg}: an empty value in the list` };
  const values: Vary['values'] = [];
  for (const text of texts) {
    const value = read(path, text);
    if (typeof value === 'object') return { ok: false, message: value.message };
    values.push(value);
  }
  if (new Set(values).size !== values.length) return { ok: false, message: `${arg}: a value is listed twice` };
  return {
    ok: true,
    vary: {
      path,
      sets: texts.map((t) => `${path}=${t}`),
      values,
      labels: values.map((v) => label(path, v)),
    },
  };
}

function rangeVary(arg: string, path: string, fromText: string, toText: string, stepText: string): VaryOutcome {
  const from = read(path, fromText);
  const to = read(path, toText);
  if (typeof from === 'object') return { ok: false, message: from.message };
  if (typeof to === 'object') return { ok: false, message: to.message };
  if (typeof from !== 'number' || typeof to !== 'number') {
    return {
      ok: false,
      message: `${arg}: a range needs numeric values; list the values instead (a,b,c)`,
    };
  }
  const step = readStep(path, stepText);
  if (step === undefined)
    return {
      ok: false,
      message: `${arg}: the step ${stepText} must be a positive amount in the field's unit`,
    };
  if (to < from)
    return {
      ok: false,
      message: `${arg}: the range runs from ${fromText} down to ${toText}; write the smaller end first`,
    };
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_SWEEP_POINTS) {
    return {
      ok: false,
      message: `${arg}: ${count} values; a sweep takes at most ${MAX_SWEEP_POINTS} points`,
    };
  }
  const values: number[] = [];
  // i * step from the start, not repeated addition, so no rounding error accumulates.
  for (let i = 0; i < count; i++) values.push(Number((from + i * step).toPrecision(12)));
  for (const value of values) {
    const checked = read(path, String(value));
    if (typeof checked === 'object') return { ok: false, message: checked.message };
  }
  return {
    ok: true,
    vary: {
      path,
      sets: values.map((v) => `${path}=${v}`),
      values,
      labels: values.map((v) => label(path, v)),
    },
  };
}

/** The normalized value of `path` after `--set path=text`, or the loader's complaint. */
function read(path: string, text: string): number | string | boolean | { message: string } {
  const outcome = defaultsWithSets([`${path}=${text}`]);
  if (!outcome.ok) return { message: outcome.issues.map(formatIssue).join('; ') };
  const value = valueAt(outcome.scenario, path);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return {
    message: `--vary ${path}: vary a single value, e.g. ${path}.min, not a whole group`,
  };
}

/** A step is read in the field's unit (`200ms`, `0.01`, `1`) but need not be a valid value of the field. */
function readStep(path: string, text: string): number | undefined {
  const kind = unitKind(path);
  const probe = kind === 'duration' ? 'client.timeout' : kind === 'size' ? 'keys.recordBytes' : undefined;
  const value = probe === undefined ? Number(text) : read(probe, text);
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function unitKind(path: string): 'duration' | 'size' | 'other' {
  const field = fieldAt(path) ?? FIELDS.find((f) => path.startsWith(`${f.path}.`));
  if (field === undefined) return 'other';
  const member = field.members?.[path.slice(field.path.length + 1)];
  if (member !== undefined) return member.kind === 'duration' ? 'duration' : 'other';
  if (field.kind === 'duration' || field.kind === 'duration-or-none') return 'duration';
  return field.kind === 'size' ? 'size' : 'other';
}

function label(path: string, value: number | string | boolean): string {
  const field = fieldAt(path);
  if (field !== undefined) return String(written(field, value));
  return unitKind(path) === 'duration' && typeof value === 'number' ? durationLiteral(value) : String(value);
}
