// Figure 4: the retention trade-off at 50 actions/s. Top: the share of crash replays the
// key store still remembers; bottom: what the store holds. Closed forms as lines,
// simulations as points with 95% intervals, on one log retention axis (5 min to 24 h).
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import type { NonNormalizedSpec } from 'vega-lite/types_unstable/spec/index.js';
import { keyStoreBytes, replayCatchFraction } from '../../analytic/index.js';
import { frame, round } from '../../report/chart.js';
import { durationText } from '../format.js';
import { RETENTIONS, crashReplay, keyStore } from '../refs.js';
import { refText, type Runs } from '../runs.js';
import { wilson } from '../stats.js';
import type { FigureChart } from '../types.js';
import { MINUTES_LABEL } from './axes.js';

const MINUTE = 60_000;
const DOMAIN: [number, number] = [5, 1440];
const TICKS = [5, 10, 20, 30, 60, 120, 360, 720, 1440];
const PER_DECADE = 80;
const CATCH_COLOR = '#b07aa1';
const STORE_COLOR = '#4e79a7';
const WIDTH = 640;
const HEIGHT = 190;

const x: PositionFieldDef<Field> = {
  field: 'minutes',
  type: 'quantitative',
  title: 'key retention (log scale)',
  scale: { type: 'log', domain: DOMAIN },
  axis: { values: TICKS, labelExpr: MINUTES_LABEL, labelOverlap: false },
};

interface Point {
  minutes: number;
  value: number;
  low: number;
  high: number;
}

interface Note {
  minutes: number;
  value: number;
  label: string;
  align: 'left' | 'right';
  dx: number;
  dy: number;
}

/** Minutes on a log grid over the domain, plus `extra` (kinks of a piecewise curve). */
function grid(extra: readonly number[]): number[] {
  const decades = Math.log10(DOMAIN[1] / DOMAIN[0]);
  const n = Math.ceil(decades * PER_DECADE);
  const points = Array.from({ length: n + 1 }, (_, i) => round(DOMAIN[0] * (DOMAIN[1] / DOMAIN[0]) ** (i / n), 4));
  return [...new Set([...points, ...extra])].sort((a, b) => a - b);
}

function panel(
  color: string,
  y: Pick<PositionFieldDef<Field>, 'title' | 'scale' | 'axis'>,
  line: { minutes: number; value: number }[],
  points: Point[],
  notes: Note[],
): NonNormalizedSpec {
  const yEnc: PositionFieldDef<Field> = { ...y, field: 'value', type: 'quantitative' };
  return {
    width: WIDTH,
    height: HEIGHT,
    layer: [
      { data: { values: line }, mark: { type: 'line', color, strokeWidth: 2.5 }, encoding: { x, y: yEnc } },
      {
        data: { values: points },
        layer: [
          {
            mark: { type: 'errorbar', ticks: { size: 6 }, thickness: 1.5, color: '#222222' },
            encoding: { x, y: { ...yEnc, field: 'low' }, y2: { field: 'high' } },
          },
          {
            mark: { type: 'point', filled: true, size: 40, opacity: 1, color: '#222222' },
            encoding: { x, y: yEnc },
          },
        ],
      },
      {
        data: { values: notes },
        mark: {
          type: 'text',
          fontSize: 12,
          color,
          fontWeight: 'bold',
          align: { expr: 'datum.align' },
          dx: { expr: 'datum.dx' },
          dy: { expr: 'datum.dy' },
        },
        encoding: { x, y: yEnc, text: { field: 'label' } },
      },
    ],
  };
}

