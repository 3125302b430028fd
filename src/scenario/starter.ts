// The starter scenario `idemsim init` writes: every field at its default with its one-line
// doc above it, generated from the field table so that it lists exactly the fields the
// loader reads, and loads to defaultScenario() (with the file's own name).
import { Document, isMap } from 'yaml';
import { FIELDS, GROUPS, type Field, childrenOf } from './fields.js';
import { written } from './serialize.js';

const join = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);
const BY_PATH = new Map(FIELDS.map((field) => [field.path, field]));

/** One value as YAML on one line: scalars quoted only when needed, maps in flow style. */
function inline(value: unknown): string {
  const doc = new Document(value);
  if (isMap(doc.contents)) doc.contents.flow = true;
  return doc.toString({ lineWidth: 0 }).trimEnd();
}

/** Examples for the empty `expect:` block, commented out. */
const EXPECT_EXAMPLES = ['duplicatesPerThousand: { max: 1 }', 'latency.call.p95: { max: 5s }'];

/** Examples for the empty `sweep:` block, commented out. */
const SWEEP_EXAMPLES = [
  'vary:',
  '  client.timeout: 400ms..3s:200ms',
  '  keys.retention: [5m, 15m, 1h]',
  'metrics: [duplicatesPerThousand, lostPerThousand]',
];

function fieldLines(field: Field, key: string, indent: string, name: string): string[] {
  const lines = [`${indent}# ${field.doc}`];
  if (field.kind === 'expect') {
    lines.push(`${indent}${key}:`, ...EXPECT_EXAMPLES.map((example) => `${indent}  # ${example}`));
    return lines;
  }
  if (field.kind === 'sweep') {
    lines.push(`${indent}${key}:`, ...SWEEP_EXAMPLES.map((example) => `${indent}  # ${example}`));
    return lines;
  }
  const value = field.path === 'name' ? name : written(field, field.default);
  lines.push(`${indent}${key}: ${inline(value)}`);
  return lines;
}

function groupLines(path: string, indent: string, name: string): string[] {
  return childrenOf(path).flatMap((key) => {
    const child = join(path, key);
    const field = BY_PATH.get(child);
    if (field !== undefined) return fieldLines(field, key, indent, name);
    return [`${indent}# ${GROUPS[child] ?? ''}`, `${indent}${key}:`, ...groupLines(child, `${indent}  `, name)];
  });
}

/**
 * The starter file's text. `name`: the scenario name to write (the file's base name, so
 * that the file loads exactly as the defaults would); `schemaRef`: where the first-line
 * comment points YAML editors for completion and checking.
 */
export function starterScenario(name: string, schemaRef: string): string {
  return [
    `# yaml-language-server: $schema=${schemaRef}`,
    '# An idemsim scenario with every field at its default. Change what you study and delete',
    '# the rest: a missing field takes its default. `npx idemsim validate FILE` checks this',
    '# file, `npx idemsim run FILE` simulates it. Durations: 250ms, 1.5s, 2m, 1h, 1d (a number is ms).',
    '',
    ...groupLines('', '', name),
    '',
  ].join('\n');
}
