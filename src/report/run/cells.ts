// One table cell of one run: a metric of the catalogue in the form its row asks for. A
// value the run does not hold (a metric added after its summary was saved) reads "n/a".
import { NOT_AVAILABLE, formatBytes, formatCount, formatInterval, formatPercent } from '../../format/format.js';
import { metricInfo, metricValue } from '../../model/metrics.js';
import { type CellForm } from '../../model/metric-types.js';
import type { RunResult } from '../../model/result.js';
import { clockTime } from '../text.js';
import { metricText } from '../open-ended.js';

export interface Cell {
  value: string;
  /** The 95% interval around the value, when the run reports one. */
  interval?: string;
}

const MISSING: Cell = { value: NOT_AVAILABLE };

/** A metric of the catalogue, formatted by its unit, with its interval if there is one. */
export function metricCell(result: RunResult, name: string): Cell {
  const info = metricInfo(name);
  if (info === undefined) throw new Error(`table: unknown metric ${name}`);
  const value = metricValue(result.metrics, name);
  const interval = result.intervals[name];
  const cell: Cell = { value: metricText(name, value, info.unit) };
  // A zero-width interval at the value ("0 [0, 0]") says nothing the value does not.
  const informative = interval !== undefined && !(interval.low === value && interval.high === value);
  if (informative) cell.interval = formatInterval(interval, info.unit, value);
  return cell;
}

/** A response count with its share of all attempts: "3,912 (97.80%)". */
function shareCell(result: RunResult, name: string): Cell {
  const count = metricValue(result.metrics, name);
  if (!Number.isFinite(count)) return MISSING;
  const attempts = result.metrics.attempts;
  const percent = attempts > 0 ? formatPercent(count / attempts) : formatPercent(0);
  return { value: `${formatCount(count)} (${percent})` };
}

/** When the key store first held its peak, as a clock reads it: "12 min 3 s". */
function peakTimeCell(result: RunResult, name: string): Cell {
  const { peakKeys } = result.metrics.keyStore;
  return { value: peakKeys > 0 ? clockTime(metricValue(result.metrics, name)) : NOT_AVAILABLE };
}

/** A key count beside its size, the metric of the same name in bytes: "120 keys, 24.0 KB". */
function keysAndBytesCell(result: RunResult, name: string): Cell {
  const keys = metricValue(result.metrics, name);
  const bytes = metricValue(result.metrics, name.replace(/Keys$/, 'Bytes'));
  if (!Number.isFinite(keys) || !Number.isFinite(bytes)) return MISSING;
  return { value: `${formatCount(keys)} keys, ${formatBytes(bytes)}` };
}

export const CELLS: Readonly<Record<CellForm, (result: RunResult, name: string) => Cell>> = {
  value: metricCell,
  share: shareCell,
  peakTime: peakTimeCell,
  keysAndBytes: keysAndBytesCell,
};
