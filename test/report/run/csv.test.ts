import { describe, expect, it } from 'vitest';
import { renderCsv } from '../../../src/report/run/csv.js';
import { shownMetrics } from '../../../src/model/metrics.js';
import { NO_GROUP } from '../../../src/model/metric-types.js';
import { defaultsRun, intentRun } from '../fixture.js';

describe('renderCsv', () => {
  it('starts with the tidy header', () => {
    expect(renderCsv([defaultsRun()]).split('\n')[0]).toBe('scenario,metric,value,ci_low,ci_high');
  });

  it('writes one row per catalogue metric per scenario (no optional group, for scenarios that use no optional feature)', () => {
    const METRICS = shownMetrics(NO_GROUP);
    const lines = renderCsv([defaultsRun(), intentRun()]).trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 2 * METRICS.length);
    expect(lines.slice(1, 1 + METRICS.length).map((line) => line.split(',')[1])).toEqual(METRICS.map((m) => m.name));
  });

  it('fills the interval cells where there is an interval and leaves them empty elsewhere', () => {
    const lines = renderCsv([defaultsRun()]).split('\n');
    expect(lines).toContain('article-defaults,duplicatesPerThousand,43.75,37.41,50.09');
    expect(lines).toContain('article-defaults,duplicates,175,,');
  });

  it('quotes scenario names as RFC 4180 says', () => {
    const text = renderCsv([intentRun('refunds, "v2"'), intentRun('line\nbreak')]);
    expect(text).toContain('\n"refunds, ""v2""",actions,4000,,\n');
    expect(text).toContain('\n"line\nbreak",actions,4000,,\n');
  });

  it('writes numbers at full precision', () => {
    const run = defaultsRun();
    run.result.metrics.dedupHitRate = 0.1 + 0.2;
    expect(renderCsv([run])).toContain('article-defaults,dedupHitRate,0.30000000000000004,,\n');
  });

  it('leaves a non-finite value empty', () => {
    const run = defaultsRun();
    run.result.metrics.latency.step.mean = Number.NaN;
    expect(renderCsv([run])).toContain('article-defaults,latency.step.mean,,,\n');
  });

  it('ends with a newline', () => {
    expect(renderCsv([defaultsRun()]).endsWith('\n')).toBe(true);
  });
});
