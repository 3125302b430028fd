// Figure 5: the worked example as a waterfall. The first column is duplicate refunds a day
// with no key (refunds-1); each next column is the drop one decision buys (a per-call key,
// a per-intent key, 1 h retention: refunds-2..4), floating between the two levels, with the
// level it leaves written on the connector and the 95% interval of each level.
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import { DUPLICATE_PINK, frame, round } from '../../report/chart.js';
import { durationText, grouped } from '../format.js';
import { refunds } from '../refs.js';
import { refText, type Runs } from '../runs.js';
import type { FigureChart } from '../types.js';

const SECONDS_PER_DAY = 86_400;
const DROP_COLOR = '#59a14f';
const STEPS = [
  { step: 1, label: ['no key', 'refunds-1'] },
  { step: 2, label: ['per-call key', 'refunds-2'] },
  { step: 3, label: ['per-intent key', 'refunds-3'] },
  { step: 4, label: ['1 h retention', 'refunds-4'] },
] as const;

interface Column {
  step: string;
  top: number;
  bottom: number;
  level: number;
  low: number;
  high: number;
  /** The drop (or the starting total) written on the bar. */
  text: string;
  /** The level after this step, written on the connector to its right. */
  levelText: string;
  first: boolean;
}

export function waterfallChart(runs: Runs): FigureChart {
  const levels = STEPS.map(({ step }) => {
    const r = refunds(step);
    const result = runs.run(r);
    const perDay = (runs.scenario(r).arrivals.rate * SECONDS_PER_DAY) / 1000;
    const ci = result.intervals['duplicatesPerThousand'] ?? { low: 0, high: 0 };
    return {
      value: result.metrics.duplicatesPerThousand * perDay,
      low: ci.low * perDay,
      high: ci.high * perDay,
      perThousand: result.metrics.duplicatesPerThousand,
    };
  });
  const stepName = (i: number) => STEPS[i]?.label.join('|') ?? '';
  const columns: Column[] = levels.map((level, i) => {
    const previous = i === 0 ? 0 : (levels[i - 1]?.value ?? 0);
    const drop = previous - level.value;
    return {
      step: stepName(i),
      top: round(i === 0 ? level.value : previous, 1),
      bottom: round(i === 0 ? 0 : level.value, 1),
      level: round(level.value, 1),
      low: round(level.low, 1),
      high: round(level.high, 1),
      text: i === 0 ? grouped(level.value, 0) : `\u2212${grouped(drop, 0)}`,
      levelText: `${grouped(level.value, 0)} a day`,
      first: i === 0,
    };
  });
  const connectors = columns.slice(0, -1).map((c, i) => ({ from: c.step, to: stepName(i + 1), level: c.level }));
  const [start] = levels;
  const last = levels[levels.length - 1];
  const rate = runs.scenario(refunds(1)).arrivals.rate;
  const intent = runs.scenario(refunds(3));
  const kept = runs.scenario(refunds(4));
  const title = 'The worked example: duplicate refunds a day';
  const caption = `At ${rate} refunds/s; each green bar is what one decision removes (95% intervals).`;
  const detail =
    `With no key, ${grouped(start?.value ?? 0, 0)} refunds a day run twice: blind retries, re-plans and crash replays together. ` +
    "A key per tool call removes the transport retries' duplicates; re-plans and replays get new call ids and pass. " +
    `A key per intent (run id and step, persisted before the call) removes the re-plans, and the replays that come back within its ${durationText(intent.keys.retention)} retention. ` +
    `Keeping it ${durationText(kept.keys.retention)}, longer than the latest replay (${durationText(kept.agent.crash.resumeDelay.max)}), leaves ${grouped(last?.value ?? 0, 0)}.`;
  const x: PositionFieldDef<Field> = {
    field: 'step',
    type: 'ordinal',
    title: null,
    // An explicit domain rather than a sort: the connectors' x2 shares the scale.
    scale: { domain: STEPS.map((_, i) => stepName(i)), paddingInner: 0.35, paddingOuter: 0.4 },
    axis: { labelAngle: 0, labelExpr: "split(datum.label, '|')", labelFontSize: 12, labelPadding: 6 },
  };
  const top = Math.max(...columns.map((c) => c.high));
  const y: PositionFieldDef<Field> = {
    field: 'top',
    type: 'quantitative',
    title: 'duplicate refunds a day',
    scale: { domain: [0, round(top * 1.12, 0)] },
    axis: { format: ',d' },
  };
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      `Waterfall of duplicate refunds a day at ${rate} refunds a second: a first bar for no key, then one floating bar per decision (per-call key, per-intent key, 1 hour retention) spanning the drop it buys, labelled with the drop; the level after each step is written on a dashed connector, with 95% interval bars.`,
    ),
    width: 620,
    height: 320,
    layer: [
      {
        data: { values: connectors },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#666666', strokeWidth: 1.2 },
        encoding: {
          x: { ...x, field: 'from', bandPosition: 0.5 },
          x2: { field: 'to', bandPosition: 0.5 },
          y: { ...y, field: 'level' },
        },
      },
      {
        data: { values: columns },
        layer: [
          {
            mark: { type: 'bar' },
            encoding: {
              x,
              y,
              y2: { field: 'bottom' },
              color: {
                field: 'first',
                type: 'nominal',
                legend: null,
                scale: { domain: [true, false], range: [DUPLICATE_PINK, DROP_COLOR] },
              },
            },
          },
          {
            mark: { type: 'errorbar', ticks: { size: 10 }, thickness: 1.5, color: '#222222' },
            encoding: { x, y: { ...y, field: 'low' }, y2: { field: 'high' } },
          },
          {
            // The drop, inside its bar (every drop here is tall enough to hold it).
            transform: [{ calculate: '(datum.top + datum.bottom) / 2', as: 'middle' }],
            mark: { type: 'text', fontSize: 13, fontWeight: 'bold', color: 'white', baseline: 'middle' },
            encoding: { x, y: { ...y, field: 'middle' }, text: { field: 'text' } },
          },
          {
            mark: { type: 'text', fontSize: 11, align: 'left', baseline: 'bottom', dx: 4, dy: -3, color: '#222222' },
            encoding: { x: { ...x, bandPosition: 1 }, y: { ...y, field: 'level' }, text: { field: 'levelText' } },
          },
        ],
      },
    ],
  };
  return {
    name: 'worked-example',
    title,
    caption,
    detail,
    spec,
    sources: STEPS.map(({ step }) => `${refText(refunds(step))} (duplicates per 1,000 actions x ${rate}/s x 86,400 s)`),
  };
}
