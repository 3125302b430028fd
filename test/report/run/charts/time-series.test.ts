// The time-series dashboard: which runs get it, its panels, one shaded band per incident
// in every panel with a label saying what the incident changed, the peak of the key
// store marked, and a spec vega draws without a warning.
import { describe, expect, it } from 'vitest';
import { charts } from '../../../../src/report/run/charts/index.js';
import { timeSeriesChart } from '../../../../src/report/run/charts/time-series.js';
import { incidentText } from '../../../../src/report/run/charts/time-series-parts.js';
import { renderSvg } from '../../../../src/report/svg.js';
import type { ChartRun } from '../../../../src/report/chart.js';
import { extendedRun } from '../../extended-fixture.js';

type Spec = Record<string, unknown>;

/** A chart's spec as plain JSON. */
const specOf = (chart: { spec: unknown }): Spec => chart.spec as Spec;

/** A column's panels: the vconcat of the spec (one run) or of each hconcat column. */
function columns(spec: Spec): Spec[][] {
  const concat = (node: Spec) => node['vconcat'] as Spec[];
  return 'hconcat' in spec ? (spec['hconcat'] as Spec[]).map(concat) : [concat(spec)];
}

/** The rect layers of a panel and how many rects each draws. */
function bands(panel: Spec): number[] {
  return (panel['layer'] as Spec[])
    .filter((layer) => (layer['mark'] as { type?: string } | undefined)?.type === 'rect')
    .map((layer) => ((layer['data'] as { values: unknown[] }).values ?? []).length);
}

function withoutSeries(run: ChartRun): ChartRun {
  const result = { ...run.result };
  delete result.timeSeries;
  return { ...run, result };
}

describe('charts()', () => {
  it('adds the time series after the timeline only when a run has one', () => {
    expect(charts([extendedRun()]).map((c) => c.name)).toEqual([
      'timeline',
      'timeseries',
      'duplicates',
      'responses',
      'latency',
      'key-store',
    ]);
    expect(charts([withoutSeries(extendedRun())]).map((c) => c.name)).not.toContain('timeseries');
  });
});

describe('timeSeriesChart', () => {
  it('stacks the incident strip, load, key-store answers, harm and live keys', () => {
    const [panels = []] = columns(specOf(timeSeriesChart([extendedRun()])));
    expect(panels.map((p) => p['name'])).toEqual(['incidents_0', 'load_0', 'answers_0', 'harm_0', 'keys_0']);
  });

  it('shades every incident as one rect in the strip and in every panel', () => {
    const run = extendedRun();
    run.scenario.incidents = [
      { at: 5 * 60_000, for: 10 * 60_000, errorRate: 0.2 },
      { at: 12 * 60_000, for: 3 * 60_000, latencyFactor: 4 },
      { at: 30 * 60_000, for: 60_000, replyLoss: 0.1, requestLoss: 0.05 },
    ];
    const [panels = []] = columns(specOf(timeSeriesChart([run])));
    for (const panel of panels) expect(bands(panel), String(panel['name'])).toEqual([3]);
  });

  it('labels each incident with what it changed', () => {
    const run = extendedRun();
    const text = JSON.stringify(timeSeriesChart([run]).spec);
    expect(text).toContain('"incident: latency ×4"');
    expect(incidentText({ at: 0, for: 1, errorRate: 0.2, replyLoss: 0.1 })).toBe(
      'incident: errors 20%, reply loss 10%',
    );
    expect(incidentText({ at: 0, for: 1, requestLoss: 0.05, latencyFactor: 2.5 })).toBe(
      'incident: latency ×2.5, request loss 5%',
    );
  });

  it('leaves out an incident that starts after the series ends, and the strip when none is left', () => {
    const run = extendedRun();
    run.scenario.incidents = [{ at: 5 * 3_600_000, for: 60_000, latencyFactor: 2 }];
    const [panels = []] = columns(specOf(timeSeriesChart([run])));
    expect(panels.map((p) => p['name'])).toEqual(['load_0', 'answers_0', 'harm_0', 'keys_0']);
    for (const panel of panels) expect(bands(panel)).toEqual([]);
  });

  it('marks the key store’s peak with its size and time', () => {
    expect(JSON.stringify(timeSeriesChart([extendedRun()]).spec)).toContain('"peak 45,133 keys at 15 min 3 s"');
  });

  it('names its series in each panel’s header instead of a legend', () => {
    const spec = JSON.stringify(specOf(timeSeriesChart([extendedRun()]))['vconcat']);
    for (const name of ['arrivals', 'attempts', 'executions', '409s', 'stored 200s', 'duplicates', 'live keys'])
      expect(spec.includes(`"text":"${name}"`), name).toBe(true);
    // Colours are fixed per line or come with the data, never from a scale a legend would explain.
    expect(spec.includes('"legend"')).toBe(false);
    expect(spec.includes('"color":{"field":"color","type":"nominal"}')).toBe(false);
    // 422s only when there are any: the fixture has none.
    expect(spec.includes('"422s"')).toBe(false);
  });

  it('says there is no key store instead of drawing 409s and live keys for scope none', () => {
    const run = extendedRun();
    run.scenario.keys.scope = 'none';
    const [panels = []] = columns(specOf(timeSeriesChart([run])));
    expect(panels.map((p) => p['name'])).toEqual(['incidents_0', 'load_0', 'answers_0', 'harm_0']);
    expect(JSON.stringify(panels[2])).toContain('no key store');
  });

  it('draws one column per run with a series, their strips as tall as the tallest', () => {
    const second = extendedRun('second');
    second.scenario.incidents = [
      { at: 5 * 60_000, for: 20 * 60_000, errorRate: 0.2 },
      { at: 12 * 60_000, for: 3 * 60_000, latencyFactor: 2.5 },
    ];
    const spec = specOf(timeSeriesChart([extendedRun(), withoutSeries(extendedRun('none')), second]));
    const cols = columns(spec);
    expect(cols).toHaveLength(2);
    expect(cols.map((c) => c[0]?.['height'])).toEqual([32, 32]);
    expect((spec['hconcat'] as Spec[]).map((c) => (c['title'] as { text: string }).text)).toEqual([
      'incident-latency',
      'second',
    ]);
  });

  it('renders without a vega warning, with the incident label and the time axis in minutes', async () => {
    const svg = await renderSvg(timeSeriesChart([extendedRun()]).spec);
    expect(svg).toContain('incident: latency ×4');
    expect(svg).toContain('simulated time (min)');
  });

  it('refuses runs none of which has a series', () => {
    expect(() => timeSeriesChart([withoutSeries(extendedRun())])).toThrow(RangeError);
  });
});
