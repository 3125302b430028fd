// Every chart renders to SVG in Node without a single vega warning, the same SVG every
// time, and renderSvg refuses a spec that makes vega warn.
import type { TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { labelWidth } from '../../../../src/report/chart.js';
import { charts, type ChartRun } from '../../../../src/report/run/charts/index.js';
import { renderSvg } from '../../../../src/report/svg.js';
import { simulate } from '../../../../src/sim/simulate.js';
import { chartNamed, scenarioRun } from './runs.js';

/** refunds-1-no-key with replays up to 28 minutes: the time axis ends at 30 min, where "20 min" once overlapped it. */
function lateReplays(): ChartRun[] {
  const { scenario: base } = scenarioRun('refunds-1-no-key', 'eventful');
  const crash = { ...base.agent.crash, resumeDelay: { ...base.agent.crash.resumeDelay, max: 28 * 60_000 } };
  const scenario = { ...base, agent: { ...base.agent, crash } };
  return [{ scenario, result: simulate(scenario, { trace: { mode: 'eventful', actions: 40 } }) }];
}

export interface DrawnAxis {
  title: string;
  labels: { text: string; x: number; y: number; anchor: string; size: number }[];
}

/** Every axis vega drew: its title and its tick labels with where they sit. */
export function drawnAxes(svg: string): DrawnAxis[] {
  const axes: DrawnAxis[] = [];
  const groups = /<g class="mark-text role-axis-(label|title)"[^>]*>(.*?)<\/g>/g;
  let labels: DrawnAxis['labels'] = [];
  for (const [, role, body] of svg.matchAll(groups)) {
    const texts = [
      ...(body ?? '').matchAll(
        /<text text-anchor="(\w+)" transform="translate\(([-\d.e]+),([-\d.e]+)\)[^"]*"[^>]*font-size="([\d.]+)px"[^>]*opacity="([\d.]+)"[^>]*>([^<]*)<\/text>/g,
      ),
    ]
      // vega hides labels it finds crowded by drawing them transparent.
      .filter((m) => Number(m[5]) > 0)
      .map((m) => ({ anchor: m[1] ?? '', x: Number(m[2]), y: Number(m[3]), size: Number(m[4]), text: m[6] ?? '' }));
    if (role === 'label') labels = texts;
    else {
      axes.push({ title: texts[0]?.text ?? '', labels });
      labels = [];
    }
  }
  return axes;
}

/** Labels of one horizontal axis that collide, by the same width estimate the charts space ticks with. */
export function overlapping(axis: DrawnAxis): string[] {
  const row = axis.labels.filter((l) => l.y === axis.labels[0]?.y).sort((a, b) => a.x - b.x);
  if (new Set(row.map((l) => l.x)).size < row.length / 2) return []; // a vertical axis: labels share x
  const extent = (l: DrawnAxis['labels'][number]): [number, number] => {
    const w = labelWidth(l.text, l.size);
    return l.anchor === 'start' ? [l.x, l.x + w] : l.anchor === 'end' ? [l.x - w, l.x] : [l.x - w / 2, l.x + w / 2];
  };
  return row.slice(1).flatMap((l, i) => {
    const before = row[i];
    return before !== undefined && extent(before)[1] > extent(l)[0] ? [`${before.text} / ${l.text}`] : [];
  });
}

const DURATION_TITLE = /\((ms|s|min|h)[,;)]/;
const WITH_UNIT = /\d\s*(ms|s|min|h|d)$/;

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

describe('every axis reads in the unit its title names, its labels apart', () => {
  for (const [label, runs] of [...cases, ['refunds-1-no-key, replays up to 28 min', lateReplays] as const]) {
    it(label, async () => {
      for (const chart of charts(runs())) {
        for (const axis of drawnAxes(await renderSvg(chart.spec))) {
          expect(overlapping(axis), `${chart.name}: ${axis.title}`).toEqual([]);
          if (DURATION_TITLE.test(axis.title)) {
            expect(
              axis.labels.filter((l) => WITH_UNIT.test(l.text)).map((l) => l.text),
              axis.title,
            ).toEqual([]);
          }
        }
      }
    });
  }

  it("writes the latency chart's rule labels and caption in its axis unit", () => {
    const chart = chartNamed(charts([scenarioRun('article-defaults')]), 'latency');
    const text = JSON.stringify(chart.spec);
    const unit = /"title":"latency \((\w+), log scale\)"/.exec(text)?.[1];
    expect(unit).toBe('s');
    for (const found of text.matchAll(/(?:timeout|p95) [\d.,]+ (\w+)/g)) expect(found[1]).toBe(unit);
    expect(chart.caption).toMatch(/call p95 [\d.]+ s, step p95 [\d.]+ s, timeout [\d.]+ s\.$/);
  });
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
