// The scenario reference's tables (docs/reference/scenario.md), one block per top-level map,
// from the field table: each field's path, value form, default as a file writes it (the
// same text `idemsim init` writes), range or words, and one-line doc.
import { DEFAULT_SCENARIO_NAME } from '../../model/scenario.js';
import { DEFAULT_SWEEP_METRICS } from '../../model/sweep.js';
import { type Bounds, FIELDS, type Field, type FieldKind, GROUPS, type Member } from '../../model/fields.js';
import { childrenOf, isGroup } from '../../model/field-lookup.js';
import { memberText } from '../map-or-none.js';
import { inlineYaml, written } from '../serialize.js';
import { durationLiteral, sizeLiteral } from '../units.js';
import { VARIABLE_PATHS } from '../vary.js';
import { MAX_LAYERS } from '../../model/layers.js';
import { bullets, code, table } from './markdown.js';

/** How a value of each kind is written, in a few words; "Input forms" on the page says more. */
const FORM = {
  duration: 'duration',
  size: 'size',
  probability: 'probability',
  integer: 'whole number',
  number: 'number',
  enum: 'word',
  jitter: 'word, `{ proportional: [lo, hi] }` or `{ additive: [lo, hi] }`',
  boolean: '`true` or `false`',
  string: 'string',
  seed: 'whole number or string',
  'range-of-durations': 'range of durations `{ min, max }`',
  latency: '`{ median, sigma }` or `{ p50, p99 }`',
  'concurrency-or-unlimited': 'whole number, or `unlimited`',
  'duration-or-none': 'duration, or `none`',
  'map-or-none': '`none`, or a map of the members below',
  profile: 'list of `{ until, rate }`',
  incidents: 'list of `{ at, for, ... }`',
  layers: 'list of retry loops `{ preset, retries, backoff, timeout, deadline, newCall }`, or `none`',
  expect: 'map from metric name to `{ min, max }`',
  sweep: 'map with `vary` and `metrics`',
} as const satisfies Record<FieldKind, string>;

/** The page marks the optional fields with the name of the docs/model-notes.md section that explains them. */
const OPTIONAL_MARK = '(optional)';

const HEADER = ['field', 'form', 'default', 'range', 'meaning'];

/** A whole number with thousands separators (100,000,000); other numbers as JavaScript prints them. */
function number(n: number): string {
  return Number.isInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(n);
}

/** A bound in the field's unit: a duration or size as a file writes it, other numbers plainly. */
function boundText(kind: FieldKind | Member['kind'], n: number): string {
  if (n === 0) return '0';
  if (kind === 'duration' || kind === 'duration-or-none' || kind === 'range-of-durations') return durationLiteral(n);
  if (kind === 'size') return String(sizeLiteral(n));
  return number(n);
}

function rangeOf(kind: FieldKind | Member['kind'], bounds: Bounds | undefined): string {
  if (bounds === undefined) return '';
  if (bounds.orZero === true) return `0, or ${rangeOf(kind, { ...bounds, orZero: false })}`;
  const { min, max, minExclusive = false } = bounds;
  const low = min === undefined ? undefined : boundText(kind, min);
  const high = max === undefined ? undefined : boundText(kind, max);
  if (low !== undefined && high !== undefined) return minExclusive ? `> ${low}, ≤ ${high}` : `${low} to ${high}`;
  if (low !== undefined) return `${minExclusive ? '>' : '≥'} ${low}`;
  return high === undefined ? '' : `≤ ${high}`;
}

function defaultOf(field: Field): string {
  if (field.path === 'name')
    return `the file name without extension; ${code(DEFAULT_SCENARIO_NAME)} for the built-in scenario`;
  const value = written(field, field.default);
  return value === null || value === undefined ? '(none)' : code(inlineYaml(value));
}

/** The words of an enum; the jitter's words and its map's bounds. */
function rangeText(field: Field): string {
  const words = (field.values ?? []).map(code).join(', ');
  if (field.kind === 'enum') return words;
  if (field.kind === 'jitter') return `${words}; 0 ≤ lo ≤ hi`;
  return rangeOf(field.kind, field.bounds);
}

function fieldRow(field: Field): string[] {
  const range = rangeText(field);
  const doc = field.optional === true ? `${field.doc} ${OPTIONAL_MARK}` : field.doc;
  return [code(field.path), FORM[field.kind], defaultOf(field), range, doc];
}

