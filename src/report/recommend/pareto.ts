// The Pareto-front chart of a recommendation: every simulated configuration by the first
// two ranking metrics, coloured by recommended, on the front, feasible or not.
import type { TopLevelSpec } from 'vega-lite';
import type { Recommendation } from '../../model/recommend.js';
import type { Chart } from '../chart.js';
import { DUPLICATE_PINK, INK, frame, round } from '../chart.js';

const CLASSES = [
  { label: 'recommended', color: DUPLICATE_PINK },
  { label: 'Pareto front', color: '#1f5fbf' },
  { label: 'feasible', color: '#98d98e' },
  { label: 'not feasible', color: '#bbbbbb' },
];

export function paretoChart(doc: Recommendation): Chart {
  const ranking = doc.ranking.metrics.map((m) => m.metric);
  const x = ranking[0] as string;
  const y = ranking[1] ?? doc.targets[0]?.metric ?? x;
  const recommended = JSON.stringify(doc.recommended.settings);
  const data = doc.points
    .filter((p) => p.metrics !== undefined)
    .map((p) => {
      const metrics = p.metrics as Record<string, number>;
      const isBest = doc.feasible && JSON.stringify(p.settings) === recommended;
      return {
        x: round(metrics[x] ?? 0, 4),
        y: round(metrics[y] ?? 0, 4),
        class: isBest
          ? 'recommended'
          : p.onFront
            ? 'Pareto front'
            : p.status === 'feasible'
              ? 'feasible'
              : 'not feasible',
        configuration: Object.entries(p.settings)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
      };
    });
  const title = 'Searched configurations';
  const caption = `${x} against ${y}, the first two ranking metrics`;
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    ...frame(title, caption, `Each simulated configuration of the recommend search for ${doc.scenario}.`),
    width: 520,
    height: 320,
    data: { values: data },
    mark: { type: 'point', filled: true, size: 60, opacity: 0.85 },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: x, scale: { zero: false } },
      y: { field: 'y', type: 'quantitative', title: y, scale: { zero: false } },
      color: {
        field: 'class',
        type: 'nominal',
        title: null,
        scale: { domain: CLASSES.map((c) => c.label), range: CLASSES.map((c) => c.color) },
      },
      order: { field: 'class', sort: 'descending' },
      stroke: { value: INK },
      strokeWidth: { value: 0 },
      tooltip: [{ field: 'configuration' }, { field: 'x', title: x }, { field: 'y', title: y }],
    },
  };
  return { name: 'pareto-front', title, caption, spec };
}
