import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../src/report/run/summary.js';
import { SUMMARY_VERSION, parseSummary, type Summary } from '../../src/saved/summary.js';
import { renderJson } from '../../src/report/run/json.js';
import { detailedRun, summaryOf } from '../report/run/folder/fixture.js';
import { embeddedScenario } from '../../src/scenario/index.js';

function parsed(text: string): Summary {
  const outcome = parseSummary(text, 'summary.json', embeddedScenario);
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.summary;
}

/** The summary's JSON with one change made to the parsed document. */
function edited(change: (doc: Record<string, unknown> & { runs: Record<string, unknown>[] }) => void): string {
  const doc = JSON.parse(renderSummary(summaryOf())) as Record<string, unknown> & { runs: Record<string, unknown>[] };
  change(doc);
  return JSON.stringify(doc);
}

function problem(text: string): string {
  const outcome = parseSummary(text, 'saved/summary.json', embeddedScenario);
  if (outcome.ok) throw new Error('expected a problem');
  return outcome.problem;
}

describe('summary.json', () => {
  it('is the run JSON plus a version and each run’s detail', () => {
    const summary = summaryOf(detailedRun(), detailedRun(['keys.scope=intent']));
    const doc = JSON.parse(renderSummary(summary)) as { runs: Record<string, unknown>[] } & Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['idemsim', 'summaryVersion', 'runs']);
    expect(doc['summaryVersion']).toBe(SUMMARY_VERSION);
    expect(Object.keys(doc.runs[0] ?? {})).toEqual(['scenario', 'metrics', 'intervals', 'batches', 'detail']);
    const json = JSON.parse(renderJson(summary.runs, '9.9.9')) as { runs: Record<string, unknown>[] };
    doc.runs.forEach((run, i) => {
      expect(run['detail']).toBeTypeOf('object');
      delete run['detail'];
      expect(run).toEqual(json.runs[i]);
    });
  });

  it('reads back to a summary that writes the same bytes', () => {
    const text = renderSummary(summaryOf(detailedRun(), detailedRun(['keys.scope=intent'])));
    expect(renderSummary(parsed(text))).toBe(text);
  });

  it('keeps a traced action’s attempts and the key-store timeline', () => {
    const run = detailedRun(['keys.scope=call']);
    const back = parsed(renderSummary(summaryOf(run))).runs[0];
    expect(back?.result.detail.trace).toEqual(run.result.detail.trace);
    expect(back?.result.detail.keyStore).toEqual(run.result.detail.keyStore);
    expect(back?.result.detail.trace.length).toBe(12);
  });

  it('writes a non-finite metric as null and reads it back as NaN', () => {
    const run = detailedRun();
    run.result.metrics.latency.step.mean = Number.NaN;
    const text = renderSummary(summaryOf(run));
    expect(text).toContain('"mean": null');
    expect(parsed(text).runs[0]?.result.metrics.latency.step.mean).toBeNaN();
    expect(renderSummary(parsed(text))).toBe(text);
  });
});

describe("a run's defaults in summary.json", () => {
  it('are written after the scenario, in field order, and read back to the same bytes', () => {
    const run = { ...detailedRun(['keys.scope=intent']), defaults: ['seed', 'client.timeout', 'keys.retention'] };
    const text = renderSummary(summaryOf(run));
    const doc = JSON.parse(text) as { runs: Record<string, unknown>[] };
    expect(Object.keys(doc.runs[0] ?? {})).toEqual([
      'scenario',
      'defaults',
      'metrics',
      'intervals',
      'batches',
      'detail',
    ]);
    expect(parsed(text).runs[0]?.defaults).toEqual(['seed', 'client.timeout', 'keys.retention']);
    expect(renderSummary(parsed(text))).toBe(text);
  });

  it('are unknown, not empty, in a summary written before idemsim recorded them: it still reads', () => {
    const text = renderSummary(summaryOf());
    expect(text).not.toContain('"defaults"');
    expect(parsed(text).runs[0]?.defaults).toBeUndefined();
  });

  it('may not call a changed value a default, nor list a field twice', () => {
    const changed = edited((doc) => {
      (doc.runs[0] as Record<string, unknown>)['defaults'] = ['keys.scope', 'actions'];
    });
    expect(problem(changed)).toMatch(
      /^saved\/summary\.json:1:\d+: runs\[0\]\.defaults\[1\]: "actions" is not at its default value in the scenario$/,
    );
    const twice = edited((doc) => {
      (doc.runs[0] as Record<string, unknown>)['defaults'] = ['keys.scope', 'keys.scope'];
    });
    // The place is the second "keys.scope", the listed field's own.
    expect(problem(twice)).toBe(
      `saved/summary.json:1:${twice.lastIndexOf('"keys.scope"') + 1}: runs[0].defaults[1]: "keys.scope" is listed twice`,
    );
  });
});

