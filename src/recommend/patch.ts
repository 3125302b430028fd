// The recommendation as something to paste: the fields that differ from the scenario, as
// nested YAML in the file's own units (`timeout: 800ms`, `retention: 25m`), and the same
// as `--set` arguments for rerunning without editing the file.
import { valueAt } from '../model/fields.js';
import { fieldAt } from '../model/field-lookup.js';
import { written } from '../scenario/serialize.js';
import { yaml } from '../scenario/yaml-lib.js';
import type { Scenario } from '../model/scenario.js';
import type { Dimension } from './space.js';

export interface PatchField {
  path: string;
  /** As written in a scenario file. */
  written: unknown;
  /** The scenario's value before, as written. */
  was: unknown;
}

/** The searched fields whose recommended value differs from the scenario's, in dimension order. */
export function patchFields(base: Scenario, chosen: Scenario, dims: readonly Dimension[]): PatchField[] {
  const fields: PatchField[] = [];
  for (const { path } of dims) {
    // A backoff without retries, or a retention without a key, changes nothing: leave it out.
    if (path.startsWith('client.backoff.') && chosen.client.retries === 0) continue;
    if (path === 'keys.retention' && chosen.keys.scope === 'none') continue;
    const before = valueAt(base, path);
    const after = valueAt(chosen, path);
    if (before === after) continue;
    const field = fieldAt(path);
    const write = (v: unknown): unknown => (field === undefined ? v : written(field, v));
    fields.push({ path, written: write(after), was: write(before) });
  }
  return fields;
}

/** Nested YAML, e.g. `client:\n  timeout: 800ms\n`; `{}` when nothing changes. */
export function patchYaml(fields: readonly PatchField[]): string {
  const out: Record<string, unknown> = {};
  for (const { path, written: value } of fields) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    let node = out;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    node[last] = value;
  }
  return new (yaml().Document)(out).toString({ lineWidth: 0 });
}

export function patchSets(fields: readonly PatchField[]): string[] {
  return fields.map(({ path, written: value }) => `${path}=${String(value)}`);
}
