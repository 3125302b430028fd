// A sweep's points as text: a table for a person (one row per point), tidy CSV and
// stable JSON for machines. Every point reports the chosen metrics with their intervals.
import Table from 'cli-table3';
import { metricUnit, metricValue } from '../../model/metrics.js';
import type { Sweep, SweepRun } from '../../model/sweep.js';
import { csvField, csvNumber, terminalText } from '../text.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import { formatInterval } from '../../format/format.js';
import { metricText } from '../open-ended.js';

export function renderSweepTable(sweep: Sweep): string {
  const table = new Table({
    head: [...sweep.vary.map((v) => terminalText(v.path)), ...sweep.metrics],
    style: { head: [], border: [], compact: true },
    colAligns: [...sweep.vary.map(() => 'right' as const), ...sweep.metrics.map(() => 'right' as const)],
  });
  for (const point of sweep.points) {
    table.push([
      ...point.at.map((j, d) => terminalText(sweep.vary[d]?.labels[j] ?? '')),
      ...sweep.metrics.map((metric) => cell(point, metric)),
    ]);
  }
  const seed = terminalText(String(sweep.points[0]?.scenario.seed ?? ''));
  return `${terminalText(sweep.name)}: ${sweep.points.length} points, seed ${seed}\n${table.toString()}\n[low, high]: 95% confidence interval\n`;
}

function cell(point: SweepRun, metric: string): string {
  const unit = metricUnit(metric);
  const value = metricValue(point.result.metrics, metric);
  const interval = point.result.intervals[metric];
  const shown = metricText(metric, value, unit);
  return interval === undefined ? shown : `${shown} ${formatInterval(interval, unit, value)}`;
}

export function renderSweepCsv(sweep: Sweep): string {
  const header = [...sweep.vary.map((v) => v.path), 'metric', 'value', 'ci_low', 'ci_high'];
  const lines = [header.map(csvField).join(',')];
  for (const point of sweep.points) {
    const coords = point.at.map((j, d) => String(sweep.vary[d]?.values[j] ?? ''));
    for (const metric of sweep.metrics) {
      const interval = point.result.intervals[metric];
      const value = metricValue(point.result.metrics, metric);
      lines.push(
        [...coords, metric, csvNumber(value), csvNumber(interval?.low), csvNumber(interval?.high)]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The sweep for machines: dimensions, then per point its coordinates, metrics and intervals. */
export function sweepDocument(sweep: Sweep, version: string): unknown {
  return {
    idemsim: version,
    sweep: {
      name: sweep.name,
      vary: sweep.vary.map((v) => ({
        path: v.path,
        values: v.values,
        labels: v.labels,
      })),
      metrics: sweep.metrics,
      points: sweep.points.map((point) => ({
        at: Object.fromEntries(point.at.map((j, d) => [sweep.vary[d]?.path, sweep.vary[d]?.values[j]])),
        // Each point's own count: runs sized by --precision reach different ones.
        actions: point.result.metrics.actions,
        metrics: Object.fromEntries(sweep.metrics.map((m) => [m, finite(metricValue(point.result.metrics, m))])),
        intervals: Object.fromEntries(
          sweep.metrics
            .filter((m) => point.result.intervals[m] !== undefined)
            .map((m) => {
              const i = point.result.intervals[m] as {
                low: number;
                high: number;
              };
              return [m, { low: finite(i.low), high: finite(i.high) }];
            }),
        ),
      })),
      // The first point; the others differ from it only at the varied paths.
      scenario: canonicalScenario(sweep.points[0]?.scenario ?? (undefined as never)),
    },
  };
}

export function renderSweepJson(sweep: Sweep, version: string): string {
  return `${JSON.stringify(sweepDocument(sweep, version), null, 2)}\n`;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? (Object.is(x, -0) ? 0 : x) : null);
