// The extended metrics (the service's crashes, leases, checks, the key store's peak time)
// and the time series in a run's JSON, CSV, table and summary: present for a scenario that
// uses an extended feature, absent, byte for byte as before, for one that uses none.
import { describe, expect, it } from 'vitest';
import { EXTENDED_METRICS, shownMetrics } from '../../../src/model/metrics.js';
import { NO_GROUP } from '../../../src/model/metric-types.js';
import { defaultScenario, type Scenario } from '../../../src/model/scenario.js';
import { renderCsv } from '../../../src/report/run/csv.js';
import { renderJson } from '../../../src/report/run/json.js';
import { renderSummary } from '../../../src/report/run/summary.js';
import { parseSummary } from '../../../src/saved/summary.js';
import { renderTable } from '../../../src/report/run/table.js';
import { defaultsRun } from '../fixture.js';
import { extendedRun } from '../extended-fixture.js';

type Doc = { runs: Record<string, unknown>[] };

const leaf = (metrics: unknown, name: string): unknown =>
  name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], metrics);

/** A scenario reader that needs no loader: the summary's scenario JSON over the defaults. */
function readScenario(text: string): Scenario {
  const merge = (base: unknown, over: unknown): unknown => {
    if (typeof base !== 'object' || base === null || Array.isArray(base)) return over ?? base;
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [key, value] of Object.entries((over ?? {}) as Record<string, unknown>)) {
      out[key] = merge(out[key], value);
    }
    return out;
  };
  return merge(defaultScenario(), JSON.parse(text)) as Scenario;
}

describe('run --format json', () => {
  it('leaves the extended metrics and the time series out for a scenario that uses no extended feature', () => {
    const doc = JSON.parse(renderJson([defaultsRun()], '9.9.9')) as Doc;
    const run = doc.runs[0] ?? {};
    expect(Object.keys(run)).toEqual(['scenario', 'metrics', 'intervals']);
    for (const name of EXTENDED_METRICS) expect(leaf(run['metrics'], name), name).toBeUndefined();
    expect(Object.keys(run['metrics'] as object)).not.toContain('serverCrashes');
  });

  it('carries every extended metric and the series, after the intervals, for an extended scenario', () => {
    const doc = JSON.parse(renderJson([extendedRun()], '9.9.9')) as Doc;
    const run = doc.runs[0] ?? {};
    expect(Object.keys(run)).toEqual(['scenario', 'metrics', 'intervals', 'timeSeries']);
    for (const name of EXTENDED_METRICS) expect(typeof leaf(run['metrics'], name), name).toBe('number');
    expect(leaf(run['metrics'], 'keyStore.peakKeysAt')).toBe(903_000);
    const series = run['timeSeries'] as { interval: number; points: Record<string, number>[] };
    expect(series.interval).toBe(60_000);
    expect(series.points).toHaveLength(61);
    expect(Object.keys(series.points[0] ?? {})[0]).toBe('t');
  });

  it('writes a series only where the run has one, whatever the other runs have', () => {
    const doc = JSON.parse(renderJson([defaultsRun(), extendedRun()], '9.9.9')) as Doc;
    expect(doc.runs.map((r) => 'timeSeries' in r)).toEqual([false, true]);
  });
});

describe('run --format csv', () => {
  it('has no extended rows when no scenario uses an extended feature', () => {
    const names = renderCsv([defaultsRun()])
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[1]);
    expect(names).toEqual(shownMetrics(NO_GROUP).map((m) => m.name));
    for (const name of EXTENDED_METRICS) expect(names).not.toContain(name);
  });

  it('gives every run every metric when one uses an extended feature, the others’ extended values empty', () => {
    const lines = renderCsv([defaultsRun(), extendedRun()]).trimEnd().split('\n');
    expect(lines).toHaveLength(
      1 + 2 * shownMetrics({ extended: true, clients: false, layers: false, handlers: false }).length,
    );
    expect(lines).toContain('article-defaults,serverCrashes.total,,,');
    expect(lines).toContain('incident-latency,serverCrashes.total,190,,');
    expect(lines).toContain('incident-latency,keyStore.peakKeysAt,903000,,');
    expect(lines).toContain('article-defaults,duplicates,175,,');
  });
});

