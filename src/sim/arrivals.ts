// When the next action arrives (MODEL.md step 1, and B's profile): exponential gaps from the
// arrival stream, or the same uniform through the profile's time change.
import { exponential } from './rng.js';
import { nextArrival } from './conditions.js';
import { EventKind, Lane } from './events.js';
import type { Sim } from './state.js';

/** The first action arrives one gap after time 0. */
export function scheduleFirstArrival(sim: Sim): void {
  scheduleArrival(sim, 0);
}

/** Schedules the arrival after the one at t (the last action schedules none). */
export function scheduleNextArrival(sim: Sim, t: number): void {
  if (sim.nextAction >= sim.p.actions) return;
  scheduleArrival(sim, t);
}

function scheduleArrival(sim: Sim, t: number): void {
  const p = sim.p;
  const gap = sim.gaps.next();
  const next = p.profile === null ? t + exponential(gap, p.meanGap) : nextArrival(p.profile, t, gap);
  sim.queue.scheduleInOrder(Lane.arrivals, EventKind.arrival, next, null, null, 0);
}
