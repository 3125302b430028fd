// The Pareto-front chart of a recommendation: every simulated configuration by the first
// two ranking metrics that tell configurations apart (a metric every point shares, such
// as 0 duplicates, would stack them on one spot), coloured by recommended, on the front,
// feasible or not, with the recommended point drawn on top.
import type { TopLevelSpec } from 'vega-lite';
import { metricUnit } from '../../model/metrics.js';
import { type Unit } from '../../model/metric-types.js';
import type { Recommendation } from '../../model/recommend.js';
import type { Chart } from '../chart.js';
import { DUPLICATE_PINK, INK, frame, round, significant } from '../chart.js';
import { COLOR } from '../palette.js';

/** Legend order; drawn in the reverse order, so that the recommended point is on top. */
const CLASSES = [
  { label: 'recommended', color: DUPLICATE_PINK },
  { label: 'Pareto front', color: COLOR.blue },
  { label: 'feasible', color: COLOR.lightGreen },
  { label: 'not feasible', color: COLOR.grey },
];

/** An axis in a unit a person reads: bytes in MB, ratios in percent. */
const AXIS: Readonly<Partial<Record<Unit, { factor: number; unit: string }>>> = {
  bytes: { factor: 1e-6, unit: 'MB' },
  ratio: { factor: 100, unit: '%' },
  ms: { factor: 1, unit: 'ms' },
  perThousand: { factor: 1, unit: 'per 1000 actions' },
};

function axisOf(metric: string): { factor: number; title: string } {
  const axis = AXIS[metricUnit(metric)];
  return axis === undefined ? { factor: 1, title: metric } : { factor: axis.factor, title: `${metric} (${axis.unit})` };
}

export function paretoChart(doc: Recommendation): Chart {
  const simulated = doc.points.filter((p) => p.metrics !== undefined);
  // Told apart as the ranking tells them: at 3 significant digits.
  const valuesOf = (m: string): Set<number> =>
    new Set(simulated.map((p) => significant((p.metrics as Record<string, number>)[m] ?? 0, 3)));
  const ranking = doc.ranking.metrics.map((m) => m.metric);
  const telling = ranking.filter((m) => valuesOf(m).size > 1);
  const [x = ranking[0] as string, y = ranking.find((m) => m !== x) ?? x] = telling;
  const [ax, ay] = [axisOf(x), axisOf(y)];
  const recommended = JSON.stringify(doc.recommended.settings);
  const data = simulated.map((p) => {
    const metrics = p.metrics as Record<string, number>;
    const isBest = doc.feasible && JSON.stringify(p.settings) === recommended;
    const label = isBest
      ? 'recommended'
      : p.onFront
        ? 'Pareto front'
        : p.status === 'feasible'
          ? 'feasible'
          : 'not feasible';
    return {
      x: round((metrics[x] ?? 0) * ax.factor, 4),
      y: round((metrics[y] ?? 0) * ay.factor, 4),
      class: label,
      layer: CLASSES.length - CLASSES.findIndex((c) => c.label === label),
      configuration: Object.entries(p.settings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    };
  });
  const title = 'Searched configurations';
  const caption = `${x} against ${y}: the first two ranking metrics that vary`;
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    ...frame(title, caption, `Each simulated configuration of the recommend search for ${doc.scenario}.`),
    width: 520,
    height: 320,
    data: { values: data },
    mark: { type: 'point', filled: true, size: 60, opacity: 0.85 },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: ax.title, scale: { zero: false } },
      y: { field: 'y', type: 'quantitative', title: ay.title, scale: { zero: false } },
      color: {
        field: 'class',
        type: 'nominal',
        title: null,
        scale: { domain: CLASSES.map((c) => c.label), range: CLASSES.map((c) => c.color) },
      },
      order: { field: 'layer', sort: 'ascending' },
      stroke: { value: INK },
      strokeWidth: { value: 0 },
      tooltip: [{ field: 'configuration' }, { field: 'x', title: ax.title }, { field: 'y', title: ay.title }],
    },
  };
  return { name: 'pareto-front', title, caption, spec };
}
