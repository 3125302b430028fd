// Figure 2: duplicates per 1,000 actions from blind retries (scope none, no re-plans)
// against reply loss, one line per retry count: the closed form as lines, simulations as
// points with their 95% intervals.
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import { scopeNoneExpectations } from '../../analytic/index.js';
import { closedFormInputs } from '../../model/inputs.js';
import { frame, round } from '../../report/chart.js';
import { formatDecimal } from '../../model/format.js';
import { grouped } from '../format.js';
import { DEFAULTS, retryGrid } from '../refs.js';
import { ref, refText, type Runs } from '../runs.js';
import type { FigureChart } from '../types.js';

const RETRIES = [0, 1, 2, 3] as const;
const COLORS = ['#8c8c8c', '#f28e2b', '#59a14f', '#4e79a7'] as const;
const MAX_LOSS = 10;
/** Closed-form line resolution, in percentage points of reply loss. */
const STEP = 0.25;

// Lines two and three retries lie close together (they differ by q^3); their simulated
// points sit at alternating reply losses so that the interval bars never overlap.
const simulatedAt = (retries: number): number[] =>
  Array.from({ length: MAX_LOSS / 2 + 1 }, (_, i) => 2 * i + (retries === 1 || retries === 2 ? 1 : 0)).filter(
    (loss) => loss <= MAX_LOSS,
  );

export function retriesChart(runs: Runs): FigureChart {
  const base = runs.scenario(ref(DEFAULTS));
  const exact = (lossPercent: number, retries: number): number => {
    const s = {
      ...base,
      network: { ...base.network, replyLoss: lossPercent / 100 },
      client: { ...base.client, retries },
    };
    return 1000 * scopeNoneExpectations({ ...closedFormInputs(s), replan: undefined }).duplicates;
  };
  const label = (retries: number) => `${retries} ${retries === 1 ? 'retry' : 'retries'}`;
  const lines = RETRIES.flatMap((retries) =>
    Array.from({ length: MAX_LOSS / STEP + 1 }, (_, i) => ({
      loss: round(i * STEP, 2),
      retries: label(retries),
      perThousand: round(exact(i * STEP, retries), 3),
    })),
  );
  const points = RETRIES.flatMap((retries) =>
    simulatedAt(retries).map((loss) => {
      const result = runs.run(retryGrid(loss, retries));
      const ci = result.intervals['duplicatesPerThousand'] ?? { low: 0, high: 0 };
      return {
        loss,
        retries: label(retries),
        perThousand: round(result.metrics.duplicatesPerThousand, 3),
        low: round(ci.low, 3),
        high: round(ci.high, 3),
      };
    }),
  );
  const defaultLoss = 100 * base.network.replyLoss;
  const article = exact(defaultLoss, base.client.retries);
  const note = [
    {
      loss: defaultLoss,
      perThousand: round(article, 3),
      label: `${formatDecimal(article)} at the defaults (${defaultLoss}% reply loss, ${label(base.client.retries)})`,
    },
  ];
  const [firstPoint] = points;
  const actions = firstPoint === undefined ? 0 : runs.scenario(retryGrid(firstPoint.loss, 0)).actions;
  const title = 'Blind retries turn lost replies into duplicates';
  const caption = `No key, no re-plans. Lines: closed form; points: ${grouped(actions, 0)} simulated actions, 95% intervals.`;
  const detail =
    'Each executed attempt ends unknown with q = 1 - (1 - P(S > T))(1 - reply loss); a blind retry of it runs the action again, ' +
    'so R retries give 1000 (q + q^2 + ... + q^R) duplicates per 1,000 actions. Without retries there are none (but every unknown outcome ' +
    'goes back to the caller); one retry gives almost all of them, and more retries add little. ' +
    `At the lab's defaults (${defaultLoss}% reply loss, ${label(base.client.retries)}) it is ${formatDecimal(article)} per 1,000. ` +
    'Simulated points for 1 and 2 retries sit at odd reply losses, for 0 and 3 at even ones, so that their interval bars stay apart.';
  const x: PositionFieldDef<Field> = {
    field: 'loss',
    type: 'quantitative',
    title: 'reply loss (%)',
    scale: { domain: [0, MAX_LOSS] },
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
    sort: RETRIES.map(label),
    scale: { domain: RETRIES.map(label), range: [...COLORS] },
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
            sort: RETRIES.map(label),
            scale: { domain: RETRIES.map(label), range: RETRIES.map((r) => (r === 3 ? [6, 3] : [1, 0])) },
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
  return {
    name: 'retries',
    title,
    caption,
    detail,
    spec,
    sources: [
      `closed form from ${refText(ref(DEFAULTS))} (median, sigma, timeout), scope none, no re-plans`,
      `points: ${refText(retryGrid(2, 3)).replace('=2%', '=L').replace('retries=3', 'retries=R')} for each point's L and R`,
    ],
  };
}
