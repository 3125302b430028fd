// Conditions that change over time (MODEL.md B): the arrival profile drawn by a
// time change of the Poisson process, and incident windows that replace the service's
// latency factor, error rate and the network's losses. Without a profile or incidents the
// core never calls these, so such scenarios draw and run exactly as if these did not exist.
import type { Incident, ProfileStep } from '../model/scenario.js';
import { log } from '../stats/libm.js';

/** A piecewise-constant arrival rate: segment i holds `perMs[i]` until `until[i]`; then `last`. */
export interface Profile {
  until: number[];
  perMs: number[];
  last: number;
  /** The segment the previous arrival fell in (arrivals only move forward). */
  at: number;
}

/**
 * The profile with neighbouring equal rates merged (the base rate after the last `until`
 * included), or null when one rate holds throughout: then arrivals are drawn exactly as a
 * constant rate draws them.
 */
export function profileOf(steps: readonly ProfileStep[], baseRate: number): Profile | null {
  const until: number[] = [];
  const perMs: number[] = [];
  for (const step of steps) {
    const rate = step.rate / 1000;
    if (perMs.length > 0 && perMs[perMs.length - 1] === rate) until[until.length - 1] = step.until;
    else {
      until.push(step.until);
      perMs.push(rate);
    }
  }
  const last = baseRate / 1000;
  while (perMs.length > 0 && perMs[perMs.length - 1] === last) {
    perMs.pop();
    until.pop();
  }
  return perMs.length === 0 ? null : { until, perMs, last, at: 0 };
}

/**
 * The next arrival after `from`: Lambda^-1(Lambda(from) + E), E = -ln(1 - u) expected
 * arrivals, walking the segments forward (a rate of 0 adds no expected arrivals).
 */
export function nextArrival(profile: Profile, from: number, u: number): number {
  return after(profile, from, -log(1 - u));
}

/** When `arrivals` arrivals are expected by: Lambda^-1(arrivals), for sizing a picture's time axis. */
export function expectedSpan(profile: Profile, arrivals: number): number {
  return after({ ...profile, at: 0 }, 0, arrivals);
}

/** Lambda^-1(Lambda(from) + expected), remembering the segment reached in `profile.at`. */
function after(profile: Profile, from: number, expected: number): number {
  let left = expected;
  let t = from;
  const { until, perMs } = profile;
  let i = profile.at;
  while (i < until.length && (until[i] as number) <= t) i++;
  for (; i < until.length; i++) {
    const rate = perMs[i] as number;
    const end = until[i] as number;
    if (rate > 0 && t + left / rate <= end) {
      profile.at = i;
      return t + left / rate;
    }
    left -= rate * (end - t);
    t = end;
  }
  profile.at = i;
  return t + left / profile.last;
}

export const Effect = { latencyFactor: 0, errorRate: 1, requestLoss: 2, replyLoss: 3 } as const;
export type Effect = (typeof Effect)[keyof typeof Effect];

/** One incident as the core reads it: its window and, by Effect, what it names (NaN: not named). */
interface Window {
  at: number;
  end: number;
  effects: readonly number[];
}

/** The incident windows, in file order; each effect comes from the last listed one that names it. */
export class Incidents {
  private readonly windows: Window[];

  constructor(incidents: readonly Incident[]) {
    this.windows = incidents.map((i) => ({
      at: i.at,
      end: i.at + i.for,
      effects: [i.latencyFactor ?? NaN, i.errorRate ?? NaN, i.requestLoss ?? NaN, i.replyLoss ?? NaN],
    }));
  }

  /** The value of `effect` at t: the last listed incident naming it whose window holds t, else `base`. */
  at(t: number, effect: Effect, base: number): number {
    const windows = this.windows;
    for (let i = windows.length - 1; i >= 0; i--) {
      const w = windows[i] as Window;
      if (t < w.at || t >= w.end) continue;
      const value = w.effects[effect] as number;
      if (!Number.isNaN(value)) return value;
    }
    return base;
  }
}
