// `idemsim help metrics`: every row the run table can print, in the table's sections and
// with its labels exactly as printed (read from the table's own rows, sections.ts, so a new
// row is defined here the day it appears), each with its metric's name in JSON and what it
// counts: the catalogue's one line and, where that leaves something out, its note
// (model/metric-notes.ts); a row that shows no metric says what it means itself. Then the
// other terms the output uses (terms.ts).
import { Chalk } from 'chalk';
import { FIELDS } from '../../model/fields.js';
import { METRIC_NOTES } from '../../model/metric-notes.js';
import type { MetricGroup, MetricInfo, MetricName } from '../../model/metric-types.js';
import { maxOf } from '../../stats/extent.js';
import { wrap } from '../text.js';
import { EVERY_SECTION, type Row } from './sections.js';
import { TERMS } from './terms.js';

export interface GlossaryEntry {
  /** The label as the table prints it, a sub-row's leading spaces included. */
  label: string;
  /** The metric's name in JSON, CSV, `expect:` and `--target`; none for a row that shows no metric. */
  name?: MetricName;
  meaning: string;
}

export interface GlossarySection {
  title: string;
  /** For a section of one optional group's rows: which scenario fields bring it into the table. */
  shownWhen?: string;
  entries: readonly GlossaryEntry[];
}

/** The table's sections with every row any run can show, each row once. */
export function glossary(): readonly GlossarySection[] {
  // A section of one optional group says once which fields bring it; a row of that group
  // in another section points there.
  const groupOf = (rows: readonly Row[]): MetricGroup | undefined => {
    const groups = new Set(rows.map((row) => ('metric' in row ? row.metric.group : undefined)));
    return groups.size === 1 ? [...groups][0] : undefined;
  };
  const homes = new Map<MetricGroup, string>();
  for (const section of EVERY_SECTION) {
    const group = groupOf(section.rows);
    if (group !== undefined && !homes.has(group)) homes.set(group, section.title);
  }
  return EVERY_SECTION.map((section) => {
    const group = groupOf(section.rows);
    const entries: GlossaryEntry[] = [];
    for (const row of section.rows) {
      const entry = entryOf(row, group === undefined ? homes : new Map());
      // A row repeated in a section (the count per day under each rate) is defined once.
      if (!entries.some((e) => e.label === entry.label && e.meaning === entry.meaning)) entries.push(entry);
    }
    return { title: section.title, ...(group === undefined ? {} : { shownWhen: shownWhen(group) }), entries };
  });
}

/** A row's entry; a metric of an optional group says where the fields that bring it are listed. */
function entryOf(row: Row, homes: ReadonlyMap<MetricGroup, string>): GlossaryEntry {
  if (!('metric' in row)) return { label: row.label, meaning: row.meaning };
  const { group } = row.metric;
  const home = group === undefined ? undefined : homes.get(group);
  const where = home === undefined ? '' : ` Shown only for scenarios that set a field listed under ${home}.`;
  return { label: row.label, name: row.metric.name, meaning: `${metricMeaning(row.metric)}${where}` };
}

/** The catalogue's line as a sentence, then its note. */
export function metricMeaning(info: MetricInfo): string {
  const note = METRIC_NOTES[info.name];
  return [`${sentence(info.description)}.`, ...(note === undefined ? [] : [note])].join(' ');
}

/** Capitalised, unless it opens with a name written in code (peakKeys). */
function sentence(text: string): string {
  const first = text.split(/\s/)[0] ?? '';
  return /[A-Z]/.test(first.slice(1)) ? text : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The optional fields that bring a group's rows into the table (the field table's `carries`). */
function shownWhen(group: MetricGroup): string {
  const fields = FIELDS.filter((field) => (field.carries ?? []).includes(group)).map((field) => field.path);
  return `Shown only for scenarios that set ${listed(fields)}.`;
}

function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

const WIDTH = 92;
const MEANING_INDENT = '      ';

const INTRO =
  "What every row of `idemsim run`'s table counts, in the table's sections and with its labels as the table " +
  "prints them (a report folder and `idemsim report` show the same rows), each beside its metric's name in JSON, " +
  'CSV, `expect:`, `--target` and `--metric` (a dotted name is a nested object in JSON). The other terms of the ' +
  'output follow the rows. The model behind every count: docs/model.md; intervals: docs/reference/intervals.md.';

/** The glossary as text for a terminal: section titles in bold when `color`. */
export function renderGlossary(options: { color: boolean }): string {
  const paint = new Chalk({ level: options.color ? 1 : 0 });
  const sections = glossary();
  const width = maxOf(sections.flatMap((s) => s.entries.map((e) => e.label.length))) + 2;
  const lines = [...wrap(INTRO, WIDTH)];
  for (const section of sections) {
    lines.push('', paint.bold(section.title));
    if (section.shownWhen !== undefined) lines.push(...wrap(`(${section.shownWhen})`, WIDTH, '  ', '   '));
    for (const entry of section.entries) {
      lines.push(`  ${entry.name === undefined ? entry.label : `${entry.label.padEnd(width)}${entry.name}`}`);
      lines.push(...wrap(entry.meaning, WIDTH, MEANING_INDENT, MEANING_INDENT));
    }
  }
  lines.push('', paint.bold('Other terms'));
  for (const { term, meaning } of TERMS) {
    lines.push(`  ${term}`, ...wrap(meaning, WIDTH, MEANING_INDENT, MEANING_INDENT));
  }
  return `${lines.join('\n')}\n`;
}
