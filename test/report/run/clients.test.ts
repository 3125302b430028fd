// A real client's retry limits and hedging (MODEL.md, D) in a run's table, HTML,
// JSON, CSV and summary: the "Retry limits and hedging" rows appear when some scenario
// uses a throttle, a budget or hedging, read "n/a" for a scenario beside it that does not,
// and are absent, byte for byte as before, when none does.
import { describe, expect, it } from 'vitest';
import { CLIENT_METRICS, shownMetrics } from '../../../src/model/metrics.js';
import { NO_GROUP } from '../../../src/model/metric-types.js';
import type { ScenarioRun } from '../../../src/model/result.js';
import { renderCsv } from '../../../src/report/run/csv.js';
import { renderHtml } from '../../../src/report/run/html.js';
import { renderJson } from '../../../src/report/run/json.js';
import { SECTIONS, sectionsFor } from '../../../src/report/run/sections.js';
import { renderSummary } from '../../../src/report/run/summary.js';
import { parseSummary } from '../../../src/saved/summary.js';
import { renderTable } from '../../../src/report/run/table.js';
import { embeddedScenario } from '../../../src/scenario/index.js';
import { simulate } from '../../../src/sim/simulate.js';
import { defaultsRun, fixtureResult } from '../fixture.js';
import { extendedRun } from '../extended-fixture.js';
import { scenarioWith } from './folder/fixture.js';

const TITLE = 'Retry limits and hedging';

/** A hedging client: 681 hedged attempts of 4,185. */
function hedgeRun(): ScenarioRun {
  const { scenario, result } = defaultsRun();
  scenario.name = 'hedged';
  scenario.client.retries = 0;
  scenario.client.hedge = { after: 500, max: 2 };
  result.metrics.hedges = 681;
  return { scenario, result };
}

/** A throttled client: 1,736 retries refused for want of tokens. */
function throttleRun(): ScenarioRun {
  const scenario = defaultsRun().scenario;
  scenario.name = 'throttled';
  scenario.client.throttle = { capacity: 50, retryCost: 5, timeoutCost: 10, successRefill: 1 };
  const result = fixtureResult();
  result.metrics.retriesRefused = { budget: 0, throttle: 1736 };
  return { scenario, result };
}

function rowOf(text: string, label: string): string[] | undefined {
  return text
    .split('\n')
    .find((l) => l.trimStart().startsWith(label))
    ?.trim()
    .split(/\s{2,}/);
}

describe('the run table', () => {
  it('has no retry-limit section when no scenario uses a throttle, a budget or hedging', () => {
    for (const runs of [[defaultsRun()], [defaultsRun(), extendedRun()]]) {
      const text = renderTable(runs, { color: false });
      expect(text).not.toContain(TITLE);
      expect(text).not.toMatch(/hedged|refused/);
    }
    expect(sectionsFor([defaultsRun()])).toEqual(SECTIONS);
  });

  it('shows hedged attempts with their share of attempts, and the refusals of each kind', () => {
    const text = renderTable([hedgeRun(), throttleRun()], { color: false });
    expect(text.split('\n').map((l) => l.trim())).toContain(TITLE);
    expect(rowOf(text, 'hedged attempts')).toEqual(['hedged attempts', '681 (16.27%)', '0 (0.00%)']);
    expect(rowOf(text, 'retries refused by the budget')).toEqual(['retries refused by the budget', '0', '0']);
    expect(rowOf(text, 'retries refused by the throttle')).toEqual(['retries refused by the throttle', '0', '1,736']);
  });

  it('reads n/a for a scenario beside it that uses none, with extended features or not', () => {
    const text = renderTable([defaultsRun(), extendedRun(), hedgeRun()], { color: false });
    expect(rowOf(text, 'hedged attempts')).toEqual(['hedged attempts', 'n/a', 'n/a', '681 (16.27%)']);
    expect(rowOf(text, 'retries refused by the throttle')).toEqual([
      'retries refused by the throttle',
      'n/a',
      'n/a',
      '0',
    ]);
  });

  it('puts the section after the extended one, before the run’s counts', () => {
    const titles = sectionsFor([hedgeRun()]).map((s) => s.title);
    expect(titles.slice(-3)).toEqual(['Service crashes, leases and checks', TITLE, 'Run']);
  });
});

