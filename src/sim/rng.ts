// Seeded random streams and samplers. Arrival gaps come from one stream; every other
// draw of action i comes from streams that depend only on (seed, i), at fixed
// positions, so changing one parameter leaves every other draw in place (common
// random numbers, MODEL.md "Event semantics").
import alea from 'seedrandom/lib/alea.js';
import { cos, exp, log } from '../stats/libm.js';

/**
 * A seedrandom alea stream: seeded by seedrandom itself, then stepped here with alea's own
 * arithmetic, so every draw is the one seedrandom would give. Draws can be taken one at a
 * time or several at once into a typed array: a draw then never leaves the loop as a
 * boxed number, which is most of what a draw used to cost.
 */
export class Alea {
  // Initialised as numbers (not left undefined until the constructor) so that V8 keeps
  // them as unboxed double fields: a draw then allocates nothing.
  private s0 = 0.5;
  private s1 = 0.5;
  private s2 = 0.5;
  private c = 0;

  constructor(name: string) {
    const state = alea(name, { state: true }).state();
    this.s0 = state.s0;
    this.s1 = state.s1;
    this.s2 = state.s2;
    this.c = state.c;
  }

  /** The next uniform in [0, 1). */
  next(): number {
    const a = 2091639 * this.s0;
    const t = a + this.c * 2.3283064365386963e-10; // 2^-32
    const c = carry(a, t);
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.c = c;
    return (this.s2 = t - c);
  }

  /** The next `n` uniforms into out[0 .. n - 1]. */
  fill(out: Float64Array, n: number): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let c = this.c;
    for (let i = 0; i < n; i++) {
      const a = 2091639 * s0;
      const t = a + c * 2.3283064365386963e-10;
      c = carry(a, t);
      s0 = s1;
      s1 = s2;
      s2 = t - c;
      out[i] = s2;
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.c = c;
  }

  /** Move past `n` draws. */
  skip(n: number): void {
    for (let i = 0; i < n; i++) this.next();
  }
}

/**
 * alea's next carry floor(t) (seedrandom writes `t | 0`, the same for 0 <= t < 2^31), where
 * t = a + c * 2^-32, a = 2091639 * s0 and the carry c is at most 2091639. Since a is a double
 * and c * 2^-32 lies in [0, 0.0005), a <= t < floor(a) + 2: floor(t) is floor(a), or
 * floor(a) + 1 exactly when t >= floor(a) + 1. Computed this way, the next draw need not
 * wait for the carry: floor(a) does not depend on the previous one, and the comparison is
 * almost always false, so the processor runs ahead with floor(a) while t is being added.
 * With `t | 0` each draw waited for the last (a block of 18 draws took 3.4 times as long).
 * test/sim/rng.test.ts compares the draws with seedrandom's own.
 */
export function carry(a: number, t: number): number {
  const low = Math.floor(a);
  return t >= low + 1 ? low + 1 : low;
}

/** An alea stream named by the scenario seed and a path of parts. */
export function stream(seed: number | string, ...parts: readonly (number | string)[]): Alea {
  return new Alea(`${String(seed)}/${parts.join('/')}`);
}

/** Exponential with the given mean; 1 - u keeps the logarithm away from zero. */
export function exponential(u: number, mean: number): number {
  return -log(1 - u) * mean;
}

/**
 * Lognormal median * exp(sigma * Z) with Z from the Box-Muller transform of two
 * uniforms: exact, and always two draws, so positions in the stream stay fixed.
 */
export function lognormal(median: number, sigma: number, u1: number, u2: number): number {
  const z = Math.sqrt(-2 * log(1 - u1)) * cos(2 * Math.PI * u2);
  return median * exp(sigma * z);
}

/** Uniform between min and max. */
export function between(u: number, min: number, max: number): number {
  return min + u * (max - min);
}
