// numbers.json keeps the document shape its readers (the article test, scripts, the writer)
// parse; numbers.md and the printed table say the same numbers in the same words.
import { describe, expect, it } from 'vitest';
import { renderNumbersJson, renderNumbersMarkdown, renderNumbersTable } from '../../../src/report/figures/numbers.js';
import { SHARE, SIZE, SIZE_ASIDE } from './fixture.js';

describe('numbers.json', () => {
  const doc = JSON.parse(renderNumbersJson([SHARE, SIZE])) as Record<string, unknown> & {
    numbers: Record<string, unknown>[];
  };

  it('is a document of generatedBy, intervals and numbers', () => {
    expect(Object.keys(doc)).toEqual(['generatedBy', 'intervals', 'numbers']);
    expect(doc['generatedBy']).toBe('idemsim figures (regenerate: npx idemsim figures)');
  });

  it('writes each number with its closed form, expectation, simulated value and scenario, in that order', () => {
    expect(doc.numbers[0]).toEqual({
      id: 'pSlow.defaults',
      figure: 'P(S > T): an attempt outlasts the 1 s timeout',
      article: 'about 2.2%',
      unit: 'share',
      closedForm: { value: 0.02239499659, formula: '1 - Phi(ln(1 s / 300 ms) / 0.6)', text: '0.0224' },
      expected: { value: 0.02239499659, formula: '1 - Phi(ln(1 s / 300 ms) / 0.6)', text: '0.0224' },
      simulated: {
        value: 0.022555,
        low: 0.02191338212,
        high: 0.02321495838,
        text: '0.0226 [0.0219, 0.0232]',
        measure: 'slow timeouts / attempts',
        interval: { kind: 'share', successes: 4511, trials: 200_000 },
      },
      scenario: {
        file: 'scenarios/article-defaults.yaml',
        overrides: ['actions=200000', 'client.retries=0'],
        command: 'npx idemsim run scenarios/article-defaults.yaml --set actions=200000 --set client.retries=0',
      },
    });
    expect(Object.keys(doc.numbers[0] ?? {})).toEqual([
      'id',
      'figure',
      'article',
      'unit',
      'closedForm',
      'expected',
      'simulated',
      'scenario',
    ]);
  });

  it('adds a note only where a number has one, last', () => {
    expect(Object.keys(doc.numbers[1] ?? {}).at(-1)).toBe('note');
    expect(doc.numbers[0]).not.toHaveProperty('note');
  });

  it('writes measured sizes after the simulated value and an aside after the note, where given', () => {
    const [asided] = (JSON.parse(renderNumbersJson([SIZE_ASIDE])) as { numbers: Record<string, unknown>[] }).numbers;
    expect(Object.keys(asided ?? {})).toEqual([
      'id',
      'figure',
      'article',
      'unit',
      'closedForm',
      'expected',
      'simulated',
      'measured',
      'scenario',
      'note',
      'aside',
    ]);
    expect(asided?.['measured']).toEqual([
      {
        store: 'Redis <7>',
        recordBytes: 333,
        keys: 4320017.902,
        value: 1438565961,
        low: 1438300573,
        high: 1438831350,
        text: '1.44 GB',
      },
    ]);
    expect(asided?.['aside']).toBe(SIZE_ASIDE.aside);
    expect(doc.numbers[1]).not.toHaveProperty('aside');
    expect(doc.numbers[1]).not.toHaveProperty('measured');
  });

  it('rounds values to ten significant digits', () => {
    const simulated = (doc.numbers[1] as { simulated: { value: number } }).simulated;
    expect(simulated.value).toBe(864003580.3);
  });
});

describe('numbers.md and the printed table', () => {
  it('print one table row per number, the scenario by its file name', () => {
    const table = renderNumbersTable([SHARE, SIZE]);
    expect(table.split('\n')).toEqual([
      '| # | figure | article | closed form | expected | simulated [95% CI] | scenario |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      '| 1 | P(S > T): an attempt outlasts the 1 s timeout | about 2.2% | 0.0224 | 0.0224 | 0.0226 [0.0219, 0.0232] | article-defaults.yaml |',
      '| 2 | Key-store size at 200 bytes a record, 1 d retention | around 860 MB | 864 MB | 864.00359 MB | 864.00358 MB [864.00355 MB, 864.00361 MB] | article-defaults.yaml |',
      '',
    ]);
  });

  it('holds the printed table and says how each number was computed', () => {
    const md = renderNumbersMarkdown([SHARE, SIZE]);
    expect(md).toContain(renderNumbersTable([SHARE, SIZE]));
    expect(md).toContain(
      '2. **Key-store size at 200 bytes a record, 1 d retention**\n' +
        '   - closed form: `50/s x 1 d x 200 B`\n' +
        '   - expected in the simulation: `50/s x (1 d + E[S] 359.2 ms) x 200 B`\n' +
        '   - simulated: keyStore.steadyStateBytes\n' +
        '   - scenario: `npx idemsim run scenarios/article-defaults.yaml --set keys.retention=24h`\n' +
        '   - A | in a note.\n',
    );
    // No aside, no list of them.
    expect(md).not.toContain('Beside the rows');
    // A closed form that is also the expectation is written once.
    expect(md).not.toContain('expected in the simulation: `1 - Phi');
  });

  it("lists each aside under the table, by its row and the article's words", () => {
    const md = renderNumbersMarkdown([SHARE, SIZE_ASIDE]);
    expect(md).toContain(
      `${renderNumbersTable([SHARE, SIZE_ASIDE])}\nBeside the rows:\n\n` +
        '- **Row 2** (article: "around 860 MB"): Measured with `idemsim store measure`: 1.44 GB in Redis <7>.\n\n' +
        '## How each number was computed',
    );
  });
});