/** The members of each item of a list, each a row under its field: `incidents[].at`. */
function itemRows(field: Field): string[][] {
  return Object.entries(field.items ?? {}).map(([name, member]) => [
    code(`${field.path}[].${name}`),
    FORM[member.kind],
    member.required === true ? 'required' : '(none)',
    rangeOf(member.kind, member.bounds),
    member.doc,
  ]);
}

/** A member's default: the field's own (a latency, a range), else the member's (a throttle), else required. */
function memberDefault(field: Field, name: string, member: Member): string {
  const defaults = written(field, field.default);
  const value =
    typeof defaults === 'object' && defaults !== null ? (defaults as Record<string, unknown>)[name] : undefined;
  if (value !== undefined) return code(inlineYaml(value));
  if (member.default !== undefined) return code(memberText(member, member.default));
  return member.required === true ? 'required' : '(none)';
}

/** The members of a latency, a range or a map, each a row under its field. */
function memberRows(field: Field): string[][] {
  if (field.items !== undefined) return itemRows(field);
  return Object.entries(field.members ?? {}).map(([name, member]) => {
    return [
      code(`${field.path}.${name}`),
      FORM[member.kind],
      memberDefault(field, name, member),
      rangeOf(member.kind, member.bounds),
      member.doc,
    ];
  });
}

/** The words of each enum field, with what each means. */
function wordLists(fields: readonly Field[]): string[] {
  return fields
    .filter((field) => field.valueDocs !== undefined)
    .map((field) => {
      const docs = field.valueDocs ?? {};
      // An enum's words in order; a keyword beside a value (`lease: none`) as documented.
      const words = field.values ?? Object.keys(docs);
      const items = words.map((word) => `${code(word)}: ${docs[word] ?? ''}`);
      if (field.kind === 'jitter') {
        for (const key of ['proportional', 'additive'])
          items.push(`${code(`{ ${key}: [lo, hi] }`)}: ${docs[key] ?? ''}`);
      }
      return `${code(field.path)}:\n\n${bullets(items)}`;
    });
}

function groupDocs(group: string): string[] {
  const groups = Object.keys(GROUPS).filter((path) => path === group || path.startsWith(`${group}.`));
  return groups.length === 0 ? [] : [bullets(groups.map((path) => `${code(path)}: ${GROUPS[path] ?? ''}`))];
}

function block(group: string, fields: readonly Field[]): string {
  const rows = fields.flatMap((field) => [fieldRow(field), ...memberRows(field)]);
  return [...groupDocs(group), table(HEADER, rows), ...wordLists(fields)].join('\n\n');
}

/** What the sweep block adds: the paths it may vary and the metrics it reports by default. */
function sweepExtras(): string[] {
  return [
    `Without \`metrics\`, a sweep reports ${DEFAULT_SWEEP_METRICS.map(code).join(', ')}.`,
    `The paths \`vary\` (and \`--vary\`) take: ${VARIABLE_PATHS.map(code).join(', ')}; and a member of one ` +
      `retry layer by its index, 0 (the innermost) to ${MAX_LAYERS - 1}, such as ${code('client.layers[0].retries')} ` +
      `or ${code('client.layers[1].backoff.base')}.`,
  ];
}

/**
 * The blocks of docs/reference/scenario.md: `top-level` for the single values at the top,
 * then one per top-level map or list (a group such as `client`, `incidents`, or the
 * `expect` and `sweep` blocks).
 */
export function scenarioBlocks(): Map<string, string> {
  const blocks = new Map<string, string>();
  // A top-level block or list (`expect`, `sweep`, `incidents`) gets a section of its own.
  const own = (field: Field): boolean => field.kind === 'expect' || field.kind === 'sweep' || field.items !== undefined;
  const top = FIELDS.filter((field) => !field.path.includes('.') && !own(field));
  blocks.set('top-level', block('', top));
  for (const key of childrenOf('')) {
    if (top.some((field) => field.path === key)) continue;
    const fields = isGroup(key)
      ? FIELDS.filter((field) => field.path.startsWith(`${key}.`))
      : FIELDS.filter((f) => f.path === key);
    const extras = fields.some((field) => field.kind === 'sweep') ? sweepExtras() : [];
    blocks.set(key, [block(key, fields), ...extras].join('\n\n'));
  }
  return blocks;
}
