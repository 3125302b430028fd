// The lab picture's marks for a real client's hedging and retry limits (MODEL.md
// D), drawn from hand-built traces: hedged attempts get thinner bars in lanes of their own
// under the call's first attempt, a call whose retry was refused a cross at its last
// attempt's end. A trace without either draws the chart it always drew.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../../../src/model/scenario.js';
import type { TracedAction, TracedAttempt } from '../../../../src/model/result.js';
import type { ChartRun } from '../../../../src/report/chart.js';
import { CLIENT_LAYERS, clientData } from '../../../../src/report/run/charts/timeline-clients.js';
import { REFUSED, axisPixels, placeLabels } from '../../../../src/report/run/charts/timeline-labels.js';
import { LANE, laneOffset, rowLayout } from '../../../../src/report/run/charts/timeline-rows.js';
import { timelineChart } from '../../../../src/report/run/charts/timeline.js';
import { simulate } from '../../../../src/sim/simulate.js';
import { renderSvg } from '../../../../src/report/svg.js';
import { attempt, countMarks } from './runs.js';

/** Actions 10 s apart, times relative to each arrival. */
function action(i: number, commits: number, attempts: Partial<TracedAttempt>[]): TracedAction {
  const arrival = 10_000 * (i + 1);
  return {
    action: i,
    arrival,
    commits,
    attempts: attempts.map((a) =>
      attempt({
        ...a,
        sent: arrival + (a.sent ?? 0),
        end: arrival + (a.end ?? 0),
        commit: a.commit === undefined || a.commit === null ? null : arrival + a.commit,
      }),
    ),
  };
}

/** Hedging with no key, then with a key per call: duplicates, then 409s answered at once. */
function hedgeTrace(): TracedAction[] {
  return [
    action(0, 3, [
      { end: 1000, outcome: 'slow', commit: 1190 },
      { attempt: 1, sent: 500, end: 1280, commit: 1275, duplicate: true, hedge: true },
      { attempt: 2, sent: 1000, end: 1500, commit: 1495, duplicate: true, hedge: true },
    ]),
    action(1, 1, [
      { end: 1000, outcome: 'slow', commit: 1050 },
      { attempt: 1, sent: 500, end: 500, outcome: 'conflict', hedge: true },
      { attempt: 2, sent: 500, end: 500, outcome: 'conflict', hedge: true },
    ]),
    action(2, 1, [{ end: 310, commit: 305 }]),
  ];
}

/** Retries refused: by the throttle after a 503, by the budget after a timeout. */
function refusalTrace(): TracedAction[] {
  return [
    action(0, 0, [
      { end: 0, outcome: 'rejected' },
      { attempt: 1, sent: 40, end: 40, outcome: 'rejected', refused: 'throttle' },
    ]),
    action(1, 1, [{ end: 1000, outcome: 'replyLost', commit: 300, refused: 'budget' }]),
    action(2, 1, [{ end: 310, commit: 305 }]),
  ];
}

/** The same actions with the client's marks taken out: what a client without them traces. */
function without(trace: TracedAction[]): TracedAction[] {
  return trace.map((t) => ({
    ...t,
    attempts: t.attempts.map(({ hedge: _h, refused: _r, ...a }) => ({ ...a })),
  }));
}

function runOf(trace: TracedAction[], name = 'clients-fixture'): ChartRun {
  const scenario = { ...defaultScenario(), name };
  const metrics = { actions: trace.length } as ChartRun['result']['metrics'];
  return {
    scenario,
    result: { metrics, intervals: {}, detail: { trace, keyStore: [], latency: { call: [], step: [] } } },
  };
}

interface Layer {
  name: string;
  transform?: unknown[];
  mark: Record<string, unknown>;
}
type Spec = { vconcat: { height: { step: number }; layer: Layer[] }[] };

function panelOf(runs: ChartRun[], i = 0) {
  const panel = (timelineChart(runs).spec as unknown as Spec).vconcat[i];
  if (panel === undefined) throw new Error('no panel');
  return panel;
}

const layerNames = (runs: ChartRun[]) => panelOf(runs).layer.map((l) => l.name);

describe('a trace with no hedge and no refusal', () => {
  it('draws the five layers, the narrow rows and the one-line caption it always did', () => {
    for (const trace of [without(hedgeTrace()), without(refusalTrace())]) {
      const chart = timelineChart([runOf(trace)]);
      const text = JSON.stringify(chart.spec);
      expect(layerNames([runOf(trace)])).toEqual(['attempts', 'stored', 'commits', 'duplicates', 'calls']);
      expect(panelOf([runOf(trace)]).height.step).toBe(14);
      expect(text).not.toMatch(/"lane"|"dy"|datum\.lane|datum\.dy|hedge|refused/);
      expect(chart.caption).not.toContain('Also:');
    }
  });
});

