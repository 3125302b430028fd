// A time axis in seconds that stays readable from a 1 s retry to a 20 minute replay:
// linear while everything fits in SYMLOG_ABOVE seconds, symmetric-log beyond (linear
// below 1 s, logarithmic above), with ticks at round durations. Every tick is written in
// the one unit the title names, and ticks whose labels would collide are left out.
import { PROSE, durationUnit, numberIn } from '../../../format/format.js';
import { spacedTicks, tickLabels } from '../../chart.js';

/** Longest span (s) drawn on a linear axis. */
export const SYMLOG_ABOVE = 10;

// Round durations in seconds; 0.5 s is left out because on the symlog scale it would
// always crowd the 0 and 1 s labels.
export const TICKS = [0, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14_400, 28_800, 86_400];

/** Where an axis over [0, maxSeconds] ends: the next half second while linear, else the next round duration. */
export function axisEnd(maxSeconds: number): number {
  if (maxSeconds <= SYMLOG_ABOVE) return Math.max(0.5, Math.ceil(maxSeconds * 2) / 2);
  return TICKS.find((t) => t >= maxSeconds) ?? Math.ceil(maxSeconds);
}

export interface TimeAxis {
  title: string;
  scale: { type: 'linear' | 'symlog'; domain: [number, number]; constant?: number; nice?: boolean };
  axis: { values?: number[]; labelExpr?: string; labelOverlap?: boolean; grid: boolean };
}

/** An axis over [0, maxSeconds] for data in seconds, `width` pixels long. */
export function timeAxis(maxSeconds: number, title: string, width: number): TimeAxis {
  const top = axisEnd(maxSeconds);
  if (maxSeconds <= SYMLOG_ABOVE) {
    return { title: `${title} (s)`, scale: { type: 'linear', domain: [0, top], nice: false }, axis: { grid: true } };
  }
  const round = TICKS.filter((t) => t <= top);
  const candidates = round.includes(top) ? round : [...round, top];
  const unit = durationUnit(candidates.map((t) => 1000 * t));
  const label = (s: number): string => numberIn(1000 * s, unit, PROSE);
  // vega's symlog with constant 1: position proportional to log(1 + t).
  const at = (s: number): number => (width * Math.log1p(s)) / Math.log1p(top);
  const ticks = spacedTicks(candidates, at, label, width);
  return {
    title: `${title} (${unit.suffix}; log scale past 1 s)`,
    scale: { type: 'symlog', constant: 1, domain: [0, top], nice: false },
    // The ticks are spaced here; vega's width estimate (0.8 em a character) would hide some.
    axis: { values: ticks, labelExpr: tickLabels(ticks, label), labelOverlap: false, grid: true },
  };
}
