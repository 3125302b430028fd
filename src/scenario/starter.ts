// The starter scenario `idemsim init` writes: every field at its default with its one-line
// doc above it, generated from the field table so that it lists exactly the fields the
// loader reads, and loads to defaultScenario() (with the file's own name). The optional
// fields, off by default, are shown commented out with an example value, so that an
// editor's toggle-comment on a block turns it on, docs and all.
import { FIELDS, GROUPS, type Field } from '../model/fields.js';
import { childrenOf, isOptionalGroup } from '../model/field-lookup.js';
import { inlineYaml, written } from './serialize.js';
import { yaml } from './yaml-lib.js';

const join = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);
const BY_PATH = new Map(FIELDS.map((field) => [field.path, field]));

/** A list as a block of one-line items: `- { until: 30m, rate: 50 }`. */
function listLines(items: readonly unknown[], indent: string): string[] {
  const { Document, isMap, isSeq } = yaml();
  const doc = new Document(items);
  if (isSeq(doc.contents)) for (const item of doc.contents.items) if (isMap(item)) item.flow = true;
  return doc
    .toString({ lineWidth: 0 })
    .trimEnd()
    .split('\n')
    .map((line) => `${indent}  ${line}`);
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

/** Lines as a toggle-comment writes them: `# ` after the block's indentation. */
const commentOut = (lines: readonly string[], indent: string): string[] =>
  lines.map((line) => `${indent}# ${line.slice(indent.length)}`);

/** `commented`: whether an off-by-default field comments itself out (not inside a group that is commented as a whole). */
function fieldLines(field: Field, key: string, indent: string, name: string, commented: boolean): string[] {
  const lines = [`${indent}# ${field.doc}`];
  if (field.kind === 'expect') {
    lines.push(`${indent}${key}:`, ...EXPECT_EXAMPLES.map((example) => `${indent}  # ${example}`));
    return lines;
  }
  if (field.kind === 'sweep') {
    lines.push(`${indent}${key}:`, ...SWEEP_EXAMPLES.map((example) => `${indent}  # ${example}`));
    return lines;
  }
  if (field.optional === true) {
    // A layer's preset fills every member the file leaves out: the preset alone reads best.
    const value = field.kind === 'layers' ? [{ preset: 'langgraph' }] : written(field, field.example);
    // A note goes on the key's line: the line above is the doc, and toggling keeps both.
    const note = field.exampleNote === undefined ? '' : `  # ${field.exampleNote}`;
    const body = Array.isArray(value)
      ? [`${indent}${key}:${note}`, ...listLines(value, indent)]
      : [`${indent}${key}: ${inlineYaml(value)}${note}`];
    return [...lines, ...(commented ? commentOut(body, indent) : body)];
  }
  const value = field.path === 'name' ? name : written(field, field.default);
  lines.push(`${indent}${key}: ${inlineYaml(value)}`);
  return lines;
}

function groupLines(path: string, indent: string, name: string, commented = true): string[] {
  return childrenOf(path).flatMap((key) => {
    const child = join(path, key);
    const field = BY_PATH.get(child);
    if (field !== undefined) return fieldLines(field, key, indent, name, commented);
    const head = `${indent}# ${GROUPS[child] ?? ''}`;
    const optional = commented && isOptionalGroup(child);
    const body = [`${indent}${key}:`, ...groupLines(child, `${indent}  `, name, commented && !optional)];
    return [head, ...(optional ? commentOut(body, indent) : body)];
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
    '# Commented-out fields, with an example value, are off by default: uncomment one to use it.',
    '',
    ...groupLines('', '', name),
    '',
  ].join('\n');
}