describe('hedged attempts', () => {
  const run = runOf(hedgeTrace());

  it('get a layer of their own right after the attempts, which draw only the first lane', () => {
    const panel = panelOf([run]);
    expect(panel.layer.map((l) => l.name)).toEqual([
      'attempts',
      CLIENT_LAYERS.hedges,
      'stored',
      'commits',
      'duplicates',
      'calls',
    ]);
    expect(panel.layer[0]?.transform).toEqual([{ filter: 'datum.lane === 0' }]);
    expect(panel.layer[1]?.transform).toEqual([{ filter: 'datum.lane > 0' }]);
    expect(panel.layer[1]?.mark['height']).toBe(LANE.bar);
  });

  it('put every dot on its own attempt’s lane', () => {
    const markers = panelOf([run]).layer.filter((l) => ['stored', 'commits', 'duplicates'].includes(l.name));
    for (const m of markers) expect(m.mark['yOffset']).toEqual({ expr: 'datum.dy' });
  });

  it('widen the rows by one lane per hedge, and are counted in the caption', () => {
    expect(panelOf([run]).height.step).toBe(rowLayout(false, 2).step);
    expect(rowLayout(false, 2).step).toBeGreaterThan(14 + 2 * (LANE.bar + LANE.gap));
    expect(timelineChart([run]).caption).toContain("Also: 4 hedged attempts (thin bars under their call's first).");
  });

  it('draw one thin bar per hedged attempt and one full bar per other attempt', async () => {
    const svg = await renderSvg(timelineChart([run]).spec);
    expect(countMarks(svg, 'attempts')).toBe(3);
    expect(countMarks(svg, CLIENT_LAYERS.hedges)).toBe(4);
    expect(countMarks(svg, 'duplicates')).toBe(2);
  });
});

describe('hedge lanes', () => {
  const band = 14 * 0.7;
  // Each bar's 2 px stroke reaches 1 px past its edge.
  const top = (lane: number) => laneOffset(lane) - LANE.bar / 2 - 1;
  const bottom = (lane: number) => laneOffset(lane) + LANE.bar / 2 + 1;

  it('clear the bar and each other', () => {
    expect(top(1)).toBeGreaterThan(band / 2 + 1);
    for (const lane of [2, 3, 4]) expect(top(lane)).toBeGreaterThan(bottom(lane - 1));
  });

  it('stay nearer their own bar than the next row’s', () => {
    for (const lanes of [1, 2, 4]) {
      for (const labels of [false, true]) {
        const { step } = rowLayout(labels, lanes);
        const nextBarTop = step - band / 2 - 1;
        const gapToNext = nextBarTop - bottom(lanes);
        expect(gapToNext, `${lanes} lanes`).toBeGreaterThan(LANE.gap - 2);
      }
    }
  });

  it('leave room under the last row', () => {
    for (const lanes of [1, 2, 4]) {
      const { step, y } = rowLayout(false, lanes);
      expect(step * y.scale.paddingOuter).toBeGreaterThanOrEqual(lanes * (LANE.bar + LANE.gap));
    }
  });
});

describe('refused retries', () => {
  const run = runOf(refusalTrace());

  it('get a cross layer, before the labels, and rows with a label line', () => {
    const names = layerNames([run]);
    expect(names).toEqual(['attempts', 'stored', 'commits', 'duplicates', 'calls', 'refusals', 'extended_labels']);
    expect(panelOf([run]).height.step).toBe(24);
  });

  it('draw one cross per refused call, each kind labelled and named in the legend', async () => {
    const chart = timelineChart([run]);
    expect(chart.caption).toContain(
      'Also: 1 retry refused by the budget (cross), 1 retry refused by the throttle (cross).',
    );
    const svg = await renderSvg(chart.spec);
    expect(countMarks(svg, CLIENT_LAYERS.refusals)).toBe(2);
    for (const text of [REFUSED.budget, REFUSED.throttle, 'retry refused', 'by the budget', 'by the throttle'])
      expect(svg).toContain(text);
  });

  it('name in the legend only the kinds the trace holds', () => {
    const throttleOnly = refusalTrace().slice(0, 1);
    const text = JSON.stringify(timelineChart([runOf(throttleOnly)]).spec);
    expect(text).toContain('"domain":["by the throttle"]');
  });

  it('are labelled once a row: a throttled run refuses call after call', () => {
    const data = clientData([
      action(0, 0, [
        { end: 0, outcome: 'rejected', refused: 'throttle' },
        { call: 1, origin: 'replan', sent: 6000, end: 6000, outcome: 'rejected', refused: 'throttle' },
      ]),
    ]);
    const px = axisPixels({ type: 'linear', domain: [0, 10] }, 760);
    const labels = placeLabels({ crashes: [], takeovers: [], reads: [], deletions: [] }, [], px, 760, data.refusals);
    expect(labels.map((l) => [l.text, l.at])).toEqual([[REFUSED.throttle, 0]]);
  });
});

describe('the real core', () => {
  it('ranks hedged actions among the most eventful, so the picture shows them', () => {
    const scenario = defaultScenario();
    scenario.actions = 2000;
    scenario.client.retries = 0;
    scenario.client.hedge = { after: 500, max: 2 };
    const result = simulate(scenario, { trace: { mode: 'eventful', actions: 12 } });
    const data = clientData(result.detail.trace);
    expect(data.hedges).toBeGreaterThanOrEqual(12);
    expect(data.lanes).toBe(2);
  });
});

describe('the spec', () => {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve('vega-lite/vega-lite-schema.json'), 'utf8')) as object;
  const validate = new Ajv({ strict: false, allowUnionTypes: true, validateFormats: false, allErrors: true }).compile(
    schema,
  );

  it('validates against the Vega-Lite JSON schema, hedges and refusals in two panels', () => {
    const ok = validate(timelineChart([runOf(hedgeTrace()), runOf(refusalTrace(), 'refusals')]).spec);
    expect(ok ? [] : (validate.errors ?? []).slice(0, 5)).toEqual([]);
  });
});
