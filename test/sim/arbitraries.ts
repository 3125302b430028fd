// fast-check building blocks shared by the simulator's property tests.
import fc from 'fast-check';
import type { Range } from '../../src/model/scenario.js';

/** A finite double in [min, max]. */
export const num = (min: number, max: number): fc.Arbitrary<number> =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** A double spread evenly over the decades between min and max (both > 0). */
export const logUniform = (min: number, max: number): fc.Arbitrary<number> =>
  num(Math.log10(min), Math.log10(max)).map((e) => 10 ** e);

/** A { min, max } range with both ends in [min, max]. */
export const range = (min: number, max: number): fc.Arbitrary<Range> =>
  fc.tuple(num(min, max), num(min, max)).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));

/** The keys of a const object, typed as its key union. */
export const keysOf = <T extends string>(o: Record<T, unknown>): T[] => Object.keys(o) as T[];
