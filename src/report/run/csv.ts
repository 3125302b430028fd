// The tidy report for spreadsheets and data frames: one row per scenario and metric of
// the catalogue, `scenario,metric,value,ci_low,ci_high`. Numbers at full precision
// (JavaScript's shortest round-trip form, which may use an exponent such as 1e-7);
// empty cells where there is no interval or the value is not finite. Fields are quoted
// as RFC 4180 says (a field holding a comma, quote or line break is wrapped in quotes,
// quotes doubled); lines end with LF, as Unix tools expect. The extended metrics have rows
// only when some scenario uses an extended feature; a scenario that uses none leaves their
// values empty there, as its JSON leaves them out.
import { isCarried, metricValue, shownMetrics } from '../../model/metrics.js';
import { carriedBy } from '../../model/features.js';
import type { ScenarioRun } from '../../model/result.js';
import { csvField, csvNumber } from '../text.js';
import { carriedByAny } from './carried.js';

export const CSV_HEADER = ['scenario', 'metric', 'value', 'ci_low', 'ci_high'] as const;

export function renderCsv(runs: readonly ScenarioRun[]): string {
  const lines = [CSV_HEADER.join(',')];
  const metrics = shownMetrics(carriedByAny(runs));
  for (const run of runs) {
    const { scenario, result } = run;
    const carried = carriedBy(scenario);
    for (const info of metrics) {
      const { name } = info;
      const interval = result.intervals[name];
      const reported = isCarried(info, carried);
      const cells = [
        csvField(scenario.name),
        csvField(name),
        reported ? csvNumber(metricValue(result.metrics, name)) : '',
        interval === undefined || !reported ? '' : csvNumber(interval.low),
        interval === undefined || !reported ? '' : csvNumber(interval.high),
      ];
      lines.push(cells.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
