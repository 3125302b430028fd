// The lab picture: every attempt of the traced actions as a bar from send to end, coloured
// by how it ended, with the service's executions (white), duplicate executions (pink) and
// stored answers (cyan rings) on top, and the re-plan and replay calls marked; extended
// marks (timeline-marks.ts) and a client's hedges and refusals (timeline-clients.ts) where traced.
import type { TopLevelSpec } from 'vega-lite';
import type { Field } from 'vega-lite/types_unstable/channeldef.js';
import type { NonNormalizedSpec, UnitSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { Chart, ChartRun } from '../../chart.js';
import { DUPLICATE_PINK, INK, STORED_CYAN, frame, runLabels } from '../../chart.js';
import { EXECUTION_WHITE, OUTLINE_WIDTH } from '../../palette.js';
import { type TimeAxis, timeAxis } from './time-axis.js';
import { axisPixels, placeLabels } from './timeline-labels.js';
import type { ExtendedMarks } from './timeline-data.js';
import {
  type ExtendedLayer,
  DELETION_DESCRIPTION,
  EXTENDED_DESCRIPTION,
  EXTENDED_LAYERS,
  hasExtendedMarks,
  type OutcomeScales,
  cueWords,
  outcomeEncoding,
  outcomeScale,
  extendedCaption,
  extendedMarks,
  extendedEnd,
  extendedLayers,
  tracesServerCrash,
  tracesServerError,
} from './timeline-marks.js';
import {
  type ClientData,
  type ClientLayer,
  CLIENT_LAYERS,
  FIRST_LANE,
  ON_LANE,
  clientCaptionParts,
  clientData,
  clientDescription,
  hasRefusals,
  hedgeLayer,
  lanesOf,
  refusalLayers,
} from './timeline-clients.js';
import { type AttemptRow, type RowY, CALL, captionOf, panelLabel, rowLayout, rowsOf } from './timeline-rows.js';
import { maxOf } from '../../../stats/extent.js';

/** Layer names: vega draws each as `<g class="mark-… role-mark NAME_marks">`, which tests count. */
export const TIMELINE_LAYERS = {
  attempts: 'attempts',
  stored: 'stored',
  commits: 'commits',
  duplicates: 'duplicates',
  calls: 'calls',
} as const;

const WIDTH = 760;

const MARKER = { execution: 'execution', duplicate: 'duplicate execution', stored: 'stored answer, not executed' };

const MARKERS = [MARKER.execution, MARKER.duplicate, MARKER.stored];
const markerFill = { domain: MARKERS, range: [EXECUTION_WHITE, DUPLICATE_PINK, 'transparent'] };
// One legend for the three marker layers. Vega-Lite would copy each layer's stroke into
// it (and warn that they conflict); a symbolStrokeColor stops that, and as an expression
// (evaluated per legend entry) it gives each symbol the stroke its marks have.
const markerLegend = {
  symbolStrokeWidth: 1.5,
  symbolStrokeColor: { expr: `datum.value === '${MARKER.stored}' ? '${STORED_CYAN}' : '${INK}'` },
};

/** A layer's name in panel i (one panel per run; vega-lite needs names unique in a spec). */
export function timelineLayerName(layer: keyof typeof TIMELINE_LAYERS, panel: number): string {
  return panel === 0 ? TIMELINE_LAYERS[layer] : `${TIMELINE_LAYERS[layer]}_${panel + 1}`;
}

// Markers draw from the full rows; x is null (dropped as invalid) where a row has no such
// marker. The marker's kind is a calculated field (not a constant `datum`, which the
// published Vega-Lite schema does not let carry a scale or legend). With hedges, each sits
// on its own attempt's lane.
function marker(name: string, field: string, value: string, size: number, look: Look): UnitSpec<Field> {
  return {
    name,
    transform: [{ calculate: `'${value}'`, as: 'marker' }],
    mark: {
      type: 'point',
      shape: 'circle',
      size,
      opacity: 1,
      filled: true,
      aria: false,
      stroke: value === MARKER.stored ? STORED_CYAN : INK,
      strokeWidth: value === MARKER.stored ? 2 : 1.2,
      ...(look.lanes ? { yOffset: ON_LANE } : {}),
    },
    encoding: {
      x: { field, type: 'quantitative' },
      y: look.y,
      fill: { field: 'marker', type: 'nominal', scale: markerFill, title: 'on the service', legend: markerLegend },
    },
  };
}

interface Panel {
  label: string;
  rows: AttemptRow[];
  marks: ExtendedMarks;
  clients: ClientData;
}

function labelsOf({ marks, rows, clients }: Panel, x: TimeAxis) {
  const calls = rows.flatMap((r) => (r.callAt === null ? [] : [{ action: r.action, at: r.callAt }]));
  return placeLabels(marks, calls, axisPixels(x.scale, WIDTH), WIDTH, clients.refusals);
}

interface Look {
  x: TimeAxis;
  y: RowY;
  step: number;
  outcomes: OutcomeScales;
  /** Hedged attempts have lanes of their own under each row's bar. */
  lanes: boolean;
  /** Some traced attempt was sent by a retry layer: its mark joins the new-call legend. */
  layers: boolean;
}

/** A layer's name in panel i, for the extended and client layers. */
function suffixed(layer: string, i: number): string {
  return i === 0 ? layer : `${layer}_${i + 1}`;
}

function panel(p: Panel, look: Look, i: number): NonNormalizedSpec {
  const { label, rows, marks, clients } = p;
  const { x, y, outcomes } = look;
  const name = (layer: keyof typeof TIMELINE_LAYERS) => timelineLayerName(layer, i);
  const extendedName = (layer: ExtendedLayer) => suffixed(EXTENDED_LAYERS[layer], i);
  const clientName = (layer: ClientLayer) => suffixed(CLIENT_LAYERS[layer], i);
  const heading = { text: label, anchor: 'start', fontSize: 12, offset: 6 } as const;
  if (rows.length === 0) {
    return {
      title: heading,
      width: WIDTH,
      height: 40,
      data: { values: [{ text: 'no traced actions' }] },
      mark: { type: 'text', fontSize: 13, color: '#555555' },
      encoding: { text: { field: 'text', type: 'nominal' }, x: { value: WIDTH / 2 }, y: { value: 20 } },
    };
  }
  const outcome = outcomeEncoding(outcomes);
  return {
    title: heading,
    data: { values: rows },
    width: WIDTH,
    height: { step: look.step },
    layer: [
      {
        name: name('attempts'),
        ...(look.lanes ? { transform: [FIRST_LANE] } : {}),
        // The outline is the outcome's cue (palette.ts): in the bar's own colour, which gives
        // instantaneous answers (409, 422, 503, stored 200) a visible width of 2 px, or dashed
        // for a timeout. A bar, not a rect: vega-lite draws strokeDash by field only on bars.
        // No per-item aria labels: hundreds of them would double the SVG for no reader.
        mark: { type: 'bar', strokeWidth: OUTLINE_WIDTH, stroke: outcome.stroke, aria: false },
        encoding: {
          x: { field: 'sent', type: 'quantitative', title: x.title, scale: x.scale, axis: x.axis },
          x2: { field: 'end' },
          y,
          ...outcome.encoding,
        },
      },
      ...(look.lanes ? [hedgeLayer(clientName('hedges'), y, outcome)] : []),
      marker(name('stored'), 'storedAt', MARKER.stored, 130, look),
      marker(name('commits'), 'firstCommit', MARKER.execution, 45, look),
      marker(name('duplicates'), 'duplicateCommit', MARKER.duplicate, 45, look),
      {
        name: name('calls'),
        mark: { type: 'point', filled: true, size: 55, opacity: 1, color: INK, yOffset: -1, aria: false },
        encoding: {
          x: { field: 'callAt', type: 'quantitative' },
          // At the top edge of the row, pointing down at the call's first send.
          y: { ...y, bandPosition: 0 },
          shape: {
            field: 'newCall',
            type: 'nominal',
            title: look.layers ? 'new call' : 'new tool call',
            scale: look.layers
              ? {
                  domain: [CALL.replan, CALL.replay, CALL.layer],
                  range: ['triangle-down', 'diamond', 'triangle-right'],
                }
              : { domain: [CALL.replan, CALL.replay], range: ['triangle-down', 'diamond'] },
          },
        },
      },
      ...refusalLayers(clients, y, clientName('refusals')),
      ...extendedLayers(marks, labelsOf(p, x), y, extendedName),
    ],
  };
}

/**
 * One panel per run, stacked: each keeps its own rows (action ids differ between runs),
 * all share one time axis, so the pink dots of one scenario and the cyan rings of the
 * next can be compared directly.
 */
export function timelineChart(runs: readonly ChartRun[]): Chart {
  const labels = runLabels(runs);
  const marks = runs.map((run) => extendedMarks(run.result.detail.trace));
  const clients = runs.map((run) => clientData(run.result.detail.trace));
  const lanes = lanesOf(clients);
  const rows = runs.map((run) => rowsOf(run.result.detail.trace, lanes > 0));
  // Extended marks and refusals are labelled in a line above each bar.
  const extended = marks.some(hasExtendedMarks);
  const { step, y } = rowLayout(extended || hasRefusals(clients), lanes);
  const maxSeconds = Math.max(
    0,
    maxOf(rows.flat().flatMap((r) => [r.end, r.firstCommit ?? 0, r.duplicateCommit ?? 0])),
    maxOf(marks.map(extendedEnd)),
  );
  const x = timeAxis(maxSeconds, 'time since the action arrived', WIDTH);
  const serverCrash = runs.some((run) => tracesServerCrash(run.result.detail.trace));
  const serverError = runs.some((run) => tracesServerError(run.result.detail.trace));
  const layers = rows.some((panelRows) => panelRows.some((r) => r.newCall === CALL.layer));
  const look: Look = { x, y, step, outcomes: outcomeScale(serverCrash, serverError), lanes: lanes > 0, layers };
  const title = 'The lab picture: every attempt of the traced actions';
  // The extended counts go on a second subtitle line: vega sizes the chart by its longest line.
  const lines = [captionOf(runs), extendedCaption(marks, clientCaptionParts(clients))].filter((line) => line !== '');
  const caption = lines.join(' ');
  const deletions = marks.some((m) => m.deletions.length > 0);
  const more = [
    extended ? EXTENDED_DESCRIPTION : '',
    deletions ? DELETION_DESCRIPTION : '',
    clientDescription(clients),
  ].filter((s) => s !== '');
  const description =
    `Timeline of traced actions: one row per action, one bar per attempt from send to end coloured by outcome, ${cueWords(look.outcomes)}; ` +
    'dots mark executions (white), duplicate executions (pink) and stored answers (cyan rings); ' +
    `triangles and diamonds mark re-plan and replay calls${layers ? ", right-pointing triangles the new client calls of a retry layer (the SDK's own retries have none)" : ''}. Time axis: ${x.scale.type === 'symlog' ? 'symmetric-log past 1 s' : 'linear'}.` +
    more.map((s) => ` ${s}`).join('');
  const panels = runs.map((run, i) =>
    panel(
      {
        label: panelLabel(labels[i] ?? '', run),
        rows: rows[i] ?? [],
        marks: marks[i] ?? extendedMarks([]),
        clients: clients[i] ?? clientData([]),
      },
      look,
      i,
    ),
  );
  const framed = frame(title, caption, description);
  if (lines.length > 1) framed.title = { text: title, subtitle: lines };
  const spec: TopLevelSpec = { ...framed, vconcat: panels, spacing: 24 };
  return { name: 'timeline', title, caption, spec };
}
