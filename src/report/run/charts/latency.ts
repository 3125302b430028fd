// How long things took: the cumulative distributions of tool-call latency (first send to
// result) and step latency (arrival to the end of segment 0), on a log time axis, with
// the client timeout and both p95s as labelled vertical rules. One column per scenario.
// Ticks, rule labels and caption write every duration in the one unit the axis title names.
import type { TopLevelSpec } from 'vega-lite';
import type { QuantilePoint } from '../../../model/result.js';
import { PROSE, durationUnit, formatIn, numberIn } from '../../../format/format.js';
import type { Chart, ChartRun } from '../../chart.js';
import { frame, round, runLabels, spacedTicks, tickLabels } from '../../chart.js';
import { COLOR } from '../../palette.js';
import { maxOf, minOf } from '../../../stats/extent.js';

// Without re-plans or replays a step is its one tool call and the curves coincide: the
// step is drawn dashed on top of the call so both stay visible.
const SERIES = [
  { key: 'call', label: 'tool call', color: COLOR.blue, dash: [1, 0] },
  // Purple, not amber: its p95 is written in its colour, and amber text on white is faint.
  { key: 'step', label: 'step', color: COLOR.purple, dash: [6, 4] },
] as const;
const TIMEOUT_COLOR = COLOR.red;

// Round durations (ms) for ticks and domain ends: 1-2-5 within a few decades, coarser beyond.
const FINE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 60_000];
const COARSE = [1, 10, 100, 1000, 10_000, 60_000, 600_000, 3_600_000, 36_000_000, 86_400_000];
const ENDS = [...new Set([...FINE, ...COARSE])].sort((a, b) => a - b);

const UNIT_NAMES: Readonly<Record<string, string>> = { ms: 'milliseconds', s: 'seconds', min: 'minutes', h: 'hours' };

/** A label's height on the probability axis, and which rule it belongs to. */
const LABEL_Y = { timeout: 0.05, call: 0.27, step: 0.16 } as const;

interface CdfRow {
  scenario: string;
  kind: 'cdf';
  series: string;
  ms: number;
  p: number;
}

interface RuleRow {
  scenario: string;
  kind: 'rule';
  ms: number;
  color: string;
  dash: number[];
  label: string;
  labelY: number;
  align: 'left' | 'right';
  dx: number;
}

function domainOf(values: readonly number[]): [number, number] {
  const positive = values.filter((v) => v > 0);
  const lo = Math.min(minOf(positive), 100);
  const hi = Math.max(maxOf(positive), 1000);
  const below = [...ENDS].reverse().find((t) => t <= lo) ?? 1;
  const above = ENDS.find((t) => t >= hi) ?? 10 ** Math.ceil(Math.log10(hi));
  return [below, above];
}

/** The label sits right of its rule, or left of it in the right-most quarter of the axis. */
function side(ms: number, [lo, hi]: [number, number]): Pick<RuleRow, 'align' | 'dx'> {
  const at = (Math.log(ms) - Math.log(lo)) / (Math.log(hi) - Math.log(lo));
  return at > 0.75 ? { align: 'right', dx: -6 } : { align: 'left', dx: 6 };
}

