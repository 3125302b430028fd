// The lab picture's marks for a real client's hedging and retry limits (MODEL.md,
// D). A hedged attempt runs beside its call's first attempt, so it cannot share that bar:
// it is drawn as a thinner bar in a lane of its own under it (hedge j in lane j), its dots
// on it. A call whose wanted retry the budget or the throttle refused gets a cross just past
// its last attempt's end, labelled where the label fits. Each is drawn only where the trace
// holds one, so a trace without them gives the chart it gave before they existed, byte for byte.
import type { Field } from 'vega-lite/types_unstable/channeldef.js';
import type { UnitSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { TracedAction } from '../../../model/result.js';
import { INK, seconds } from '../../chart.js';
import { OUTLINE_WIDTH } from '../../palette.js';
import { REFUSAL_OFFSET } from './timeline-labels.js';
import { LANE } from './timeline-rows.js';
import type { RefusalRow } from './timeline-data.js';
import type { OutcomeEncoding } from './timeline-marks.js';
import { maxOf } from '../../../stats/extent.js';

/** Layer names (suffixed per panel as the timeline's own are); only layers with data are drawn. */
export const CLIENT_LAYERS = { hedges: 'hedges', refusals: 'refusals' } as const;
export type ClientLayer = keyof typeof CLIENT_LAYERS;

export interface ClientData {
  /** Lanes the rows need under their bars: the highest hedge number traced (0: no hedge). */
  lanes: number;
  hedges: number;
  refusals: RefusalRow[];
}

export function clientData(trace: readonly TracedAction[]): ClientData {
  const data: ClientData = { lanes: 0, hedges: 0, refusals: [] };
  for (const t of trace)
    for (const a of t.attempts) {
      if (a.hedge === true) {
        data.hedges += 1;
        data.lanes = Math.max(data.lanes, a.attempt);
      }
      if (a.refused !== undefined)
        data.refusals.push({ action: t.action, at: seconds(a.end - t.arrival), by: a.refused });
    }
  return data;
}

/** The lanes every panel's rows get (they share one row layout). */
export function lanesOf(data: readonly ClientData[]): number {
  return Math.max(0, maxOf(data.map((d) => d.lanes)));
}

export function hasRefusals(data: readonly ClientData[]): boolean {
  return data.some((d) => d.refusals.length > 0);
}

/** What the description adds for the marks drawn, or ''. */
export function clientDescription(data: readonly ClientData[]): string {
  const hedges = data.some((d) => d.hedges > 0)
    ? "Thinner bars in lanes under a row's bar are hedged attempts, sent while the call's first attempt was still out (hedge j in lane j)."
    : '';
  const refusals = hasRefusals(data)
    ? 'A cross just after an attempt marks a call whose retry was refused, hollow by the retry budget, filled by the throttle: the call failed there.'
    : '';
  return [hedges, refusals].filter((s) => s !== '').join(' ');
}

/** The caption's counts, for the "Also:" line: "24 hedged attempts (thin bars under their call's first)". */
export function clientCaptionParts(data: readonly ClientData[]): string[] {
  const hedges = data.reduce((n, d) => n + d.hedges, 0);
  const refused = (by: RefusalRow['by']) => data.reduce((n, d) => n + d.refusals.filter((r) => r.by === by).length, 0);
  const n = (count: number, one: string, many: string): string[] =>
    count > 0 ? [`${count} ${count === 1 ? one : many}`] : [];
  return [
    ...n(
      hedges,
      "hedged attempt (thin bar under its call's first)",
      "hedged attempts (thin bars under their call's first)",
    ),
    ...n(refused('budget'), 'retry refused by the budget (cross)', 'retries refused by the budget (crosses)'),
    ...n(refused('throttle'), 'retry refused by the throttle (cross)', 'retries refused by the throttle (crosses)'),
  ];
}

/** Draws only the rows of lane 0 (the attempts layer, when hedges have lanes of their own). */
export const FIRST_LANE = { filter: 'datum.lane === 0' } as const;
/** Puts a marker on its attempt's lane (the rows carry each attempt's offset, px). */
export const ON_LANE = { expr: 'datum.dy' } as const;

/**
 * The hedged attempts, from the panel's rows: each a thinner bar in its lane, outlined as the
 * attempts are (`outcome`: fill, outline and dash by outcome), so a 409 answered at once still
 * shows as a 2 px sliver and a timeout keeps its dashes.
 */
export function hedgeLayer(name: string, y: object, outcome: OutcomeEncoding): UnitSpec<Field> {
  return {
    name,
    transform: [{ filter: 'datum.lane > 0' }],
    mark: {
      type: 'bar',
      height: LANE.bar,
      yOffset: ON_LANE,
      strokeWidth: OUTLINE_WIDTH,
      stroke: outcome.stroke,
      aria: false,
    },
    encoding: {
      x: { field: 'sent', type: 'quantitative' },
      x2: { field: 'end' },
      y: { ...y, bandPosition: 0.5 },
      ...outcome.encoding,
    },
  };
}

// A cross in vega's shape space ([-1, 1]): two bars 0.5 wide.
const CROSS = 'M-1,-0.65L-0.65,-1L0,-0.35L0.65,-1L1,-0.65L0.35,0L1,0.65L0.65,1L0,0.35L-0.65,1L-1,0.65L-0.35,0Z';
/** The refusals' legend entries: a filled cross for the throttle, a hollow one for the budget. */
const BY = { budget: 'by the budget', throttle: 'by the throttle' } as const;
const fillOf = (value: string) => `${value} === '${BY.budget}' ? '#ffffff' : '${INK}'`;

/** The refusals' crosses for one panel, or none when it has no refusal. */
export function refusalLayers(data: ClientData, y: object, name: string): UnitSpec<Field>[] {
  if (data.refusals.length === 0) return [];
  const kinds = (['budget', 'throttle'] as const).filter((by) => data.refusals.some((r) => r.by === by));
  return [
    {
      name,
      data: { values: data.refusals },
      transform: [{ calculate: `datum.by === 'budget' ? '${BY.budget}' : '${BY.throttle}'`, as: 'refused' }],
      // On the bar's line, just past its end: a 503 answered at once stays visible beside it.
      mark: {
        type: 'point',
        shape: CROSS,
        size: 70,
        opacity: 1,
        filled: true,
        // Vega-Lite copies this fill into the legend, whose datum is an entry: its `value` is the kind.
        fill: { expr: fillOf('(datum.refused || datum.value)') },
        strokeWidth: 1,
        xOffset: REFUSAL_OFFSET,
        aria: false,
      },
      encoding: {
        x: { field: 'at', type: 'quantitative' },
        y,
        // The stroke channel (ink either way) is free in this chart: it gives the crosses a legend.
        stroke: {
          field: 'refused',
          type: 'nominal',
          title: 'retry refused',
          scale: { domain: kinds.map((by) => BY[by]), range: kinds.map(() => INK) },
          legend: { symbolStrokeWidth: 1 },
        },
      },
    },
  ];
}
