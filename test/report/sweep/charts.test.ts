// The sweep charts: valid Vega-Lite, drawn without a vega warning, axis titles with units,
// byte-identical specs for the same sweep, and none beyond two dimensions.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { sweepCharts } from '../../../src/report/sweep/charts.js';
import { renderSvg } from '../../../src/report/svg.js';
import { defaultsWithSets } from '../../../src/scenario/index.js';
import { simulate } from '../../../src/sim/simulate.js';
import type { Sweep, Vary } from '../../../src/model/sweep.js';
import { parseVary } from '../../../src/scenario/vary.js';
import { sweepPoints } from '../../../src/pool/sweep.js';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('vega-lite/vega-lite-schema.json'), 'utf8')) as object;
const validate = new Ajv({ strict: false, allowUnionTypes: true, validateFormats: false, allErrors: true }).compile(
  schema,
);

const METRICS = [
  'duplicatesPerThousand',
  'lostPerThousand',
  'conflictRate',
  'latency.call.p95',
  'keyStore.steadyStateBytes',
];

/** A small sweep of the defaults, simulated in process. */
function sweepOf(args: readonly string[], metrics: readonly string[] = METRICS, sets: readonly string[] = []): Sweep {
  const vary = args.map((arg) => {
    const outcome = parseVary(arg);
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.vary;
  }) as Vary[];
  const planned = sweepPoints(vary, (pointSets) => defaultsWithSets(['actions=300', ...sets, ...pointSets]));
  if (!planned.ok) throw new Error(planned.problems.join('\n'));
  return {
    name: 'article-defaults',
    vary,
    metrics: [...metrics],
    points: planned.points.map((p) => ({ ...p, result: simulate(p.scenario) })),
  };
}

/** The text of every axis and legend title vega drew. */
function titles(svg: string): string[] {
  return [...svg.matchAll(/<g class="mark-text role-(?:axis|legend)-title"[^>]*><text[^>]*>([^<]*)<\/text>/g)].map(
    (m) => m[1] ?? '',
  );
}

interface Cell {
  x: string;
  y: string;
  value: number | null;
  text: string;
}

/** A heatmap's cells, as its data holds them. */
function cellsOf(spec: unknown): Cell[] {
  return ((spec as { data?: { values?: Cell[] } } | undefined)?.data?.values ?? []).slice();
}

const cases: [string, () => Sweep][] = [
  ['one numeric dimension (durations)', () => sweepOf(['client.timeout=400ms..2s:400ms'])],
  ['one numeric dimension (probabilities)', () => sweepOf(['network.replyLoss=0..0.1:0.05'])],
  ['one dimension of words', () => sweepOf(['keys.scope=none,call,intent'])],
  ['two dimensions', () => sweepOf(['client.retries=0,1,3', 'keys.retention=5m,15m,1h'], METRICS, ['keys.scope=call'])],
  [
    'two dimensions, many cells',
    () =>
      sweepOf(
        ['client.timeout=200ms..3s:200ms', 'network.replyLoss=0..0.2:0.02'],
        ['duplicatesPerThousand'],
        ['actions=40'],
      ),
  ],
];