export function retentionChart(runs: Runs): FigureChart {
  const catchRuns = RETENTIONS.map((r) => ({ ref: crashReplay(r), s: runs.scenario(crashReplay(r)) }));
  const storeRuns = RETENTIONS.map((r) => ({ ref: keyStore(r), s: runs.scenario(keyStore(r)) }));
  const [first] = catchRuns;
  const [store] = storeRuns;
  if (first === undefined || store === undefined) throw new Error('figures: no retentions to draw');
  const { min, max } = first.s.agent.crash.resumeDelay;
  const { rate } = store.s.arrivals;
  const bytes = store.s.keys.recordBytes;
  const caught = (minutes: number) => replayCatchFraction(minutes * MINUTE, min, max);
  const mb = (minutes: number) => keyStoreBytes(rate, minutes * MINUTE, bytes) / 1e6;
  const catchPoints: Point[] = catchRuns.map(({ ref, s }) => {
    const m = runs.run(ref).metrics;
    const ci = wilson(Math.max(0, m.actions - m.duplicatesBySource.replay), m.actions);
    const value = 1 - m.duplicatesBySource.replay / m.actions;
    return {
      minutes: s.keys.retention / MINUTE,
      value: round(value, 5),
      low: round(ci.low, 5),
      high: round(ci.high, 5),
    };
  });
  const storePoints: Point[] = storeRuns.map(({ ref, s }) => {
    const result = runs.run(ref);
    const ci = result.intervals['keyStore.steadyStateBytes'] ?? { low: 0, high: 0 };
    const value = result.metrics.keyStore.steadyStateBytes;
    return {
      minutes: s.keys.retention / MINUTE,
      value: round(value / 1e6, 5),
      low: round(ci.low / 1e6, 5),
      high: round(ci.high / 1e6, 5),
    };
  });
  const fiveMinutes = 5;
  const full = max / MINUTE;
  const catchNotes: Note[] = [
    {
      minutes: fiveMinutes,
      value: round(caught(fiveMinutes), 5),
      label: `${Math.round(100 * caught(fiveMinutes))}% at 5 min`,
      align: 'left',
      dx: 8,
      dy: 14,
    },
    { minutes: full, value: 1, label: `all from ${durationText(max)}`, align: 'left', dx: 6, dy: 16 },
  ];
  const storeNotes: Note[] = [
    { minutes: 60, value: round(mb(60), 5), label: `${round(mb(60), 1)} MB at 1 h`, align: 'right', dx: -8, dy: -12 },
    {
      minutes: 1440,
      value: round(mb(1440), 5),
      label: `${round(mb(1440), 1)} MB at 24 h`,
      align: 'right',
      dx: -8,
      dy: -12,
    },
  ];
  const title = 'Retention: replays caught against key-store size';
  const caption = `Per-intent keys at ${rate}/s. Lines: closed forms; points: simulations, 95% intervals.`;
  const detail =
    `Every step crashes once and resumes ${durationText(min)} to ${durationText(max)} later; a replay finds its key only if the record is still live, ` +
    `so a retention r catches clamp((r - ${durationText(min)}) / ${durationText(max - min)}, 0, 1) of them: ${Math.round(100 * caught(fiveMinutes))}% at 5 minutes, all from ${durationText(max)}. ` +
    `The store holds rate x retention records: at ${rate}/s and ${bytes} bytes a record, ${round(mb(60), 1)} MB for 1 h and ${round(mb(1440), 1)} MB for 24 h. ` +
    'Past the latest replay, longer retention buys nothing but memory.';
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      `Two panels over key retention on a log scale from 5 minutes to 24 hours. Top: the share of crash replays that find their key (0 to 100%), rising linearly from 17% at 5 minutes to 100% at 20 minutes, with simulated points and 95% bars. Bottom: the steady-state key-store size in MB at ${rate} actions a second and ${bytes} bytes a record, on a log scale, a straight line through 36 MB at 1 hour and 864 MB at 24 hours, with simulated points.`,
    ),
    vconcat: [
      {
        title: { text: 'crash replays caught by the key store', fontSize: 12, anchor: 'start' },
        ...panel(
          CATCH_COLOR,
          {
            title: 'replays caught',
            scale: { domain: [0, 1.1] },
            axis: { format: '.0%', values: [0, 0.25, 0.5, 0.75, 1] },
          },
          grid([max / MINUTE]).map((minutes) => ({ minutes, value: round(caught(minutes), 5) })),
          catchPoints,
          catchNotes,
        ),
      },
      {
        title: { text: `key-store size (${bytes} bytes a record)`, fontSize: 12, anchor: 'start' },
        ...panel(
          STORE_COLOR,
          {
            title: 'size (MB, log scale)',
            scale: { type: 'log', domain: [1, 2000] },
            axis: { values: [1, 10, 100, 1000] },
          },
          grid([]).map((minutes) => ({ minutes, value: round(mb(minutes), 5) })),
          storePoints,
          storeNotes,
        ),
      },
    ],
    spacing: 20,
    resolve: { scale: { y: 'independent' } },
  };
  return {
    name: 'retention',
    title,
    caption,
    detail,
    spec,
    sources: [
      `replays caught: ${refText(crashReplay('R'))} for R in ${RETENTIONS.join(', ')}`,
      `key-store size: ${refText(keyStore('R'))} for the same R (no crashes, one claim per action)`,
    ],
  };
}
