// A bound's verdict in words: the line `check` prints for JUnit and the lab page shows
// under a mission. Apart from text.ts's table, so a browser bundle takes it without cli-table3.
import type { CheckRow } from '../../model/bounds.js';
import { NOT_AVAILABLE, formatCount, formatInterval, formatMetric } from '../../format/format.js';
import { metricText } from '../open-ended.js';

/** "undecided at 100 actions: needs about 37,000" */
export function undecidedReason(row: CheckRow): string {
  const needed = row.needed;
  const more =
    needed === undefined || needed === Infinity
      ? 'the value sits on the limit, so no number of actions decides it'
      : Number.isNaN(needed)
        ? 'more actions would decide it; how many cannot be estimated yet'
        : `needs about ${formatCount(needed)}`;
  return `undecided at ${row.actions === 1 ? '1 action' : `${formatCount(row.actions)} actions`}: ${more}`;
}

/** A row's value as a table shows it: a quantile past the histogram's top as at least its top. */
export function valueText(row: CheckRow): string {
  return metricText(row.metric, row.value, row.unit);
}

/** One line on a bound: what was measured and which side of the limit it fell. */
export function describeRow(row: CheckRow): string {
  const ci = row.interval === null ? '' : ` ${formatInterval(row.interval, row.unit, row.value)}`;
  const side = row.bound === 'min' ? 'at least' : 'at most';
  const bound = `the bound (${side} ${formatMetric(row.limit, row.unit)})`;
  if (row.unmeasured !== undefined) return `${row.metric} = ${NOT_AVAILABLE} (${row.unmeasured}), so it fails ${bound}`;
  const head = `${row.metric} = ${valueText(row)}${ci}`;
  if (row.verdict === 'undecided') return `${head} straddles ${bound}: ${undecidedReason(row)}`;
  return `${head}, ${row.verdict === 'pass' ? 'within' : 'outside'} ${bound}`;
}
