// A histogram that has recorded `values`, in order: the start of most histogram tests.
import { Histogram } from '../../src/stats/histogram.js';

export function histogramOf(values: readonly number[]): Histogram {
  const h = new Histogram();
  for (const v of values) h.record(v);
  return h;
}
