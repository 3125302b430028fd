// The lab picture: every attempt of the traced actions as a bar from send to end, coloured
// by how it ended, with the service's executions (white), duplicate executions (pink) and
// stored answers (cyan rings) on top, and the re-plan and replay calls marked.
import type { TopLevelSpec } from 'vega-lite';
import type { Field } from 'vega-lite/types_unstable/channeldef.js';
import type { NonNormalizedSpec, UnitSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { TracedAction } from '../../../model/result.js';
import { formatCount } from '../../../model/format.js';
import type { Chart, ChartRun } from '../../chart.js';
import { DUPLICATE_PINK, INK, STORED_CYAN, frame, runLabels, seconds } from '../../chart.js';
import { type TimeAxis, timeAxis } from './time-axis.js';
import { axisPixels, placeLabels } from './timeline-labels.js';
import {
  type PartTwoData,
  type PartTwoLayer,
  PART_TWO_DESCRIPTION,
  PART_TWO_LAYERS,
  hasPartTwo,
  outcomeLabel,
  outcomeScale,
  partTwoCaption,
  partTwoData,
  partTwoEnd,
  partTwoLayers,
  tracesServerCrash,
} from './timeline-marks.js';

/** Layer names: vega draws each as `<g class="mark-… role-mark NAME_marks">`, which tests count. */
export const TIMELINE_LAYERS = {
  attempts: 'attempts',
  stored: 'stored',
  commits: 'commits',
  duplicates: 'duplicates',
  calls: 'calls',
} as const;

const WIDTH = 760;
const ROW = 14;
// With part-two marks each row also holds a line of labels above its bar: the bar keeps
// its height (ROW (1 - 0.3) = 9.8 px) and the labels get the rest of a wider row.
const WIDE_ROW = 24;

const MARKER = { execution: 'execution', duplicate: 'duplicate execution', stored: 'stored answer, not executed' };
const CALL = { replan: 're-plan call', replay: 'replay after crash' };

/** One attempt; times in seconds since the action arrived, null where a marker is absent. */
interface AttemptRow {
  action: number;
  outcome: string;
  sent: number;
  end: number;
  firstCommit: number | null;
  duplicateCommit: number | null;
  /** `sent` of an attempt the key store answered with a stored result. */
  storedAt: number | null;
  /** `sent` of the first attempt of a re-plan or replay call, and which it is. */
  callAt: number | null;
  newCall: string | null;
}

// x is time since the action's arrival, not absolute simulated time: rows then line up (every
// action starts at 0), the retries of different actions can be compared by eye, and the
// N most eventful actions, scattered over hours of a run, fit on one axis. Past SYMLOG_ABOVE
// seconds the axis turns symmetric-log, so a replay 15 minutes later and the 1 s timeouts
// before it are both visible.
function rowsOf(trace: readonly TracedAction[]): AttemptRow[] {
  return trace.flatMap((action) =>
    action.attempts.map((a) => {
      const sent = seconds(a.sent - action.arrival);
      const commit = a.commit === null ? null : seconds(a.commit - action.arrival);
      const newCall = a.attempt === 0 && a.origin !== 'original' ? CALL[a.origin] : null;
      return {
        action: action.action,
        outcome: outcomeLabel(a),
        sent,
        end: seconds(a.end - action.arrival),
        firstCommit: a.duplicate ? null : commit,
        duplicateCommit: a.duplicate ? commit : null,
        storedAt: a.stored ? sent : null,
        callAt: newCall === null ? null : sent,
        newCall,
      };
    }),
  );
}

interface Counts {
  attempts: number;
  duplicates: number;
  stored: number;
}

function countsOf(trace: readonly TracedAction[]): Counts {
  const attempts = trace.flatMap((t) => t.attempts);
  return {
    attempts: attempts.length,
    duplicates: attempts.filter((a) => a.commit !== null && a.duplicate).length,
    stored: attempts.filter((a) => a.stored).length,
  };
}

/**
 * "first 40 of 4,000" when the trace is actions 0..n-1, else "40 most eventful of 4,000"
 * (the result does not say which mode traced it; this is what the mode leaves behind).
 */
function sampleOf(run: ChartRun): string {
  const trace = run.result.detail.trace;
  const first = trace.every((t, i) => t.action === i);
  const total = formatCount(run.result.metrics.actions);
  return first ? `first ${trace.length} of ${total}` : `${trace.length} most eventful of ${total}`;
}

function panelLabel(label: string, run: ChartRun): string {
  const c = countsOf(run.result.detail.trace);
  return `${label}: ${sampleOf(run)} actions, ${c.duplicates} duplicates, ${c.stored} stored answers`;
}

function captionOf(runs: readonly ChartRun[]): string {
  const [only] = runs;
  if (runs.length === 1 && only !== undefined) {
    const c = countsOf(only.result.detail.trace);
    return `The ${sampleOf(only)} actions: ${c.attempts} attempts, ${c.duplicates} duplicate executions (pink), ${c.stored} stored answers (cyan).`;
  }
  return 'Traced actions per scenario: bars are attempts; white dots executions, pink duplicates, cyan rings stored answers.';
}

const MARKERS = [MARKER.execution, MARKER.duplicate, MARKER.stored];
const markerFill = { domain: MARKERS, range: ['#ffffff', DUPLICATE_PINK, 'transparent'] };
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

const y = {
  field: 'action',
  type: 'ordinal',
  title: 'action',
  scale: { paddingInner: 0.3, paddingOuter: 0.2 },
  axis: { labelFontSize: 9 },
} as const;
type Y = typeof y | ReturnType<typeof wideY>;

/** The rows of a chart with part-two labels: the same bar height, a label line above each. */
function wideY() {
  const band = ROW * (1 - y.scale.paddingInner);
  return { ...y, scale: { paddingInner: 1 - band / WIDE_ROW, paddingOuter: 0.5 } };
}

// Markers draw from the full rows; x is null (dropped as invalid) where a row has no such
// marker. The marker's kind is a calculated field (not a constant `datum`, which the
// published Vega-Lite schema does not let carry a scale or legend).
function marker(name: string, field: string, value: string, size: number, y: Y): UnitSpec<Field> {
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
    },
    encoding: {
      x: { field, type: 'quantitative' },
      y,
      fill: { field: 'marker', type: 'nominal', scale: markerFill, title: 'on the service', legend: markerLegend },
    },
  };
}

