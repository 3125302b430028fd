// A summary.json written before a metric existed: the metric reads as not available, and
// every output shows it as "n/a" (an empty cell in CSV) instead of refusing the file. A
// member that is no metric, or a metric of the wrong type, is still refused, with its place.
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../src/model/metrics.js';
import { renderCsv } from '../../src/report/run/csv.js';
import { renderSummary } from '../../src/report/run/summary.js';
import { renderTable } from '../../src/report/run/table.js';
import { embeddedScenario } from '../../src/scenario/index.js';
import { parseSummary, type Summary } from '../../src/saved/summary.js';
import { detailedRun, summaryOf } from '../report/run/folder/fixture.js';

type Doc = { runs: { metrics: Record<string, unknown>; intervals: Record<string, unknown> }[] };

const CURRENT = renderSummary(summaryOf(detailedRun()));

/** The current summary with `name` and its interval deleted, as one written before the metric existed. */
function without(name: string): string {
  const doc = JSON.parse(CURRENT) as Doc;
  for (const run of doc.runs) {
    const keys = name.split('.');
    const last = keys.pop() as string;
    const node = keys.reduce((n, key) => n[key] as Record<string, unknown>, run.metrics);
    delete node[last];
    delete run.intervals[name];
  }
  return JSON.stringify(doc, null, 2);
}

function read(text: string): Summary {
  const outcome = parseSummary(text, 'saved/summary.json', embeddedScenario);
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.summary;
}

function problem(text: string): string {
  const outcome = parseSummary(text, 'saved/summary.json', embeddedScenario);
  if (outcome.ok) throw new Error('expected a problem');
  return outcome.problem;
}

describe('a summary without a metric it was written before', () => {
  it('reads, the metric not available and without an interval', () => {
    const run = read(without('falseFailuresPerThousand')).runs[0];
    expect(run?.result.metrics.falseFailuresPerThousand).toBeNaN();
    expect(run?.result.intervals['falseFailuresPerThousand']).toBeUndefined();
  });

  it('shows the metric as n/a in the table', () => {
    const table = renderTable(read(without('falseFailuresPerThousand')).runs, { color: false });
    expect(table).toMatch(/^ {2}false failures \/ 1000 +n\/a$/m);
  });

  it('leaves the metric’s value empty in the CSV', () => {
    const csv = renderCsv(read(without('falseFailuresPerThousand')).runs);
    expect(csv).toMatch(/^article-defaults,falseFailuresPerThousand,,,$/m);
  });

  it('reads and renders whichever metric is the missing one', () => {
    for (const { name, group } of METRICS) {
      if (group !== undefined) continue;
      const runs = read(without(name)).runs;
      expect(renderTable(runs, { color: false }), name).toContain('n/a');
      expect(renderCsv(runs), name).toContain(`,${name},,,`);
    }
  });
});

describe('a summary’s metrics are still refused', () => {
  it('when a member is no metric, naming where it lies', () => {
    const doc = JSON.parse(CURRENT) as Doc;
    const first = doc.runs[0];
    if (first !== undefined) first.metrics['duplicatesPerMillion'] = 3;
    expect(problem(JSON.stringify(doc, null, 2))).toMatch(
      /^saved\/summary\.json:\d+:\d+: runs\[0\]\.metrics\.duplicatesPerMillion: not a metric of this idemsim/,
    );
  });

  it('when a nested member is no metric', () => {
    const doc = JSON.parse(CURRENT) as Doc;
    const responses = doc.runs[0]?.metrics['responses'] as Record<string, unknown>;
    responses['teapot'] = 0;
    expect(problem(JSON.stringify(doc, null, 2))).toMatch(
      /^saved\/summary\.json:\d+:\d+: runs\[0\]\.metrics\.responses\.teapot: not a metric of this idemsim/,
    );
  });

  it('when a metric has the wrong type', () => {
    const doc = JSON.parse(CURRENT) as Doc;
    const first = doc.runs[0];
    if (first !== undefined) first.metrics['attempts'] = 'many';
    expect(problem(JSON.stringify(doc, null, 2))).toMatch(
      /^saved\/summary\.json:\d+:\d+: runs\[0\]\.metrics\.attempts: expected a number; found "many"$/,
    );
  });
});
