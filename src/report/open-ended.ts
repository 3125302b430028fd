// A quantile the latency histogram can only bound from below, its rank at or past 2^44 ms
// (stats/histogram.ts's overflow bucket), is held as Infinity: a table says what is known
// of it, never "n/a" nor a finite number. JSON and CSV write it as any non-finite number
// (null, an empty cell), its interval's low end saying from where.
import { HISTOGRAM_LIMIT_MS } from '../stats/histogram.js';

export { isOpenEnded } from '../stats/histogram.js';

/** How a table shows an open-ended quantile. */
export const OPEN_ENDED = `≥ 2^${Math.log2(HISTOGRAM_LIMIT_MS)} ms`;
