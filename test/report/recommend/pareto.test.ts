// The Pareto chart places configurations by ranking metrics that tell them apart, in units
// a person reads, with the recommended point drawn last (on top of any it coincides with).
import { describe, expect, it } from 'vitest';
import { recommend } from '../../../src/cli/recommend.js';
import type { Recommendation } from '../../../src/model/recommend.js';
import { paretoChart } from '../../../src/report/recommend/pareto.js';
import { captured } from '../../cli/sinks.js';

describe('paretoChart', async () => {
  const ctx = captured();
  const code = await recommend(
    'scenarios/refunds-slow-tail.yaml',
    {
      targets: ['duplicatesPerThousand<=0.1', 'keyStore.steadyStateBytes<100MB'],
      vary: ['client.timeout=1s,4s', 'client.retries=0,3'],
      fix: ['client.backoff.base', 'keys.retention'],
      // The grid search, not the smallest change (the scenario as given meets both targets).
      prefer: 'duplicatesPerThousand,attemptsPerAction',
      sets: ['actions=4000'],
      jobs: '1',
      format: 'json',
    },
    ctx,
  );
  const doc = (JSON.parse(ctx.out.text) as { recommend: Recommendation }).recommend;
  const chart = paretoChart(doc);
  const spec = chart.spec as unknown as {
    data: { values: { x: number; y: number; class: string; layer: number }[] };
    encoding: { x: { title: string }; y: { title: string }; order: { field: string; sort: string } };
  };
  const points = spec.data.values;

  it('has a point per simulated configuration', () => {
    expect(code).toBeLessThanOrEqual(1);
    expect(points).toHaveLength(doc.points.filter((p) => p.metrics !== undefined).length);
  });

  it('uses axes along which the points differ at the ranking precision, with units', () => {
    expect(new Set(points.map((p) => p.x)).size + new Set(points.map((p) => p.y)).size).toBeGreaterThan(2);
    const titles = [spec.encoding.x.title, spec.encoding.y.title];
    for (const title of titles) expect(doc.ranking.metrics.map((m) => m.metric)).toContain(title.split(' ')[0]);
    expect(titles.join()).not.toMatch(/^keyStore\.steadyStateBytes$/);
  });

  it('draws the recommended point last', () => {
    expect(spec.encoding.order).toEqual({ field: 'layer', sort: 'ascending' });
    const recommended = points.filter((p) => p.class === 'recommended');
    if (doc.feasible) expect(recommended).toHaveLength(1);
    const top = Math.max(...points.map((p) => p.layer));
    for (const p of recommended) expect(p.layer).toBe(top);
  });
});
