// Figure 2: duplicates per 1,000 actions from blind retries (scope none, no re-plans)
// against reply loss, one line per retry count: the closed form as lines, simulations as
// points with their 95% intervals.
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import type { RetriesFigure } from '../../../model/article.js';
import { formatCount, formatDecimal } from '../../../format/format.js';
import { frame, round } from '../../chart.js';
import type { ArticleChart } from './figure.js';
import { COLOR } from '../../palette.js';

/** One line per retry count, from the palette (test/report/palette.test.ts checks them side by side). */
export const RETRIES_COLORS = [COLOR.grey, COLOR.amber, COLOR.green, COLOR.blue] as const;

const label = (retries: number): string => `${retries} ${retries === 1 ? 'retry' : 'retries'}`;

export function retriesChart(figure: RetriesFigure): ArticleChart {
  const { defaults } = figure;
  const labels = figure.retries.map(label);
  const lines = figure.lines.map((l) => ({
    loss: round(l.lossPercent, 2),
    retries: label(l.retries),
    perThousand: round(l.perThousand, 3),
  }));
  const points = figure.points.map((p) => ({
    loss: p.lossPercent,
    retries: label(p.retries),
    perThousand: round(p.value, 3),
    low: round(p.interval.low, 3),
    high: round(p.interval.high, 3),
  }));
  const defaultLoss = 100 * defaults.network.replyLoss;
  const note = [
    {
      loss: defaultLoss,
      perThousand: round(figure.atDefaults, 3),
      label: `${formatDecimal(figure.atDefaults)} at the defaults (${defaultLoss}% reply loss, ${label(defaults.client.retries)})`,
    },
  ];
  const title = 'Blind retries turn lost replies into duplicates';
  const caption = `No key, no re-plans. Lines: closed form; points: ${formatCount(figure.actions)} simulated actions, 95% intervals.`;
  const detail =
    'Each executed attempt ends unknown with q = 1 - (1 - P(S > T))(1 - reply loss); a blind retry of it runs the action again, ' +
    'so R retries give 1000 (q + q^2 + ... + q^R) duplicates per 1,000 actions. Without retries there are none (but every unknown outcome ' +
    'goes back to the caller); one retry gives almost all of them, and more retries add little. ' +
    `At the lab's defaults (${defaultLoss}% reply loss, ${label(defaults.client.retries)}) it is ${formatDecimal(figure.atDefaults)} per 1,000. ` +
    'Simulated points for 1 and 2 retries sit at odd reply losses, for 0 and 3 at even ones, so that their interval bars stay apart.';
  const x: PositionFieldDef<Field> = {
    field: 'loss',
    type: 'quantitative',
    title: 'reply loss (%)',
    scale: { domain: [0, figure.maxLossPercent] },
    axis: { tickMinStep: 1 },
  };
  const y: PositionFieldDef<Field> = {
    field: 'perThousand',
    type: 'quantitative',
    title: 'duplicates per 1,000 actions',
  };
  const color = {
    field: 'retries',
    type: 'nominal',
    title: 'client retries',
    sort: labels,
    scale: { domain: labels, range: [...RETRIES_COLORS] },
    legend: { symbolType: 'stroke', symbolStrokeWidth: 2.5, symbolSize: 300 },
  } as const;
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      'Line chart: duplicates per 1,000 actions (y) against the reply-loss rate from 0 to 10% (x), one line per client retry count from 0 to 3 computed in closed form, with simulated points and 95% interval bars on each line; the article default (2% reply loss, 3 retries) is labelled.',
    ),
    width: 660,
    height: 320,
    layer: [
      {
        data: { values: lines },
        mark: { type: 'line', strokeWidth: 2 },
        // Three retries dashed: it runs almost on top of two.
        encoding: {
          x,
          y,
          color,
          strokeDash: {
            field: 'retries',
            type: 'nominal',
            title: 'client retries',
            sort: labels,
            scale: { domain: labels, range: figure.retries.map((r) => (r === 3 ? [6, 3] : [1, 0])) },
          },
        },
      },
      {
        data: { values: points },
        layer: [
          {
            mark: { type: 'errorbar', ticks: { size: 6 }, thickness: 1.5 },
            encoding: { x, y: { ...y, field: 'low' }, y2: { field: 'high' }, color },
          },
          {
            mark: { type: 'point', filled: true, size: 36, opacity: 1, stroke: 'white', strokeWidth: 0.8 },
            encoding: { x, y, color },
          },
        ],
      },
      {
        data: { values: note },
        layer: [
          { mark: { type: 'point', size: 140, strokeWidth: 1.5, color: '#222222' }, encoding: { x, y } },
          // Below and right of the point, under the lines (they rise to the right).
          {
            mark: { type: 'text', align: 'left', baseline: 'top', dx: 8, dy: 10, fontSize: 12, color: '#222222' },
            encoding: { x, y, text: { field: 'label' } },
          },
        ],
      },
    ],
  };
  return { name: 'retries', title, caption, detail, spec, sources: figure.sources };
}
