// Seeded random streams and samplers. Arrival gaps come from one stream; every other
// draw of action i comes from streams that depend only on (seed, i), at fixed
// positions, so changing one parameter leaves every other draw in place (common
// random numbers, MODEL.md "Event semantics").
import seedrandom from 'seedrandom';

/** A uniform draw in [0, 1). */
export type Uniform = () => number;

/** An alea stream named by the scenario seed and a path of parts. */
export function stream(seed: number | string, ...parts: readonly (number | string)[]): Uniform {
  return seedrandom.alea(`${String(seed)}/${parts.join('/')}`);
}

/**
 * The stream of one tool call: action i, segment s, call j within the segment. The name
 * is kept short because alea's seeding hashes it character by character, and a stream is
 * created for every call that needs more than the action's block.
 */
export function callStream(seed: number | string, action: number, segment: number, call: number): Uniform {
  return seedrandom.alea(`${String(seed)}/${action}/${segment}/${call}`);
}

/** Exponential with the given mean; 1 - u keeps the logarithm away from zero. */
export function exponential(u: number, mean: number): number {
  return -Math.log(1 - u) * mean;
}

/**
 * Lognormal median * exp(sigma * Z) with Z from the Box-Muller transform of two
 * uniforms: exact, and always two draws, so positions in the stream stay fixed.
 */
export function lognormal(median: number, sigma: number, u1: number, u2: number): number {
  const z = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  return median * Math.exp(sigma * z);
}

/** Uniform between min and max. */
export function between(u: number, min: number, max: number): number {
  return min + u * (max - min);
}
