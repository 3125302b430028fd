// The table's rows come from the metric catalogue: every metric has a row where a run that
// carries its group is shown, in its section, and a run that does not carry it reads n/a.
import { LANGGRAPH_LAYER } from '../../../src/model/layers.js';
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../../src/model/metrics.js';
import { sectionsFor } from '../../../src/report/run/sections.js';
import { defaultsRun } from '../fixture.js';
import { extendedRun } from '../extended-fixture.js';

function everyGroupRun(): ReturnType<typeof defaultsRun> {
  const { scenario, result } = extendedRun();
  scenario.client.hedge = { after: 500, max: 2 };
  scenario.client.layers = [{ ...LANGGRAPH_LAYER }];
  scenario.service.failure.probability = 0.05;
  return { scenario, result };
}

describe('the table sections', () => {
  it('hold one row per table row of the catalogue, and the seed, when the runs carry every group', () => {
    const labels = sectionsFor([everyGroupRun()]).flatMap((section) => section.rows.map((row) => row.label));
    const catalogued = METRICS.flatMap((info) => info.rows.map((row) => row.label));
    expect([...labels].sort()).toEqual([...catalogued, 'seed'].sort());
  });

  it('give every metric of the catalogue at least one row', () => {
    for (const info of METRICS) expect(info.rows.length, info.name).toBeGreaterThan(0);
  });

  it('show false failures per thousand in the headline', () => {
    const [headline] = sectionsFor([defaultsRun()]);
    expect(headline?.rows.map((row) => row.label)).toContain('false failures / 1000');
  });

  it('list a row that names `after` right after that metric’s row', () => {
    const run = sectionsFor([defaultsRun()]).find((section) => section.title === 'Run');
    expect(run?.rows.map((row) => row.label)).toEqual([
      'seed',
      'actions',
      'tool calls',
      'executions',
      'attempts / action',
      'executions / action',
      'lost actions',
      'merged actions',
      'unknown outcomes',
      'false failures',
      'retention misses',
      'race duplicates',
    ]);
  });

  it('leave out a section whose metrics no run carries', () => {
    const titles = sectionsFor([defaultsRun()]).map((section) => section.title);
    expect(titles).not.toContain('Service crashes, leases and checks');
    expect(titles).not.toContain('Retry limits and hedging');
  });
});
