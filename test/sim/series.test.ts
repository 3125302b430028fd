// The time series keeps at most MAX_INTERVALS intervals: a run that would pass them doubles
// its interval, merging neighbours. Whatever the times and however often it doubles, each
// interval of the result counts exactly the events whose time falls in it at the final
// interval, as if that interval had been chosen from the start.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INTERVALS, Series, Signal } from '../../src/sim/series.js';
import type { TimeSeriesPoint } from '../../src/model/result.js';

/** The counters of a point, in the series' own order (src/sim/series.ts). */
const SIGNAL_KEYS = Object.keys(Signal) as (keyof typeof Signal & keyof TimeSeriesPoint)[];

interface Event {
  t: number;
  signal: Signal;
}

/** The intervals `events` fall in at `interval`, counted directly: index -> counts by signal. */
function direct(events: readonly Event[], interval: number): Map<number, number[]> {
  const counts = new Map<number, number[]>();
  for (const e of events) {
    const j = Math.floor(e.t / interval);
    const row = counts.get(j) ?? SIGNAL_KEYS.map(() => 0);
    row[e.signal] = (row[e.signal] as number) + 1;
    counts.set(j, row);
  }
  return counts;
}

describe('the time series', () => {
  it('counts each event in the interval its time falls in at the final interval, however often it doubled', () => {
    const events = fc
      .array(
        fc.record({
          // Times spread over many orders of magnitude of the first interval.
          t: fc.double({ min: 0, max: 1e9, noNaN: true }),
          signal: fc.integer({ min: 0, max: SIGNAL_KEYS.length - 1 }) as fc.Arbitrary<Signal>,
        }),
        { minLength: 1, maxLength: 300 },
      )
      .map((list) => [...list].sort((a, b) => a.t - b.t));
    fc.assert(
      fc.property(events, fc.constantFrom(1e-6, 0.37, 1, 1000), (list, first) => {
        const series = new Series(first);
        for (const e of list) {
          series.catchUp(e.t, null);
          series.count(e.signal, e.t);
        }
        const end = (list[list.length - 1] as Event).t;
        const { interval, points } = series.result(end, null);
        // The interval doubled as often as needed, and no more.
        const doublings = Math.log2(interval / first);
        expect(Number.isInteger(doublings)).toBe(true);
        expect(Math.floor(end / interval)).toBeLessThan(MAX_INTERVALS);
        if (doublings > 0) expect(Math.floor(end / (interval / 2))).toBeGreaterThanOrEqual(MAX_INTERVALS);
        expect(points).toHaveLength(Math.floor(end / interval) + 1);
        const counted = new Map<number, number[]>();
        points.forEach((p, j) => {
          const row = SIGNAL_KEYS.map((key) => p[key]);
          if (row.some((n) => n !== 0)) counted.set(j, row);
        });
        expect(counted).toEqual(direct(list, interval));
      }),
      { seed: 20_261_203, numRuns: 40 },
    );
  });

  it('keeps its counts when it doubles with its last interval at the end of its storage', () => {
    // 64 intervals are stored at first: an event in interval 63 fills the storage exactly.
    const series = new Series(1);
    series.count(0 as Signal, 63.5);
    series.count(0 as Signal, 2 * MAX_INTERVALS);
    const { interval, points } = series.result(2 * MAX_INTERVALS, null);
    expect(interval).toBe(4);
    expect(points[15]?.arrivals).toBe(1);
    expect(points[MAX_INTERVALS / 2]?.arrivals).toBe(1);
    expect(points.reduce((sum, p) => sum + p.arrivals, 0)).toBe(2);
  });
});
