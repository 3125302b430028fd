// A quantile the latency histogram can only bound from below, its rank at or past 2^44 ms
// (stats/histogram.ts's overflow bucket), is held as Infinity: a table says what is known
// of it, never "n/a" nor a finite number. JSON and CSV write it as any non-finite number
// (null, an empty cell), its interval's low end saying from where.
import { formatMetric } from '../format/format.js';
import type { Unit } from '../model/metric-types.js';
import { HISTOGRAM_LIMIT_MS, isOpenEnded } from '../stats/histogram.js';

/** How a table shows an open-ended quantile. */
export const OPEN_ENDED = `≥ 2^${Math.log2(HISTOGRAM_LIMIT_MS)} ms`;

/** Metric `name`'s value as a table shows it: formatted in its unit, or open-ended. */
export function metricText(name: string, value: number, unit: Unit): string {
  return isOpenEnded(name, value) ? OPEN_ENDED : formatMetric(value, unit);
}
