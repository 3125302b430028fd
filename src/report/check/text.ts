// The rows of `idemsim check` for a person (a table) and for machines (JSON).
import Table from 'cli-table3';
import type { CheckRow } from '../../model/bounds.js';
import { formatInterval, formatMetric } from '../../model/format.js';

/** One line on a bound: what was measured and which side of the limit it fell. */
export function describeRow(row: CheckRow): string {
  const ci = row.interval === null ? '' : ` ${formatInterval(row.interval, row.unit, row.value)}`;
  const side = row.bound === 'min' ? 'at least' : 'at most';
  const verdict = row.pass ? 'within' : 'outside';
  return `${row.metric} = ${formatMetric(row.value, row.unit)}${ci}, ${verdict} the bound (${side} ${formatMetric(row.limit, row.unit)})`;
}

export function renderCheckTable(rows: readonly CheckRow[], strict: boolean): string {
  const table = new Table({
    head: ['scenario', 'metric', 'bound', 'value', '95% CI', 'result'],
    style: { head: [], border: [], compact: true },
  });
  for (const row of rows) {
    table.push([
      row.scenario,
      row.metric,
      `${row.bound === 'min' ? '>=' : '<='} ${formatMetric(row.limit, row.unit)}`,
      formatMetric(row.value, row.unit),
      row.interval === null ? '' : formatInterval(row.interval, row.unit, row.value),
      row.pass ? 'pass' : 'FAIL',
    ]);
  }
  const failed = rows.filter((r) => !r.pass).length;
  const basis = strict ? 'whole 95% interval (--strict)' : 'point estimate';
  return `${table.toString()}\n${rows.length} bounds checked on the ${basis}: ${rows.length - failed} passed, ${failed} failed\n`;
}

export function renderCheckJson(rows: readonly CheckRow[], strict: boolean, version: string): string {
  const checks = rows.map((r) => ({
    scenario: r.scenario,
    metric: r.metric,
    bound: r.bound,
    limit: r.limit,
    value: r.value,
    interval: r.interval === null ? null : { low: r.interval.low, high: r.interval.high },
    compared: r.compared,
    pass: r.pass,
  }));
  const failed = rows.filter((r) => !r.pass).length;
  return `${JSON.stringify({ idemsim: version, strict, passed: failed === 0, failed, checks }, null, 2)}\n`;
}