describe('reading a summary: one line naming the file and what is wrong', () => {
  it('rejects text that is not JSON', () => {
    expect(problem('{ "idemsim": ')).toMatch(
      /^saved\/summary\.json:1:14: not JSON \(Unexpected end of JSON input\); a summary is the summary\.json that `idemsim run FILES --out DIR` writes$/,
    );
  });

  it('rejects a sweep summary, pointing to `idemsim sweep --out`', () => {
    const outcome = parseSummary(
      JSON.stringify({ idemsim: '0.1.0', sweep: { points: [] } }),
      'sweep.json',
      embeddedScenario,
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.problem).toMatch(/^sweep\.json:1:28: sweep: a sweep summary.*idemsim sweep FILE --out DIR/);
  });

  it('rejects the JSON of `run --format json`, which has no chart detail', () => {
    const json = renderJson(summaryOf().runs, '9.9.9');
    expect(problem(json)).toMatch(/^saved\/summary\.json:1:1: summaryVersion: missing: not a report summary/);
  });

  it('rejects a summary version it does not know', () => {
    expect(problem(edited((doc) => (doc['summaryVersion'] = 7)))).toMatch(
      /^saved\/summary\.json:1:\d+: summaryVersion: 7 is not supported; this idemsim reads 1$/,
    );
  });

  it('rejects a summary without runs', () => {
    expect(problem(edited((doc) => (doc.runs = [])))).toMatch(
      /^saved\/summary\.json:1:\d+: runs: expected at least one run; found none$/,
    );
  });

  it('names a metric of the wrong type', () => {
    const text = edited((doc) => {
      const metrics = doc.runs[0]?.['metrics'] as Record<string, Record<string, unknown>>;
      (metrics['responses'] as Record<string, unknown>)['conflict'] = 'none';
    });
    expect(problem(text)).toMatch(
      /^saved\/summary\.json:1:\d+: runs\[0\]\.metrics\.responses\.conflict: expected a number; found "none"$/,
    );
  });

  it('names the attempt whose outcome is not one the charts know', () => {
    const text = edited((doc) => {
      const detail = doc.runs[0]?.['detail'] as { trace: { attempts: Record<string, unknown>[] }[] };
      const attempt = detail.trace[2]?.attempts[0];
      if (attempt !== undefined) attempt['outcome'] = 'teapot';
    });
    expect(problem(text)).toMatch(
      /^saved\/summary\.json:1:\d+: runs\[0\]\.detail\.trace\[2\]\.attempts\[0\]\.outcome: expected one of ok, .*; found "teapot"$/,
    );
  });

  it('validates the scenario as the loader does', () => {
    const text = edited((doc) => ((doc.runs[0]?.['scenario'] as Record<string, unknown>)['actions'] = -1));
    expect(problem(text)).toMatch(/^saved\/summary\.json:1:\d+: runs\[0\]\.scenario: actions: must be between 1 and/);
  });

  it('gives every problem as a single line', () => {
    const texts = ['', '[]', '{"summaryVersion":1}', edited((doc) => (doc.runs[0]!['detail'] = null))];
    for (const text of texts) expect(problem(text)).not.toContain('\n');
  });
});
