// `idemsim report` on a summary.json written before a metric existed: the folder is drawn,
// the metric reads "n/a" in the page and is left empty in summary.csv, and a chart that
// would draw it draws nothing for it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured } from './sinks.js';

type Doc = { runs: { metrics: Record<string, unknown>; intervals: Record<string, unknown> }[] };

/** A fresh report folder's summary.json, with `name` (a top-level metric) and its interval deleted. */
async function olderSummary(name: string): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), 'idemsim-report-older-'));
  expect(await cli(['run', '--actions', '300', '--out', 'r1'], captured({ cwd }))).toBe(0);
  const doc = JSON.parse(readFileSync(join(cwd, 'r1', 'summary.json'), 'utf8')) as Doc;
  for (const run of doc.runs) {
    delete run.metrics[name];
    delete run.intervals[name];
  }
  writeFileSync(join(cwd, 'older.json'), JSON.stringify(doc, null, 2));
  return cwd;
}

describe('idemsim report on a summary older than a metric', () => {
  it('draws the folder, the metric n/a in the page and empty in summary.csv', async () => {
    const cwd = await olderSummary('falseFailuresPerThousand');
    const ctx = captured({ cwd });
    expect(await cli(['report', 'older.json', '--out', 'r2'], ctx)).toBe(0);
    const html = readFileSync(join(cwd, 'r2', 'index.html'), 'utf8');
    expect(html).toContain('<tr><th scope="row">false failures / 1000</th><td>n/a</td></tr>');
    const csv = readFileSync(join(cwd, 'r2', 'summary.csv'), 'utf8');
    expect(csv).toMatch(/^article-defaults,falseFailuresPerThousand,,,$/m);
  });

  it('draws no response-mix bar from attempts it does not have', async () => {
    const cwd = await olderSummary('attempts');
    expect(await cli(['report', 'older.json', '--out', 'r2'], captured({ cwd }))).toBe(0);
    const spec = readFileSync(join(cwd, 'r2', 'responses.vl.json'), 'utf8');
    expect(spec).toContain('"share": null');
    expect(spec).not.toMatch(/"label": "0\.00% \([1-9]/);
  });
});