describe('sweep charts', () => {
  for (const [label, make] of cases) {
    it(`${label}: one chart per metric, valid Vega-Lite, drawn without warnings, units on the axes`, async () => {
      const sweep = make();
      const charts = sweepCharts(sweep);
      expect(charts.map((c) => c.name)).toHaveLength(sweep.metrics.length);
      expect(new Set(charts.map((c) => c.name)).size).toBe(charts.length);
      for (const chart of charts) {
        const ok = validate(chart.spec);
        expect({ chart: chart.name, errors: ok ? [] : (validate.errors ?? []).slice(0, 5) }).toEqual({
          chart: chart.name,
          errors: [],
        });
        expect(chart.name).toMatch(/^sweep-[a-z0-9-]+$/);
        expect(chart.spec.background).toBe('white');
        expect(chart.spec.title).toEqual({ text: chart.title, subtitle: chart.caption });
        expect(chart.caption).not.toContain('\n');
        const svg = await renderSvg(chart.spec);
        expect(svg).toContain('font-family="DejaVu Sans, Arial, sans-serif"');
        expect(svg).toContain(chart.caption.slice(0, 20));
        const drawn = titles(svg);
        expect(drawn.length, chart.name).toBeGreaterThanOrEqual(2);
        // The metric's axis (or legend) names its unit.
        expect(
          drawn.some((t) =>
            /\((per 1,000 actions|%|ms|s|min|h|B|KB|MB|GB|count|keys|per action)\)$|^(per 1,000 actions|%|ms|s|min|h|B|KB|MB|GB)$/.test(
              t,
            ),
          ),
        ).toBe(true);
      }
    });
  }

  it('draws lines with a 95% band and points for one dimension, a labelled heatmap for two', () => {
    const [line] = sweepCharts(sweepOf(['client.timeout=400ms..2s:400ms'], ['duplicatesPerThousand']));
    const marks = JSON.stringify(line?.spec);
    for (const mark of ['"area"', '"line"', '"point"', '"y2"']) expect(marks).toContain(mark);
    expect(marks).toContain('client.timeout (s)');
    const [heat] = sweepCharts(sweepOf(['client.retries=0,1,3', 'keys.scope=none,call'], ['duplicatesPerThousand']));
    const cells = JSON.stringify(heat?.spec);
    for (const mark of ['"type":"rect"', '"type":"text"', '"viridis"']) expect(cells).toContain(mark);
  });

  it('writes every heatmap cell in the unit of its legend, and each axis in the unit of its title', () => {
    const sweep = sweepOf(
      ['client.timeout=500ms..3s:500ms', 'network.replyLoss=0,0.01,0.02'],
      ['latency.step.p95', 'latency.call.p95'],
      ['actions=2000'],
    );
    for (const chart of sweepCharts(sweep)) {
      const text = JSON.stringify(chart.spec);
      const legend = /"color":\{"field":"value","type":"quantitative","title":"(\w+)"/.exec(text)?.[1];
      expect(legend, chart.name).toMatch(/^(ms|s)$/);
      const cells = cellsOf(chart.spec);
      expect(cells.length).toBe(18);
      for (const cell of cells) expect(cell.text, chart.name).toMatch(new RegExp(`^[\\d,.]+ ${legend ?? ''}$`));
      expect(text).toContain('"title":"client.timeout (s)"');
      expect(text).toContain('"title":"network.replyLoss (%)"');
      expect(cells.map((c) => c.x)).toContain('0.5');
      expect(cells.map((c) => c.y)).toEqual(expect.arrayContaining(['0', '1', '2']));
    }
  });

  it('keeps two significant digits in a per-thousand cell below 10', () => {
    const sweep = sweepOf(
      ['client.timeout=500ms..3s:500ms', 'network.replyLoss=0,0.01,0.02'],
      ['duplicatesPerThousand'],
      ['actions=4000'],
    );
    const [heat] = sweepCharts(sweep);
    const cells = cellsOf(heat?.spec);
    const small = cells.filter((c) => c.value !== null && c.value > 0 && c.value < 10);
    expect(small.length).toBeGreaterThan(0);
    for (const cell of small) expect(cell.text).toMatch(/^\d\.\d+$/);
    expect(cells.some((c) => c.value !== null && c.value >= 10)).toBe(true);
  });

  it("picks a line chart's unit for its axis, from 0 to the highest interval end", () => {
    const [line] = sweepCharts(sweepOf(['client.timeout=300ms,600ms,1s'], ['latency.step.p95'], ['actions=2000']));
    expect(JSON.stringify(line?.spec)).toMatch(/"title":"latency\.step\.p95 \((s|ms)\)"/);
  });

  it('leaves the labels out of cells too small to read them', () => {
    const [heat] = sweepCharts(cases[4]?.[1]() as Sweep);
    expect(JSON.stringify(heat?.spec)).not.toContain('"type":"text"');
  });

  it('gives byte-identical specs for the same sweep', () => {
    const a = sweepCharts(sweepOf(['client.retries=0,1,3', 'keys.scope=none,call']));
    const b = sweepCharts(sweepOf(['client.retries=0,1,3', 'keys.scope=none,call']));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('draws nothing for three dimensions', () => {
    expect(sweepCharts(sweepOf(['client.retries=0,1', 'keys.scope=none,call', 'client.timeout=1s,2s']))).toEqual([]);
  });
});
