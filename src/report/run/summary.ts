// summary.json written: the JSON of `run --format json` plus `summaryVersion` and, per run,
// `defaults` and `detail`, in canonical order (src/saved/summary.ts reads it back).
import { canonicalIntervals } from '../../model/canonical.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import { readDetail } from '../../saved/detail.js';
import { SUMMARY_VERSION, readDefaults, type Summary } from '../../saved/summary.js';
import { reportedMetrics } from './carried.js';
import { canonicalTimeSeries } from './time-series.js';
import { canonicalBatches, inlineSums } from './batches.js';

export function renderSummary(summary: Summary): string {
  const document = {
    idemsim: summary.idemsim,
    summaryVersion: SUMMARY_VERSION,
    runs: summary.runs.map(({ scenario, result, defaults }) => ({
      scenario: canonicalScenario(scenario),
      ...(defaults === undefined ? {} : { defaults: readDefaults(defaults, 'defaults', scenario) }),
      metrics: reportedMetrics(scenario, result.metrics),
      intervals: canonicalIntervals(result.intervals),
      ...(result.timeSeries === undefined ? {} : { timeSeries: canonicalTimeSeries(result.timeSeries) }),
      ...(result.batches === undefined ? {} : { batches: canonicalBatches(result.batches) }),
      // Reading the detail copies it in canonical order, and a non-finite time is a bug.
      detail: readDetail(result.detail, 'detail'),
    })),
  };
  return `${inlineSums(JSON.stringify(document, null, 2))}\n`;
}