describe('the run table', () => {
  it('shows no crash section, server-crash timeouts or peak time without the extended features', () => {
    const text = renderTable([defaultsRun()], { color: false });
    expect(text).not.toContain('Service crashes, leases and checks');
    expect(text).not.toContain('server crash');
    expect(text).not.toContain('reached at');
  });

  it('shows the service’s crashes, leases and checks and the key store’s peak time with the extended features', () => {
    const lines = renderTable([extendedRun()], { color: false }).split('\n');
    const row = (label: string) =>
      lines
        .find((l) => l.trimStart().startsWith(label))
        ?.trim()
        .replace(/\s+/g, ' ');
    expect(lines.map((l) => l.trim())).toContain('Service crashes, leases and checks');
    expect(row('server crashes')).toBe('server crashes 190');
    expect(row('before the effect')).toBe('before the effect 96');
    expect(row('orphaned records')).toBe('orphaned records 181');
    expect(row('checks before repeating')).toBe('checks before repeating 0');
    expect(row('server crash')).toBe('server crash 190 (4.54%)');
    expect(row('reached at')).toBe('reached at 15 min 3 s');
  });

  it('reads n/a in a basic scenario’s column beside an extended one', () => {
    const lines = renderTable([defaultsRun(), extendedRun()], { color: false }).split('\n');
    const row = lines
      .find((l) => l.trimStart().startsWith('lease takeovers'))
      ?.trim()
      .split(/\s{2,}/);
    expect(row).toEqual(['lease takeovers', 'n/a', '0']);
  });
});

describe('summary.json', () => {
  it('writes an extended run’s metrics and series and reads them back to the same bytes', () => {
    const summary = { idemsim: '9.9.9', runs: [extendedRun()] };
    const text = renderSummary(summary);
    const doc = JSON.parse(text) as Doc;
    expect(Object.keys(doc.runs[0] ?? {})).toEqual(['scenario', 'metrics', 'intervals', 'timeSeries', 'detail']);
    const outcome = parseSummary(text, 'summary.json', readScenario);
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(outcome.summary.runs[0]?.result.timeSeries).toEqual(summary.runs[0]?.result.timeSeries);
    expect(outcome.summary.runs[0]?.result.metrics.serverCrashes.total).toBe(190);
    expect(renderSummary(outcome.summary)).toBe(text);
  });

  it('reads an extended metric an extended run’s summary lacks as not available', () => {
    const doc = JSON.parse(renderSummary({ idemsim: '9.9.9', runs: [extendedRun()] })) as {
      runs: { metrics: Record<string, unknown> }[];
    };
    delete doc.runs[0]?.metrics['orphanedRecords'];
    const outcome = parseSummary(JSON.stringify(doc), 'summary.json', readScenario);
    expect(outcome.ok ? outcome.summary.runs[0]?.result.metrics.orphanedRecords : outcome.problem).toBeNaN();
  });

  it('keeps a traced attempt’s crash and takeover and an action’s checks', () => {
    const run = extendedRun();
    run.result.detail.trace = [
      {
        action: 0,
        arrival: 0,
        commits: 1,
        attempts: [
          {
            call: 0,
            origin: 'original',
            segment: 0,
            attempt: 0,
            sent: 0,
            end: 1000,
            outcome: 'serverCrash',
            stored: false,
            commit: 400,
            duplicate: false,
            crash: { at: 400, afterEffect: true },
            takeover: true,
          },
        ],
        checks: [{ at: 2000, end: 2200, found: true }],
      },
    ];
    const text = renderSummary({ idemsim: '9.9.9', runs: [run] });
    const outcome = parseSummary(text, 'summary.json', readScenario);
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(outcome.summary.runs[0]?.result.detail.trace).toEqual(run.result.detail.trace);
    expect(renderSummary(outcome.summary)).toBe(text);
  });
});
