// Every chart renders to SVG in Node without a single vega warning, the same SVG every
// time, and renderSvg refuses a spec that makes vega warn.
import type { TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { charts, type ChartRun } from '../../../../src/report/run/charts/index.js';
import { renderSvg } from '../../../../src/report/svg.js';
import { chartNamed, scenarioRun } from './runs.js';

/** The text of every axis title vega drew. */
function axisTitles(svg: string): string[] {
  return [...svg.matchAll(/<g class="mark-text role-axis-title"[^>]*><text[^>]*>([^<]*)<\/text>/g)].map(
    (m) => m[1] ?? '',
  );
}

// An axis title names its unit in parentheses, or is a count or share that carries it.
const AXIS_TITLE =
  /\((s|ms|min|MB)\b|^(duplicates|lost actions) per 1,000 actions$|^share of|^live keys$|^cumulative probability$|^action$/;

const cases: [string, () => ChartRun[]][] = [
  ['article-defaults, first 40', () => [scenarioRun('article-defaults')]],
  ['refunds-1-no-key, eventful 40', () => [scenarioRun('refunds-1-no-key', 'eventful')]],
  ['refunds-3-intent-key, eventful 40', () => [scenarioRun('refunds-3-intent-key', 'eventful')]],
  [
    'three scenarios side by side',
    () => [
      scenarioRun('article-defaults'),
      scenarioRun('refunds-1-no-key', 'eventful'),
      scenarioRun('refunds-3-intent-key', 'eventful'),
    ],
  ],
];

describe('every chart renders to SVG without warnings', () => {
  for (const [label, runs] of cases) {
    it(label, async () => {
      for (const chart of charts(runs())) {
        const svg = await renderSvg(chart.spec);
        expect(svg.startsWith('<svg'), chart.name).toBe(true);
        expect(svg, chart.name).toContain(chart.caption.slice(0, 20));
        for (const title of axisTitles(svg)) expect(title, chart.name).toMatch(AXIS_TITLE);
      }
    });
  }
});

describe('renderSvg', () => {
  it('renders the same spec to byte-identical SVG twice', async () => {
    for (const chart of charts([scenarioRun('refunds-3-intent-key', 'eventful')])) {
      expect(await renderSvg(chart.spec), chart.name).toBe(await renderSvg(chart.spec));
    }
  });

  it('throws on a spec that makes vega-lite warn', async () => {
    // A continuous scale on a nominal field: Vega-Lite warns and falls back.
    const spec: TopLevelSpec = {
      data: { values: [{ a: 'x' }] },
      mark: 'point',
      encoding: { x: { field: 'a', type: 'nominal', scale: { type: 'log' } } },
    };
    await expect(renderSvg(spec)).rejects.toThrow(/warning/);
  });

  it('draws the font family and a white background', async () => {
    const svg = await renderSvg(chartNamed(charts([scenarioRun('article-defaults')]), 'timeline').spec);
    expect(svg).toMatch(/^<svg[^>]*><rect width="\d+" height="\d+" fill="white"\/>/);
    expect(svg).toContain('font-family="DejaVu Sans, Arial, sans-serif"');
  });
});