describe('the HTML report', () => {
  const html = (runs: ScenarioRun[]) =>
    renderHtml({ version: '9.9.9', runs, charts: [], links: [], settings: () => [] });

  it('lists the rows under All metrics only when a scenario uses them', () => {
    expect(html([defaultsRun()])).not.toContain(TITLE);
    const page = html([defaultsRun(), hedgeRun()]);
    expect(page).toContain(`<th colspan="3">${TITLE}</th>`);
    expect(page).toContain('<tr><th scope="row">hedged attempts</th><td>n/a</td><td>681 (16.27%)</td></tr>');
  });
});

describe('run --format json and csv', () => {
  it('carry the client metrics only for a scenario that uses them', () => {
    const doc = JSON.parse(renderJson([defaultsRun(), hedgeRun()], '9.9.9')) as {
      runs: { metrics: Record<string, unknown> }[];
    };
    expect(doc.runs[0]?.metrics).not.toHaveProperty('hedges');
    expect(doc.runs[1]?.metrics['hedges']).toBe(681);
    expect(doc.runs[1]?.metrics['retriesRefused']).toEqual({ budget: 0, throttle: 0 });
  });

  it('give every run the client rows when one uses them, the others’ values empty', () => {
    const lines = renderCsv([defaultsRun(), throttleRun()]).trimEnd().split('\n');
    expect(lines).toHaveLength(
      1 + 2 * shownMetrics({ extended: true, clients: true, layers: false, handlers: false }).length,
    );
    expect(lines).toContain('article-defaults,retriesRefused.throttle,,,');
    expect(lines).toContain('throttled,retriesRefused.throttle,1736,,');
    const plain = renderCsv([defaultsRun()]).trimEnd().split('\n');
    expect(plain).toHaveLength(1 + shownMetrics(NO_GROUP).length);
    for (const name of CLIENT_METRICS) expect(plain.join('\n')).not.toContain(name);
  });
});

describe('summary.json of the real core', () => {
  const traced = (sets: string[]) => {
    const scenario = scenarioWith(['actions=600', ...sets]);
    return { scenario, result: simulate(scenario, { trace: { mode: 'eventful', actions: 12 } }) };
  };

  it('writes a hedging and a throttled run, with their traces, and reads them back to the same bytes', () => {
    const runs = [
      traced(['client.retries=0', 'client.hedge={after: 500ms, max: 2}']),
      traced([
        'service.errorRate=50%',
        'client.throttle={capacity: 50, retryCost: 5, timeoutCost: 10, successRefill: 1}',
      ]),
      traced([]),
    ];
    const attempts = runs.map((r) => r.result.detail.trace.flatMap((t) => t.attempts));
    expect(attempts[0]?.some((a) => a.hedge === true)).toBe(true);
    expect(attempts[1]?.some((a) => a.refused === 'throttle')).toBe(true);
    const text = renderSummary({ idemsim: '9.9.9', runs });
    const outcome = parseSummary(text, 'summary.json', embeddedScenario);
    if (!outcome.ok) throw new Error(outcome.problem);
    const back = outcome.summary.runs;
    expect(back[0]?.result.metrics.hedges).toBe(runs[0]?.result.metrics.hedges);
    expect(back[1]?.result.metrics.retriesRefused).toEqual(runs[1]?.result.metrics.retriesRefused);
    expect(back.map((r) => r.result.detail.trace)).toEqual(runs.map((r) => r.result.detail.trace));
    expect(renderSummary(outcome.summary)).toBe(text);
  });

  it('reads a client metric a clients run’s summary lacks as not available', () => {
    const run = traced(['client.budget={percent: 20, minConcurrency: 1}']);
    const doc = JSON.parse(renderSummary({ idemsim: '9.9.9', runs: [run] })) as {
      runs: { metrics: Record<string, unknown> }[];
    };
    delete doc.runs[0]?.metrics['hedges'];
    const outcome = parseSummary(JSON.stringify(doc), 'summary.json', embeddedScenario);
    expect(outcome.ok ? outcome.summary.runs[0]?.result.metrics.hedges : outcome.problem).toBeNaN();
  });
});
