// Golden checks on the checked-in scenarios at their seeds: the specs are byte-identical on
// rerun, and the lab picture draws exactly the marks the trace holds: one bar per traced
// attempt, one white dot per first commit, one pink dot per duplicate commit, one cyan ring
// per stored answer, one marker per re-plan or replay call.
import { describe, expect, it } from 'vitest';
import { charts } from '../../../../src/report/run/charts/index.js';
import { TIMELINE_LAYERS, timelineLayerName } from '../../../../src/report/run/charts/timeline.js';
import { renderSvg } from '../../../../src/report/svg.js';
import { chartNamed, countMarks, expectedMarks, freshRun, scenarioRun } from './runs.js';

const LAYERS = Object.keys(TIMELINE_LAYERS) as (keyof typeof TIMELINE_LAYERS)[];

async function timelineMarks(runs: Parameters<typeof charts>[0], panel = 0) {
  const svg = await renderSvg(chartNamed(charts(runs), 'timeline').spec);
  return Object.fromEntries(LAYERS.map((layer) => [layer, countMarks(svg, timelineLayerName(layer, panel))]));
}

describe('article-defaults at its seed', () => {
  it('builds byte-identical specs from two separate simulations', () => {
    const first = charts([freshRun('article-defaults')]).map((c) => JSON.stringify(c.spec));
    const second = charts([freshRun('article-defaults')]).map((c) => JSON.stringify(c.spec));
    expect(second).toEqual(first);
  });

  it('draws one bar per traced attempt and one dot per traced commit', async () => {
    const run = scenarioRun('article-defaults');
    const expected = expectedMarks(run);
    expect(expected.attempts).toBeGreaterThanOrEqual(40);
    expect(expected.commits).toBe(40);
    expect(await timelineMarks([run])).toEqual(expected);
  });

  it('traces the first 40 actions and shows the duplicates of blind retries', () => {
    const run = scenarioRun('article-defaults');
    expect(run.result.detail.trace.map((t) => t.action)).toEqual([...Array(40).keys()]);
    expect(expectedMarks(run).duplicates).toBeGreaterThan(0);
  });
});

describe('refunds-1-no-key, the 40 most eventful actions', () => {
  it('has pink dots, one per traced duplicate commit, and no cyan rings', async () => {
    const run = scenarioRun('refunds-1-no-key', 'eventful');
    const marks = await timelineMarks([run]);
    expect(marks).toEqual(expectedMarks(run));
    expect(marks['duplicates']).toBeGreaterThan(0);
    expect(marks['stored']).toBe(0);
  });
});

describe('refunds-3-intent-key, the 40 most eventful actions', () => {
  it('has cyan rings, one per stored answer, and marks its re-plan and replay calls', async () => {
    const run = scenarioRun('refunds-3-intent-key', 'eventful');
    const marks = await timelineMarks([run]);
    expect(marks).toEqual(expectedMarks(run));
    expect(marks['stored']).toBeGreaterThan(0);
    expect(marks['calls']).toBeGreaterThan(0);
  });
});

describe('several scenarios', () => {
  it('draws one timeline panel per run, each with its own marks', async () => {
    const runs = [scenarioRun('refunds-1-no-key', 'eventful'), scenarioRun('refunds-3-intent-key', 'eventful')];
    expect(await timelineMarks(runs, 0)).toEqual(expectedMarks(runs[0] ?? runs[1]!));
    expect(await timelineMarks(runs, 1)).toEqual(expectedMarks(runs[1] ?? runs[0]!));
  });
});
