// A diff where one side lacks the extended metrics: a summary saved before they existed,
// or a run of a scenario that uses no extended feature. Those metrics are compared only
// where both sides carry them; a gate on one still finds it, not available on the side
// that lacks it. Nothing throws, and a comparison of two basic runs reads as before.
import { describe, expect, it } from 'vitest';
import { Worse, type FailOn, type NamedResult } from '../../../src/model/diff.js';
import { diffResults } from '../../../src/stats/diff.js';
import { EXTENDED_METRICS, shownMetrics } from '../../../src/model/metrics.js';
import { NO_GROUP } from '../../../src/model/metric-types.js';
import { parseSavedRuns } from '../../../src/saved/runs.js';
import { renderDiffJson } from '../../../src/report/diff/json.js';
import { renderDiffMarkdown } from '../../../src/report/diff/markdown.js';
import { renderDiffTable } from '../../../src/report/diff/table.js';
import type { DiffSides } from '../../../src/report/diff/cells.js';
import { renderJson } from '../../../src/report/run/json.js';
import type { ScenarioRun } from '../../../src/model/result.js';
import { defaultsRun } from '../fixture.js';
import { extendedRun } from '../extended-fixture.js';

const SIDES: DiffSides = {
  base: { files: ['old/summary.json'], sets: [], idemsim: '0.1.0', simulated: false },
  new: { files: ['new.json'], sets: [], idemsim: '0.2.0', simulated: false },
};

/** Runs as `diff` reads them back from `run --format json`. */
function saved(...runs: ScenarioRun[]): NamedResult[] {
  const outcome = parseSavedRuns(renderJson(runs, '0.1.0'), 'saved.json');
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.saved.runs;
}

/** An old summary: the basic run, written before the extended metrics existed. */
const old = (): NamedResult[] => saved(defaultsRun());
/** The same scenario name, now run with extended features. */
const fresh = (): NamedResult[] => saved(extendedRun('article-defaults'));

const CRASHES: FailOn = {
  metric: 'serverCrashes.total',
  worse: Worse.increase,
  tolerance: 1,
  relative: false,
  text: 'serverCrashes.total=+1',
};

describe('diff against a summary without the extended metrics', () => {
  it('reads a saved basic run without them', () => {
    const [run] = old();
    for (const name of EXTENDED_METRICS) expect(JSON.stringify(run?.result.metrics)).not.toContain(`"${name}"`);
    expect(run?.result.metrics.serverCrashes).toBeUndefined();
  });

  it('compares every other metric and skips the extended ones', () => {
    const [scenario] = diffResults(old(), fresh(), []).scenarios;
    expect(scenario?.metrics.map((m) => m.metric)).toEqual(shownMetrics(NO_GROUP).map((m) => m.name));
  });

  it('compares two basic runs exactly as before the extended features', () => {
    const [scenario] = diffResults(old(), old(), []).scenarios;
    expect(scenario?.metrics.map((m) => m.metric)).toEqual(shownMetrics(NO_GROUP).map((m) => m.name));
  });

  it('compares the extended metrics where both sides carry them', () => {
    const [scenario] = diffResults(fresh(), fresh(), []).scenarios;
    const crashes = scenario?.metrics.find((m) => m.metric === 'serverCrashes.total');
    expect(crashes).toMatchObject({ base: 190, new: 190, change: 0, interval: null });
    expect(scenario?.metrics.find((m) => m.metric === 'keyStore.peakKeysAt')?.unit).toBe('ms');
  });

  it('keeps a gated extended metric, not available on the side that lacks it', () => {
    const report = diffResults(old(), fresh(), [CRASHES]);
    const [scenario] = report.scenarios;
    const crashes = scenario?.metrics.find((m) => m.metric === 'serverCrashes.total');
    expect(crashes?.base).toBeNaN();
    expect(crashes?.new).toBe(190);
    expect(scenario?.gates[0]?.verdict).toBe('untestable');
  });

  it('renders as a table, markdown and JSON without the skipped metrics', () => {
    const report = diffResults(old(), fresh(), []);
    const table = renderDiffTable(report, SIDES, { color: false });
    const markdown = renderDiffMarkdown(report, SIDES);
    const json = renderDiffJson(report, SIDES, '0.2.0');
    for (const text of [table, markdown, json]) {
      expect(text).toContain('duplicatesPerThousand');
      expect(text).not.toContain('serverCrashes');
      expect(text).not.toContain('peakKeysAt');
    }
  });

  it('marks a gated extended metric the base lacks as n/a', () => {
    const table = renderDiffTable(diffResults(old(), fresh(), [CRASHES]), SIDES, { color: false });
    const row = table.split('\n').find((l) => l.trimStart().startsWith('serverCrashes.total'));
    expect(row?.trim().split(/\s{2,}/)).toEqual([
      'serverCrashes.total',
      'n/a',
      '190',
      'n/a',
      'no interval',
      'untestable (no interval)',
    ]);
  });
});
