// Figure 5: the worked example as a waterfall. The first column is duplicate refunds a day
// with no key (refunds-1); each next column is the drop one decision buys (a per-call key,
// a per-intent key, 1 h retention: refunds-2..4), floating between the two levels, with the
// level it leaves written on the connector and the 95% interval of each level.
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import type { WaterfallFigure, WaterfallStep } from '../../../model/article.js';
import { PROSE, formatCount, formatPercent, proseDuration } from '../../../format/format.js';
import { DUPLICATE_PINK, frame, round } from '../../chart.js';
import type { ArticleChart } from './figure.js';
import { maxOf } from '../../../stats/extent.js';
import { COLOR } from '../../palette.js';

/** What a decision removes, beside the pink of the duplicates left. */
const DROP_COLOR = COLOR.green;

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

/** The worked example's four steps, by what the page says of each. */
function stepsOf(figure: WaterfallFigure): [WaterfallStep, WaterfallStep, WaterfallStep, WaterfallStep] {
  const [none, call, intent, kept] = figure.steps;
  if (none === undefined || call === undefined || intent === undefined || kept === undefined)
    throw new Error('article: the worked example has four steps');
  return [none, call, intent, kept];
}

export function waterfallChart(figure: WaterfallFigure): ArticleChart {
  const [start, , intent, last] = stepsOf(figure);
  // Two lines under each bar: the decision, then the scenario (split by the axis' labelExpr).
  const stepName = (step: WaterfallStep) => `${step.decision}|${step.name}`;
  const columns: Column[] = figure.steps.map((step, i) => {
    const previous = i === 0 ? 0 : (figure.steps[i - 1]?.value ?? 0);
    return {
      step: stepName(step),
      top: round(i === 0 ? step.value : previous, 1),
      bottom: round(i === 0 ? 0 : step.value, 1),
      level: round(step.value, 1),
      low: round(step.interval.low, 1),
      high: round(step.interval.high, 1),
      text: i === 0 ? formatCount(step.value) : `\u2212${formatCount(previous - step.value)}`,
      levelText: `${formatCount(step.value)} a day`,
      first: i === 0,
    };
  });
  const connectors = columns.slice(0, -1).map((c, i) => ({ from: c.step, to: columns[i + 1]?.step, level: c.level }));
  const rate = start.scenario.arrivals.rate;
  const title = 'The worked example: duplicate refunds a day';
  const caption = `At ${rate} refunds/s; each green bar is what one decision removes (95% intervals).`;
  const { noKey } = figure;
  const file = noKey.file.split('/').pop() ?? noKey.file;
  const detail =
    `With no key, ${formatCount(start.value)} refunds a day run twice: blind retries, re-plans and crash replays together. ` +
    `That is more than the numbers table's ${formatCount(noKey.retriesOnly.value)}, which simulates ${file} with its re-plans and crash replays off, ` +
    `blind retries only, as the article's sentence models them; and more than the article's arithmetic, ${noKey.rate}/s x ${formatPercent(noKey.article.q, PROSE)} x 86,400 s = ${formatCount(noKey.article.value)}, ` +
    'one duplicate per ambiguous first attempt. ' +
    "A key per tool call removes the transport retries' duplicates; re-plans and replays get new call ids and pass. " +
    `A key per intent (run id and step, persisted before the call) removes the re-plans, and the replays that come back within its ${proseDuration(intent.scenario.keys.retention)} retention. ` +
    `Keeping it ${proseDuration(last.scenario.keys.retention)}, longer than the latest replay (${proseDuration(last.scenario.agent.crash.resumeDelay.max)}), leaves ${formatCount(last.value)}.`;
  const x: PositionFieldDef<Field> = {
    field: 'step',
    type: 'ordinal',
    title: null,
    // An explicit domain rather than a sort: the connectors' x2 shares the scale.
    scale: { domain: figure.steps.map(stepName), paddingInner: 0.35, paddingOuter: 0.4 },
    axis: { labelAngle: 0, labelExpr: "split(datum.label, '|')", labelFontSize: 12, labelPadding: 6 },
  };
  const top = maxOf(columns.map((c) => c.high));
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
  return { name: 'worked-example', title, caption, detail, spec, sources: figure.sources };
}
