// Figure 1: how often one attempt outlasts the client's timeout, P(S > T) for a lognormal
// service time, against the timeout, for the normal service and one four times slower,
// with the article's two points marked (2.2% at 1 s, 88% at 600 ms).
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import type { TimeoutFigure } from '../../../model/article.js';
import { proseDuration } from '../../../format/format.js';
import { frame, round, tickLabels } from '../../chart.js';
import type { ArticleChart } from './figure.js';
import { COLOR } from '../../palette.js';

/** The normal service and the slow one, from the palette. */
export const TIMEOUT_COLORS = [COLOR.blue, COLOR.red] as const;
const TICKS = [100, 200, 500, 1000, 2000, 5000, 10_000];

export function timeoutChart(figure: TimeoutFigure): ArticleChart {
  const [normal, slow] = figure.services;
  if (normal === undefined || slow === undefined) throw new Error('article: the timeout figure needs two services');
  const baseMedian = normal.scenario.service.latency.median;
  const services = figure.services.map((service, i) => {
    const { median } = service.scenario.service.latency;
    const percent = service.pSlow < 0.1 ? round(100 * service.pSlow, 1) : Math.round(100 * service.pSlow);
    return {
      ...service,
      color: TIMEOUT_COLORS[i] ?? COLOR.ink,
      label: `${i === 0 ? 'normal' : `${round(median / baseMedian, 2)}x slower`}: median ${proseDuration(median)}`,
      mark: `${percent}% outlast ${proseDuration(service.scenario.client.timeout)}`,
    };
  });
  const [low, high] = services;
  const sigma = normal.scenario.service.latency.sigma;
  const title = 'How often an attempt outlasts the timeout';
  const caption = `Sigma ${sigma}: ${low?.mark ?? ''} at a ${proseDuration(baseMedian)} median; ${high?.mark ?? ''} at ${proseDuration(slow.scenario.service.latency.median)}.`;
  const detail =
    `The service time is lognormal (median m, sigma ${sigma}), so P(S > T) = 1 - Phi(ln(T / m) / sigma). ` +
    `At the lab's defaults (m ${proseDuration(baseMedian)}, T ${proseDuration(normal.scenario.client.timeout)}) ${low?.mark ?? ''}: rare, and each one is an executed call the client cannot tell from a failure. ` +
    `When the service slows to ${proseDuration(slow.scenario.service.latency.median)} and the client keeps ${proseDuration(slow.scenario.client.timeout)}, ${high?.mark ?? ''}: most calls time out after doing their work.`;
  const x: PositionFieldDef<Field> = {
    field: 'timeout',
    type: 'quantitative',
    title: 'client timeout (log scale)',
    scale: { type: 'log', domain: [...figure.domain] },
    axis: { values: TICKS, labelExpr: tickLabels(TICKS, proseDuration), labelOverlap: false },
  };
  const y: PositionFieldDef<Field> = {
    field: 'p',
    type: 'quantitative',
    title: 'P(service time > timeout)',
    scale: { domain: [0, 1] },
    axis: { format: '.0%' },
  };
  const color = {
    field: 'service',
    type: 'nominal',
    title: 'service',
    scale: { domain: services.map((s) => s.label), range: services.map((s) => s.color) },
  } as const;
  const curves = services.flatMap((s) =>
    s.curve.map((point) => ({ timeout: round(point.timeout, 2), p: round(point.pSlow, 5), service: s.label })),
  );
  const marks = services.map((s) => ({
    service: s.label,
    timeout: s.scenario.client.timeout,
    p: round(s.pSlow, 5),
    zero: 0,
    label: s.mark,
  }));
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      'Two S-shaped curves of the probability that a lognormal service time exceeds the client timeout (y, 0 to 100%) against the timeout on a log scale from 100 ms to 10 s, for the normal and the slow service; a dot and a dashed drop line mark each service at its configured timeout, labelled with the share.',
    ),
    width: 600,
    height: 300,
    layer: [
      { data: { values: curves }, mark: { type: 'line', strokeWidth: 2.5 }, encoding: { x, y, color } },
      {
        data: { values: marks },
        layer: [
          {
            mark: { type: 'rule', strokeDash: [4, 3], strokeWidth: 1.2 },
            encoding: { x, y: { ...y, field: 'zero' }, y2: { field: 'p' }, color },
          },
          { mark: { type: 'point', filled: true, size: 80, opacity: 1 }, encoding: { x, y, color } },
          {
            mark: { type: 'text', align: 'left', dx: 9, dy: -8, fontSize: 12, fontWeight: 'bold' },
            encoding: { x, y, text: { field: 'label' }, color },
          },
        ],
      },
    ],
  };
  return { name: 'timeout', title, caption, detail, spec, sources: figure.sources };
}
