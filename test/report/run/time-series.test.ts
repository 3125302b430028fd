// A run's time series as files: timeseries.csv (one row per scenario and interval, every
// counter and rate) and timeseries.json, and the reader summary.json's series go through.
import { describe, expect, it } from 'vitest';
import {
  TIME_SERIES_HEADER,
  canonicalTimeSeries,
  renderTimeSeriesCsv,
  renderTimeSeriesJson,
} from '../../../src/report/run/time-series.js';
import { ShapeError } from '../../../src/saved/shape.js';
import { readTimeSeries } from '../../../src/saved/time-series.js';
import { defaultsRun } from '../fixture.js';
import { extendedRun } from '../extended-fixture.js';

describe('timeseries.csv', () => {
  it('opens with a header naming every counter and rate', () => {
    expect(renderTimeSeriesCsv([extendedRun()]).split('\n')[0]).toBe(
      'scenario,interval_ms,t_ms,arrivals,attempts,lookups,conflicts,mismatches,dedup_hits,executions,' +
        'server_crashes,duplicates,unknown_outcomes,live_keys,conflict_rate,mismatch_rate,dedup_hit_rate',
    );
    expect(TIME_SERIES_HEADER).toHaveLength(17);
  });

  it('writes one row per interval of each run that has a series, and none for the others', () => {
    const run = extendedRun();
    const lines = renderTimeSeriesCsv([defaultsRun(), run, extendedRun('second')])
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(1 + 2 * 61);
    expect(lines.filter((l) => l.startsWith('article-defaults,'))).toHaveLength(0);
    const first = run.result.timeSeries?.points[0];
    expect(lines[1]).toBe(
      `incident-latency,60000,0,${first?.arrivals},${first?.attempts},${first?.lookups},${first?.conflicts},0,` +
        `${first?.dedupHits},${first?.executions},${first?.serverCrashes},${first?.duplicates},` +
        `${first?.unknownOutcomes},${first?.liveKeys},${first?.conflictRate},0,${first?.dedupHitRate}`,
    );
    expect(lines[61]?.split(',')[2]).toBe('3600000');
  });

  it('is only a header when no run has a series', () => {
    expect(renderTimeSeriesCsv([defaultsRun()])).toBe(`${TIME_SERIES_HEADER.join(',')}\n`);
  });
});

describe('timeseries.json', () => {
  it('holds each series under its scenario’s name, keys in the order of the type', () => {
    const doc = JSON.parse(renderTimeSeriesJson([defaultsRun(), extendedRun()], '9.9.9')) as {
      idemsim: string;
      runs: { scenario: string; timeSeries: { interval: number; points: Record<string, number>[] } }[];
    };
    expect(doc.idemsim).toBe('9.9.9');
    expect(doc.runs.map((r) => r.scenario)).toEqual(['incident-latency']);
    expect(doc.runs[0]?.timeSeries.interval).toBe(60_000);
    expect(Object.keys(doc.runs[0]?.timeSeries.points[0] ?? {})).toEqual([
      't',
      'arrivals',
      'attempts',
      'lookups',
      'conflicts',
      'mismatches',
      'dedupHits',
      'executions',
      'serverCrashes',
      'duplicates',
      'unknownOutcomes',
      'liveKeys',
      'conflictRate',
      'mismatchRate',
      'dedupHitRate',
    ]);
  });
});

describe('readTimeSeries', () => {
  it('reads a series back as written', () => {
    const series = canonicalTimeSeries(extendedRun().result.timeSeries ?? { interval: 1, points: [] });
    expect(readTimeSeries(JSON.parse(JSON.stringify(series)), 'timeSeries')).toEqual(series);
  });

  it('names a counter that is not a whole number', () => {
    const series = JSON.parse(JSON.stringify(extendedRun().result.timeSeries)) as { points: Record<string, unknown>[] };
    (series.points[3] as Record<string, unknown>)['conflicts'] = 1.5;
    expect(() => readTimeSeries(series, 'runs[0].timeSeries')).toThrow(
      new ShapeError('runs[0].timeSeries.points[3].conflicts', 'expected a whole number >= 0; found 1.5'),
    );
  });
});
