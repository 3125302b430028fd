// Figure 4: the retention trade-off. Top: the share of crash replays the key store still
// remembers; bottom: what the store holds. Closed forms as lines, simulations as points
// with 95% intervals, on one log retention axis (5 min to 1 d).
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import type { NonNormalizedSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { AtRetention, RetentionFigure, RetentionPanel } from '../../../model/article.js';
import { PROSE, andList, formatBytes, formatCount, proseDuration } from '../../../format/format.js';
import { frame, round, tickLabels } from '../../chart.js';
import type { ArticleChart } from './figure.js';
import { COLOR } from '../../palette.js';

const MINUTE = 60_000;
const MB = 1e6;
const TICKS = [5, 10, 20, 30, 60, 120, 360, 720, 1440];
/** Replays caught and the key store's size, from the palette. */
export const RETENTION_COLORS = { caught: COLOR.purple, store: COLOR.blue } as const;
const CATCH_COLOR = RETENTION_COLORS.caught;
const STORE_COLOR = RETENTION_COLORS.store;
const WIDTH = 640;
const HEIGHT = 190;

const minutes = (m: number): string => proseDuration(m * MINUTE);

interface Note {
  minutes: number;
  value: number;
  label: string;
  align: 'left' | 'right';
  dx: number;
  dy: number;
}

/** A panel's data as the chart draws it: values over `scale` (1 for shares, MB for sizes). */
function drawn(data: RetentionPanel, scale: number) {
  const at = (p: AtRetention) => ({ minutes: p.minutes, value: round(p.value / scale, 5) });
  return {
    line: data.curve.map(at),
    points: data.points.map((p) => ({
      ...at(p),
      low: round(p.interval.low / scale, 5),
      high: round(p.interval.high / scale, 5),
    })),
  };
}

function panel(
  x: PositionFieldDef<Field>,
  color: string,
  y: Pick<PositionFieldDef<Field>, 'title' | 'scale' | 'axis'>,
  data: ReturnType<typeof drawn>,
  notes: Note[],
): NonNormalizedSpec {
  const yEnc: PositionFieldDef<Field> = { ...y, field: 'value', type: 'quantitative' };
  return {
    width: WIDTH,
    height: HEIGHT,
    layer: [
      { data: { values: data.line }, mark: { type: 'line', color, strokeWidth: 2.5 }, encoding: { x, y: yEnc } },
      {
        data: { values: data.points },
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

/** The marked sizes again, store by store, at the record sizes real stores were measured at. */
function measuredSentence(figure: RetentionFigure): string {
  const stores = (figure.measured[0]?.sizes ?? []).map((first, i) => {
    const at = figure.measured.map(
      (mark) => `${formatBytes(mark.sizes[i]?.value ?? NaN)} for ${minutes(mark.minutes)}`,
    );
    return `${andList(at)} in ${first.store} (${formatCount(first.recordBytes)} B a record)`;
  });
  return stores.length === 0
    ? ''
    : `With the record sizes idemsim store measure counted in real stores, that is ${stores.join('; ')}. `;
}

export function retentionChart(figure: RetentionFigure): ArticleChart {
  const { min, max } = figure.crash.agent.crash.resumeDelay;
  const { rate } = figure.store.arrivals;
  const bytes = figure.store.keys.recordBytes;
  const [shortest, full] = figure.caught.marks;
  const [hour, day] = figure.bytes.marks;
  if (shortest === undefined || full === undefined || hour === undefined || day === undefined)
    throw new Error('article: the retention figure marks two retentions in each panel');
  const percentAtShortest = `${Math.round(100 * shortest.value)}%`;
  const size = (mark: AtRetention) => formatBytes(mark.value, PROSE);
  const catchNotes: Note[] = [
    {
      minutes: shortest.minutes,
      value: round(shortest.value, 5),
      label: `${percentAtShortest} at ${minutes(shortest.minutes)}`,
      align: 'left',
      dx: 8,
      dy: 14,
    },
    {
      minutes: full.minutes,
      value: round(full.value, 5),
      label: `all from ${minutes(full.minutes)}`,
      align: 'left',
      dx: 6,
      dy: 16,
    },
  ];
  const storeNotes: Note[] = [hour, day].map((mark) => ({
    minutes: mark.minutes,
    value: round(mark.value / MB, 5),
    label: `${size(mark)} at ${minutes(mark.minutes)}`,
    align: 'right',
    dx: -8,
    dy: -12,
  }));
  const title = 'Retention: replays caught against key-store size';
  const caption = `Per-intent keys at ${rate}/s. Lines: closed forms; points: simulations, 95% intervals.`;
  const detail =
    `Every step crashes once and resumes ${proseDuration(min)} to ${proseDuration(max)} later; a replay finds its key only if the record is still live, ` +
    `so a retention r catches clamp((r - ${proseDuration(min)}) / ${proseDuration(max - min)}, 0, 1) of them: ${percentAtShortest} at ${minutes(shortest.minutes)}, all from ${minutes(full.minutes)}. ` +
    `The store holds rate x retention records: at ${rate}/s and ${bytes} bytes a record, ${size(hour)} for ${minutes(hour.minutes)} and ${size(day)} for ${minutes(day.minutes)}. ` +
    measuredSentence(figure) +
    'Past the latest replay, longer retention buys nothing but memory.';
  const x: PositionFieldDef<Field> = {
    field: 'minutes',
    type: 'quantitative',
    title: 'key retention (log scale)',
    scale: { type: 'log', domain: [...figure.domain] },
    axis: { values: TICKS, labelExpr: tickLabels(TICKS, minutes), labelOverlap: false },
  };
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
          x,
          CATCH_COLOR,
          {
            title: 'replays caught',
            scale: { domain: [0, 1.1] },
            axis: { format: '.0%', values: [0, 0.25, 0.5, 0.75, 1] },
          },
          drawn(figure.caught, 1),
          catchNotes,
        ),
      },
      {
        title: { text: `key-store size (${bytes} bytes a record)`, fontSize: 12, anchor: 'start' },
        ...panel(
          x,
          STORE_COLOR,
          {
            title: 'size (MB, log scale)',
            scale: { type: 'log', domain: [1, 2000] },
            axis: { values: [1, 10, 100, 1000] },
          },
          drawn(figure.bytes, MB),
          storeNotes,
        ),
      },
    ],
    spacing: 20,
    resolve: { scale: { y: 'independent' } },
  };
  return { name: 'retention', title, caption, detail, spec, sources: figure.sources };
}
