// Counter-based uniforms for the crash, read and hedge draws (their streams: draws.ts): the
// n-th draw of a named stream of action i is a hash of (seed, stream, i, n), so no generator
// has to be seeded per action (seeding an alea stream costs more than the action's whole
// simulation). Each draw has 32 bits, like alea's; the mixer is the "lowbias32" integer hash
// (Wellons' hash prospector), applied once per input word.
import type { Keyed } from './draws.js';

function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x;
}

/** A 32-bit key for a scenario seed, from its text (so `1` and `"1"` agree, as with alea). */
export function seedKey(seed: number | string): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix(h);
}

/** The n-th uniform in [0, 1) of stream `name` of action `action`. */
export function keyedUniform(seed: number, name: Keyed, action: number, n: number): number {
  const high = Math.floor(action / 4294967296);
  let h = mix(seed ^ name);
  h = mix(h ^ (action >>> 0));
  h = mix(h ^ high);
  h = mix(h ^ n);
  return (h >>> 0) / 4294967296;
}