export function latencyChart(runs: readonly ChartRun[]): Chart {
  const labels = runLabels(runs);
  const all = runs.flatMap((run) => [
    ...run.result.detail.latency.call.map((q) => q.ms),
    ...run.result.detail.latency.step.map((q) => q.ms),
    run.scenario.client.timeout,
  ]);
  const domain = domainOf(all);
  const width = runs.length === 1 ? 620 : 380;
  const decades = Math.log10(domain[1] / domain[0]);
  const candidates = (decades <= 3.5 ? FINE : COARSE).filter((t) => t >= domain[0] && t <= domain[1]);
  const unit = durationUnit(candidates);
  const tick = (t: number): string => numberIn(t, unit, PROSE);
  const at = (t: number): number => (width * Math.log(t / domain[0])) / Math.log(domain[1] / domain[0]);
  const ticks = spacedTicks(candidates, at, tick, width);
  const duration = (x: number): string => formatIn(x, unit);
  // Zero latencies (a stored answer at the send) cannot sit on a log axis: they are drawn
  // at its left end.
  const ms = (x: number) => round(Math.max(domain[0], x), 1);
  const cdf = (scenario: string, series: string, points: readonly QuantilePoint[]): CdfRow[] =>
    points.map((q) => ({ scenario, kind: 'cdf', series, ms: ms(q.ms), p: round(q.p, 4) }));
  const rows: (CdfRow | RuleRow)[] = runs.flatMap((run, i) => {
    const scenario = labels[i] ?? '';
    const { detail, metrics } = run.result;
    const timeout = run.scenario.client.timeout;
    const rule = (x: number, color: string, dash: number[], label: string, labelY: number): RuleRow => ({
      scenario,
      kind: 'rule',
      ms: ms(x),
      color,
      dash,
      label,
      labelY,
      ...side(ms(x), domain),
    });
    return [
      ...cdf(scenario, SERIES[0].label, detail.latency.call),
      ...cdf(scenario, SERIES[1].label, detail.latency.step),
      rule(timeout, TIMEOUT_COLOR, [], `timeout ${duration(timeout)}`, LABEL_Y.timeout),
      rule(
        metrics.latency.call.p95,
        SERIES[0].color,
        [6, 3],
        `call p95 ${duration(metrics.latency.call.p95)}`,
        LABEL_Y.call,
      ),
      rule(
        metrics.latency.step.p95,
        SERIES[1].color,
        [2, 2],
        `step p95 ${duration(metrics.latency.step.p95)}`,
        LABEL_Y.step,
      ),
    ];
  });
  const x = {
    field: 'ms',
    type: 'quantitative',
    title: `latency (${unit.suffix}, log scale)`,
    scale: { type: 'log', domain },
    // The ticks are spaced here; vega's width estimate (0.8 em a character) would hide some.
    axis: { values: ticks, labelExpr: tickLabels(ticks, tick), labelOverlap: false },
  } as const;
  const title = 'Latency: tool calls and steps';
  const [only] = runs;
  const caption =
    runs.length === 1 && only !== undefined
      ? `Cumulative share of tool calls and steps done by a time: call p95 ${duration(only.result.metrics.latency.call.p95)}, step p95 ${duration(only.result.metrics.latency.step.p95)}, timeout ${duration(only.scenario.client.timeout)}.`
      : 'Cumulative share of tool calls and steps done by a time, with the client timeout and each p95 marked.';
  const rules = { filter: "datum.kind === 'rule'" };
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      `Line chart, one column per scenario: cumulative probability (y) against latency in ${UNIT_NAMES[unit.suffix] ?? unit.suffix} on a log scale (x) for tool calls (first send to result) and steps (arrival to the end of the first step execution), with vertical rules at the client timeout and at the p95 of each.`,
    ),
    data: { values: rows },
    facet: {
      column: { field: 'scenario', type: 'nominal', sort: labels, title: null, header: { labelFontWeight: 'bold' } },
    },
    spec: {
      width,
      height: 300,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'cdf'" }],
          mark: { type: 'line', strokeWidth: 2.5, interpolate: 'monotone' },
          encoding: {
            x,
            y: { field: 'p', type: 'quantitative', title: 'cumulative probability', scale: { domain: [0, 1] } },
            color: {
              field: 'series',
              type: 'nominal',
              title: 'latency of',
              scale: { domain: SERIES.map((s) => s.label), range: SERIES.map((s) => s.color) },
            },
            strokeDash: {
              field: 'series',
              type: 'nominal',
              title: 'latency of',
              scale: { domain: SERIES.map((s) => s.label), range: SERIES.map((s) => [...s.dash]) },
            },
            order: { field: 'p', type: 'quantitative' },
          },
        },
        {
          transform: [rules],
          mark: { type: 'rule', strokeWidth: 1.5, color: { expr: 'datum.color' }, strokeDash: { expr: 'datum.dash' } },
          encoding: { x },
        },
        {
          transform: [rules],
          mark: {
            type: 'text',
            fontSize: 11,
            align: { expr: 'datum.align' },
            dx: { expr: 'datum.dx' },
            color: { expr: 'datum.color' },
          },
          encoding: {
            x,
            y: { field: 'labelY', type: 'quantitative', title: 'cumulative probability' },
            text: { field: 'label' },
          },
        },
      ],
    },
  };
  return { name: 'latency', title, caption, spec };
}