interface Panel {
  label: string;
  rows: AttemptRow[];
  marks: PartTwoData;
}

function labelsOf(marks: PartTwoData, rows: readonly AttemptRow[], x: TimeAxis) {
  const calls = rows.flatMap((r) => (r.callAt === null ? [] : [{ action: r.action, at: r.callAt }]));
  return placeLabels(marks, calls, axisPixels(x.scale, WIDTH), WIDTH);
}

interface Look {
  x: TimeAxis;
  y: Y;
  outcomes: { domain: string[]; range: string[] };
  wide: boolean;
}

function panel({ label, rows, marks }: Panel, { x, y, outcomes, wide }: Look, i: number): NonNormalizedSpec {
  const name = (layer: keyof typeof TIMELINE_LAYERS) => timelineLayerName(layer, i);
  const partTwoName = (layer: PartTwoLayer) =>
    i === 0 ? PART_TWO_LAYERS[layer] : `${PART_TWO_LAYERS[layer]}_${i + 1}`;
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
  return {
    title: heading,
    data: { values: rows },
    width: WIDTH,
    height: { step: wide ? WIDE_ROW : ROW },
    layer: [
      {
        name: name('attempts'),
        // The stroke in the bar's own colour gives instantaneous answers (409, 422, 503,
        // stored 200) a visible width of 2 px.
        // No per-item aria labels: hundreds of them would double the SVG for no reader.
        mark: { type: 'rect', strokeWidth: 2, stroke: { expr: "scale('color', datum.outcome)" }, aria: false },
        encoding: {
          x: { field: 'sent', type: 'quantitative', title: x.title, scale: x.scale, axis: x.axis },
          x2: { field: 'end' },
          y,
          color: { field: 'outcome', type: 'nominal', scale: outcomes, title: 'attempt outcome' },
        },
      },
      marker(name('stored'), 'storedAt', MARKER.stored, 130, y),
      marker(name('commits'), 'firstCommit', MARKER.execution, 45, y),
      marker(name('duplicates'), 'duplicateCommit', MARKER.duplicate, 45, y),
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
            title: 'new tool call',
            scale: { domain: [CALL.replan, CALL.replay], range: ['triangle-down', 'diamond'] },
          },
        },
      },
      ...partTwoLayers(marks, labelsOf(marks, rows, x), y, partTwoName),
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
  const rows = runs.map((run) => rowsOf(run.result.detail.trace));
  const marks = runs.map((run) => partTwoData(run.result.detail.trace));
  const wide = marks.some(hasPartTwo);
  const maxSeconds = Math.max(
    0,
    ...rows.flat().flatMap((r) => [r.end, r.firstCommit ?? 0, r.duplicateCommit ?? 0]),
    ...marks.map(partTwoEnd),
  );
  const x = timeAxis(maxSeconds, 'time since the action arrived', WIDTH);
  const serverCrash = runs.some((run) => tracesServerCrash(run.result.detail.trace));
  const look: Look = { x, y: wide ? wideY() : y, outcomes: outcomeScale(serverCrash), wide };
  const title = 'The lab picture: every attempt of the traced actions';
  // The part-two counts go on a second subtitle line: vega sizes the chart by its longest line.
  const lines = [captionOf(runs), partTwoCaption(marks)].filter((line) => line !== '');
  const caption = lines.join(' ');
  const description =
    'Timeline of traced actions: one row per action, one bar per attempt from send to end coloured by outcome; ' +
    'dots mark executions (white), duplicate executions (pink) and stored answers (cyan rings); ' +
    `triangles and diamonds mark re-plan and replay calls. Time axis: ${x.scale.type === 'symlog' ? 'symmetric-log past 1 s' : 'linear'}.` +
    (wide ? ` ${PART_TWO_DESCRIPTION}` : '');
  const panels = runs.map((run, i) =>
    panel(
      { label: panelLabel(labels[i] ?? '', run), rows: rows[i] ?? [], marks: marks[i] ?? partTwoData([]) },
      look,
      i,
    ),
  );
  const framed = frame(title, caption, description);
  if (lines.length > 1) framed.title = { text: title, subtitle: lines };
  const spec: TopLevelSpec = { ...framed, vconcat: panels, spacing: 24 };
  return { name: 'timeline', title, caption, spec };
}
