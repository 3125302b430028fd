// `idemsim help metrics` defines every row the run table prints, under the table's section
// and with the label as printed, beside the metric's name; and the other terms the output uses.
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../../src/model/metrics.js';
import { METRIC_NOTES } from '../../../src/model/metric-notes.js';
import { glossary, renderGlossary } from '../../../src/report/run/glossary.js';
import { renderTable } from '../../../src/report/run/table.js';
import { TERMS } from '../../../src/report/run/terms.js';
import { defaultsRun } from '../fixture.js';
import { extendedRun } from '../extended-fixture.js';

/** Runs that together bring every row into the table: every optional group, and a day. */
function everyRow(): ReturnType<typeof defaultsRun>[] {
  const extended = extendedRun();
  extended.scenario.client.retries = 0;
  extended.scenario.client.hedge = { after: 500, max: 2 };
  return [defaultsRun(), extended];
}

/** The label column of a rendered table, by section title: what a person reads. */
function printedLabels(table: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of table.split('\n')) {
    if (line.trim() === '') {
      current = undefined;
      continue;
    }
    if (/^\S/.test(line)) {
      // A section title opens a block; the head line and the notes under the table are no section.
      if (current === undefined && !line.includes(':') && !line.startsWith('[')) {
        current = [];
        sections.set(line, current);
      }
      continue;
    }
    if (current === undefined) continue;
    // Two spaces before every label; cells stand three spaces or more after it.
    current.push(line.slice(2).split(/ {3,}/)[0] ?? '');
  }
  return sections;
}

describe('the glossary', () => {
  it('defines every label the run table prints, in the section that prints it', () => {
    const printed = printedLabels(renderTable(everyRow(), { color: false }));
    const defined = new Map(glossary().map((section) => [section.title, section.entries.map((e) => e.label)]));
    expect([...printed.keys()]).toEqual([...defined.keys()]);
    expect(printed.size).toBeGreaterThanOrEqual(9);
    for (const [title, labels] of printed) {
      for (const label of labels) expect(defined.get(title), `${title}: "${label}"`).toContain(label);
    }
    expect(printed.get('Headline')).toContain('  per day');
  });

  it('names every metric of the catalogue beside its label, and gives each row a meaning of whole sentences', () => {
    const entries = glossary().flatMap((section) => section.entries);
    for (const info of METRICS) expect(entries.map((e) => e.name)).toContain(info.name);
    for (const entry of entries) expect(entry.meaning, entry.label).toMatch(/^\S.*[.)]$/);
  });

  it('opens each metric’s meaning with the catalogue’s line, then its note', () => {
    const entries = glossary().flatMap((section) => section.entries);
    const dedup = entries.find((e) => e.name === 'dedupHitRate');
    expect(dedup?.meaning.startsWith('Stored 200s sent per attempt whose key was looked up.')).toBe(true);
    expect(dedup?.meaning).toContain(METRIC_NOTES.dedupHitRate);
  });

  it('defines a row repeated in a section once (the count per day under each rate)', () => {
    const headline = glossary()[0];
    expect(headline?.entries.filter((e) => e.label === '  per day')).toHaveLength(1);
  });

  it('says once which fields bring an optional section into the table', () => {
    const crashes = glossary().find((section) => section.title === 'Service crashes, leases and checks');
    expect(crashes?.shownWhen).toMatch(/service\.crash\.probability.*keys\.lease.*agent\.checkFirst\.probability/);
    const clients = glossary().find((section) => section.title === 'Retry limits and hedging');
    expect(clients?.shownWhen).toBe(
      'Shown only for scenarios that set client.throttle, client.budget or client.hedge.',
    );
  });

  it('explains the other terms of the output', () => {
    const text = renderGlossary({ color: false });
    for (const term of ['[low, high]', '0 [0, x]', 'per day', 'steady state', 'p50, p95, p99', 'undecided', 'n/a']) {
      expect(
        TERMS.some((t) => t.term.includes(term)),
        term,
      ).toBe(true);
      expect(text).toContain(`\n  ${TERMS.find((t) => t.term.includes(term))?.term ?? ''}\n`);
    }
  });

  it('prints each label as the table does, its metric name beside it, within 92 columns', () => {
    const text = renderGlossary({ color: false });
    expect(text).toMatch(/\n {2}duplicates \/ 1000 +duplicatesPerThousand\n/);
    expect(text).toMatch(/\n {4}replayed from the key store +responses\.replayed\n/);
    expect(text).toMatch(/\n {2}409 rate +conflictRate\n/);
    expect(text.split('\n').every((line) => line.length <= 92)).toBe(true);
    expect(text).not.toContain('\u001b[');
  });
});
