// The chart API and what every spec promises: report order, title and one-line caption,
// a description, white background and a portable font, inline data only, fixed sizes,
// rounded numbers; and what each chart states about its runs.
import { describe, expect, it } from 'vitest';
import { spacedTicks } from '../../../../src/report/chart.js';
import { charts, type Chart } from '../../../../src/report/run/charts/index.js';
import { timeAxis } from '../../../../src/report/run/charts/time-axis.js';
import { chartNamed, scenarioRun } from './runs.js';

/** Every [key, value] pair anywhere in a JSON value, depth first. */
function* entries(node: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, node];
  if (Array.isArray(node)) for (const item of node) yield* entries(item, key);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) yield* entries(v, k);
  }
}

function valuesOf(chart: Chart): Record<string, unknown>[] {
  return [...entries(chart.spec)]
    .filter(([k, v]) => k === 'data' && typeof v === 'object' && v !== null && 'values' in v)
    .flatMap(([, v]) => (v as { values: Record<string, unknown>[] }).values);
}

const single = () => charts([scenarioRun('article-defaults')]);
const several = () => charts([scenarioRun('article-defaults'), scenarioRun('refunds-3-intent-key', 'eventful')]);

describe('charts()', () => {
  it('returns the five charts in report order', () => {
    expect(single().map((c) => c.name)).toEqual(['timeline', 'duplicates', 'responses', 'latency', 'key-store']);
    expect(several().map((c) => c.name)).toEqual(['timeline', 'duplicates', 'responses', 'latency', 'key-store']);
  });

  it('refuses an empty list of runs', () => {
    expect(() => charts([])).toThrow(RangeError);
  });

  for (const [label, build] of [
    ['one run', single],
    ['several runs', several],
  ] as const) {
    describe(label, () => {
      it('titles each spec with the chart title and its one-line caption as subtitle', () => {
        for (const chart of build()) {
          expect(chart.spec.title, chart.name).toEqual({ text: chart.title, subtitle: chart.caption });
          expect(chart.caption, chart.name).not.toMatch(/\n/);
          expect(chart.caption.length, chart.name).toBeLessThanOrEqual(140);
          expect(chart.spec.description?.length ?? 0, chart.name).toBeGreaterThan(40);
        }
      });

      it('sets a white background and a font family every system has', () => {
        for (const chart of build()) {
          expect(chart.spec.background, chart.name).toBe('white');
          expect(chart.spec.config?.font, chart.name).toBe('DejaVu Sans, Arial, sans-serif');
        }
      });

      it('carries its data inline and references no URL', () => {
        for (const chart of build()) {
          const text = JSON.stringify(chart.spec);
          expect(text, chart.name).not.toMatch(/https?:|"url"|\$schema/);
          expect(valuesOf(chart).length, chart.name).toBeGreaterThan(0);
        }
      });

      it('has fixed sizes: numeric widths, numeric or per-row heights, no autosize to a container', () => {
        for (const chart of build()) {
          const found = [...entries(chart.spec)];
          const widths = found.filter(([k]) => k === 'width').map(([, v]) => v);
          const heights = found.filter(([k]) => k === 'height').map(([, v]) => v);
          expect(widths.length, chart.name).toBeGreaterThan(0);
          for (const w of widths)
            expect(typeof w === 'number' || (typeof w === 'object' && 'band' in (w as object))).toBe(true);
          for (const h of heights) expect(typeof h === 'number' || typeof h === 'object').toBe(true);
          expect(chart.spec.autosize, chart.name).toBeUndefined();
        }
      });

      it('rounds the numbers in its data (at most 6 decimals)', () => {
        for (const chart of build()) {
          for (const row of valuesOf(chart)) {
            for (const value of Object.values(row)) {
              if (typeof value === 'number') expect(String(value), chart.name).toMatch(/^-?\d+(\.\d{1,6})?$/);
            }
          }
        }
      });

      it('titles its x axes with a unit or what they count', () => {
        for (const chart of build()) {
          const titles = [...entries(chart.spec)]
            .filter(([k, v]) => k === 'x' && typeof v === 'object' && v !== null && 'title' in v)
            .map(([, v]) => (v as { title: string }).title);
          // Only a key-store chart with no key store at all draws no x axis.
          if (!JSON.stringify(chart.spec).includes('no key store'))
            expect(titles.length, chart.name).toBeGreaterThan(0);
          for (const t of titles) expect(t, chart.name).toMatch(/\((s|ms|min)\b|per 1,000 actions|share of/);
        }
      });
    });
  }
});

describe('what the charts state', () => {
  it('timeline: time since arrival, linear for the article defaults, symmetric-log past 10 s', () => {
    const linear = JSON.stringify(chartNamed(single(), 'timeline').spec);
    expect(linear).toContain('"type":"linear"');
    expect(linear).not.toContain('symlog');
    const eventful = JSON.stringify(chartNamed(charts([scenarioRun('refunds-1-no-key', 'eventful')]), 'timeline').spec);
    expect(eventful).toContain('"type":"symlog"');
  });

  it('duplicates: the per-source bars add up to the total per thousand', () => {
    const run = scenarioRun('refunds-1-no-key', 'eventful');
    const chart = chartNamed(charts([run]), 'duplicates');
    const sum = valuesOf(chart)
      .filter((r) => 'source' in r)
      .reduce((s, r) => s + (r['perThousand'] as number), 0);
    expect(sum).toBeCloseTo(run.result.metrics.duplicatesPerThousand, 2);
    expect(chart.caption).toMatch(/^refunds-1-no-key: \d+\.\d \[\d+\.\d, \d+\.\d\] duplicates/);
  });

  it('responses: the response mix covers every attempt', () => {
    const chart = chartNamed(charts([scenarioRun('refunds-3-intent-key', 'eventful')]), 'responses');
    const mix = valuesOf(chart).filter((r) => !String(r['kind']).includes('rate'));
    expect(mix.reduce((s, r) => s + (r['share'] as number), 0)).toBeCloseTo(1, 3);
  });

  it('latency: rules at the client timeout and at both p95s', () => {
    const run = scenarioRun('article-defaults');
    const rules = valuesOf(chartNamed(charts([run]), 'latency')).filter((r) => r['kind'] === 'rule');
    expect(rules.map((r) => String(r['label']).split(' ')[0])).toEqual(['timeout', 'call', 'step']);
    expect(rules[0]?.['ms']).toBe(run.scenario.client.timeout);
  });

  it('key-store: a scenario without a key says so instead of drawing an empty axis', () => {
    const chart = chartNamed(single(), 'key-store');
    expect(JSON.stringify(chart.spec)).toContain('no key store (scope none)');
  });

  it('key-store: the steady-state line is labelled in keys and MB', () => {
    const run = scenarioRun('refunds-3-intent-key', 'eventful');
    const chart = chartNamed(charts([run]), 'key-store');
    const label = valuesOf(chart).find((r) => 'label' in r)?.['label'];
    expect(label).toMatch(/^steady state [\d,]+ keys, \d+\.\d+ MB$/);
    expect(JSON.stringify(chart.spec)).toContain('"orient":"right"');
  });
});

describe('time axes', () => {
  it('write every tick in the unit the title names', () => {
    const axis = timeAxis(1300, 'time', 760);
    expect(axis.title).toBe('time (s; log scale past 1 s)');
    expect(axis.axis.labelExpr).toContain("datum.value === 600 ? '600'");
    expect(axis.axis.labelExpr).not.toMatch(/min|'\d+ s'/);
  });

  it('leave out a tick whose label would run into the flush label at the end of the axis', () => {
    // Symlog over [0, 1800] s on 760 px: 1,200 sits 41 px from the end, where "1,800" is set flush right.
    expect(timeAxis(1300, 'time', 760).axis.values).toEqual([0, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800]);
    const at = (x: number): number => x;
    // "00000" is 35 px wide: centred on 150 it would clear a centred label at 200, not one set flush.
    expect(spacedTicks([0, 60, 150, 200], at, () => '00000', 200)).toEqual([0, 60, 200]);
    expect(spacedTicks([0, 60, 100, 120, 200], at, () => '00000', 200)).toEqual([0, 60, 120, 200]);
    expect(spacedTicks([0, 10], at, () => '00000', 10)).toEqual([0, 10]);
  });
});
