// The tidy report for spreadsheets and data frames: one row per scenario and metric of
// the catalogue, `scenario,metric,value,ci_low,ci_high`. Numbers at full precision
// (JavaScript's shortest round-trip form, which may use an exponent such as 1e-7);
// empty cells where there is no interval or the value is not finite. Fields are quoted
// as RFC 4180 says (a field holding a comma, quote or line break is wrapped in quotes,
// quotes doubled); lines end with LF, as Unix tools expect.
import { METRICS, metricValue } from '../../model/metrics.js';
import type { ScenarioRun } from '../../model/result.js';
import { csvField, csvNumber } from '../text.js';

export const CSV_HEADER = ['scenario', 'metric', 'value', 'ci_low', 'ci_high'] as const;

export function renderCsv(runs: readonly ScenarioRun[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const { scenario, result } of runs) {
    for (const { name } of METRICS) {
      const interval = result.intervals[name];
      const cells = [
        csvField(scenario.name),
        csvField(name),
        csvNumber(metricValue(result.metrics, name)),
        interval === undefined ? '' : csvNumber(interval.low),
        interval === undefined ? '' : csvNumber(interval.high),
      ];
      lines.push(cells.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
