// Reading saved runs for `idemsim diff`: both JSON shapes a run is saved in, leniency for
// metrics an older baseline lacks, and one line naming the file and the fix otherwise.
import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/report/run/json.js';
import { looksLikeSavedRuns, parseSavedRuns } from '../../src/saved/runs.js';
import { defaultsRun, intentRun } from '../report/fixture.js';

const fixtureRuns = () => [defaultsRun(), intentRun()];

const runJson = (): string => renderJson(fixtureRuns(), '0.1.0');

function read(text: string) {
  const outcome = parseSavedRuns(text, 'base.json');
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.saved;
}

function problem(text: string): string {
  const outcome = parseSavedRuns(text, 'base.json');
  if (outcome.ok) throw new Error('expected a problem');
  return outcome.problem;
}

describe('parseSavedRuns', () => {
  it('reads what `run --format json` prints: names, metrics and intervals', () => {
    const runs = fixtureRuns();
    const saved = read(runJson());
    expect(saved.idemsim).toBe('0.1.0');
    expect(saved.runs.map((r) => r.name)).toEqual(runs.map((r) => r.scenario.name));
    expect(saved.runs[0]?.result.metrics.duplicatesPerThousand).toBe(runs[0]?.result.metrics.duplicatesPerThousand);
    expect(saved.runs[0]?.result.intervals).toEqual(runs[0]?.result.intervals);
  });

  it('reads a summary.json, ignoring its chart detail', () => {
    const document = JSON.parse(runJson()) as { runs: Record<string, unknown>[] };
    const summary = {
      ...document,
      summaryVersion: 1,
      runs: document.runs.map((r) => ({ ...r, detail: { trace: [] } })),
    };
    expect(read(JSON.stringify(summary)).runs).toHaveLength(document.runs.length);
  });

  it('reads a metric the file lacks, or writes as null, as not available', () => {
    const document = JSON.parse(runJson()) as { runs: { metrics: Record<string, unknown> }[] };
    const first = document.runs[0] as { metrics: Record<string, unknown> };
    delete first.metrics['duplicatesPerThousand'];
    first.metrics['lostPerThousand'] = null;
    const metrics = read(JSON.stringify(document)).runs[0]?.result.metrics;
    expect(metrics?.duplicatesPerThousand).toBeNaN();
    expect(metrics?.lostPerThousand).toBeNaN();
  });

  it('names the file, the place and the fix for a document that is not saved runs', () => {
    expect(problem('{"sweep": {}}')).toMatch(/^base\.json:1:1: runs: missing: a sweep summary.*idemsim run/);
    expect(problem('{"name": "x"}')).toMatch(/^base\.json:1:1: runs: missing: not the result of a run; write one with/);
    expect(problem('{"runs": []}')).toMatch(/^base\.json:1:10: runs: expected at least one run/);
    expect(problem('[1]')).toMatch(/^base\.json:1:1: the document: expected an object; found a list/);
  });

  it('names the wrong value of a run', () => {
    const document = JSON.parse(runJson()) as { runs: { metrics: Record<string, unknown> }[] };
    (document.runs[0] as { metrics: Record<string, unknown> }).metrics['duplicates'] = 'many';
    const text = JSON.stringify(document);
    // The place is the wrong value's: the only "many" in the text.
    expect(problem(text)).toBe(
      `base.json:1:${text.indexOf('"many"') + 1}: runs[0].metrics.duplicates: expected a number; found "many"`,
    );
    expect(problem('{"runs": [{"scenario": {}, "metrics": {}}]}')).toBe(
      // A member that is missing: the place is the object that should hold it.
      'base.json:1:24: runs[0].scenario.name: expected a string; found nothing',
    );
  });

  it('says when the text is not JSON at all', () => {
    const text = problem('name: x\nclient: {}\n');
    expect(text).toMatch(/^base\.json:1:2: not JSON \(Unexpected token 'a'\); write one with/);
    expect(text).not.toContain('\n');
  });
});

describe('looksLikeSavedRuns', () => {
  it('tells saved runs from a scenario written as JSON', () => {
    expect(looksLikeSavedRuns(JSON.parse(runJson()))).toBe(true);
    expect(looksLikeSavedRuns({ name: 'x', client: { retries: 0 } })).toBe(false);
    expect(looksLikeSavedRuns(undefined)).toBe(false);
  });
});
