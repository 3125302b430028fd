// Figure 1: how often one attempt outlasts the client's timeout, P(S > T) for a lognormal
// service time, against the timeout, for the normal service and one four times slower,
// with the article's two points marked (2.2% at 1 s, 88% at 600 ms).
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionFieldDef } from 'vega-lite/types_unstable/channeldef.js';
import { frame, round } from '../../report/chart.js';
import type { Scenario } from '../../model/scenario.js';
import { durationText } from '../format.js';
import { slowShare } from '../numbers.js';
import { DEFAULTS, SLOW } from '../refs.js';
import { ref, refText, type Runs } from '../runs.js';
import type { FigureChart } from '../types.js';
import { LOG_MS_LABEL } from './axes.js';

const COLORS = ['#4e79a7', '#d62728'] as const;
const DOMAIN: [number, number] = [100, 10_000];
const TICKS = [100, 200, 500, 1000, 2000, 5000, 10_000];
/** Points per decade on the curve: smooth at the chart's width. */
const PER_DECADE = 80;

interface Service {
  label: string;
  scenario: Scenario;
  color: string;
}

function curve(service: Service): { timeout: number; p: number; service: string }[] {
  const decades = Math.log10(DOMAIN[1] / DOMAIN[0]);
  return Array.from({ length: decades * PER_DECADE + 1 }, (_, i) => {
    const timeout = DOMAIN[0] * 10 ** (i / PER_DECADE);
    const p = slowShare({ ...service.scenario, client: { ...service.scenario.client, timeout } });
    return { timeout: round(timeout, 2), p: round(p, 5), service: service.label };
  });
}

export function timeoutChart(runs: Runs): FigureChart {
  const normal = runs.scenario(ref(DEFAULTS));
  const slow = runs.scenario(ref(SLOW));
  const services: Service[] = [normal, slow].map((scenario, i) => ({
    scenario,
    color: COLORS[i] ?? '#222222',
    label: `${i === 0 ? 'normal' : `${round(scenario.service.latency.median / normal.service.latency.median, 2)}x slower`}: median ${durationText(scenario.service.latency.median)}`,
  }));
  const marks = services.map((s) => {
    const p = slowShare(s.scenario);
    const percent = p < 0.1 ? round(100 * p, 1) : Math.round(100 * p);
    return {
      service: s.label,
      timeout: s.scenario.client.timeout,
      p: round(p, 5),
      zero: 0,
      label: `${percent}% outlast ${durationText(s.scenario.client.timeout)}`,
    };
  });
  const [low, high] = marks;
  const sigma = normal.service.latency.sigma;
  const title = 'How often an attempt outlasts the timeout';
  const caption = `Sigma ${sigma}: ${low?.label ?? ''} at a ${durationText(normal.service.latency.median)} median; ${high?.label ?? ''} at ${durationText(slow.service.latency.median)}.`;
  const detail =
    `The service time is lognormal (median m, sigma ${sigma}), so P(S > T) = 1 - Phi(ln(T / m) / sigma). ` +
    `At the lab's defaults (m ${durationText(normal.service.latency.median)}, T ${durationText(normal.client.timeout)}) ${low?.label ?? ''}: rare, and each one is an executed call the client cannot tell from a failure. ` +
    `When the service slows to ${durationText(slow.service.latency.median)} and the client keeps ${durationText(slow.client.timeout)}, ${high?.label ?? ''}: most calls time out after doing their work.`;
  const x: PositionFieldDef<Field> = {
    field: 'timeout',
    type: 'quantitative',
    title: 'client timeout (log scale)',
    scale: { type: 'log', domain: DOMAIN },
    axis: { values: TICKS, labelExpr: LOG_MS_LABEL, labelOverlap: false },
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
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      'Two S-shaped curves of the probability that a lognormal service time exceeds the client timeout (y, 0 to 100%) against the timeout on a log scale from 100 ms to 10 s, for the normal and the slow service; a dot and a dashed drop line mark each service at its configured timeout, labelled with the share.',
    ),
    width: 600,
    height: 300,
    layer: [
      {
        data: { values: services.flatMap(curve) },
        mark: { type: 'line', strokeWidth: 2.5 },
        encoding: { x, y, color },
      },
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
  return {
    name: 'timeout',
    title,
    caption,
    detail,
    spec,
    sources: [
      'closed form P(S > T) = 1 - Phi(ln(T / median) / sigma)',
      ...[DEFAULTS, SLOW].map((f) => `service from ${refText(ref(f))}`),
    ],
  };
}
