// A saved run's batches read back (src/report/run/batches.ts writes them): the seed and the
// actions the run drew with, and each per-action count summed by batch, one whole number per
// batch. A count left out was zero in every batch; a count this idemsim does not know (from
// a later one) is ignored, as a metric is.
import { BATCHED_COUNTS, batchCount, type Batches } from '../model/batches.js';
import { ShapeError, count, describe, list, object, text } from './shape.js';

/** The longest seed a scenario may have. */
const MAX_SEED_LENGTH = 200;

export function readBatches(value: unknown, path: string): Batches {
  const source = object(value, path);
  const seed = source['seed'];
  // A scenario's seed: an integer, or a string of at most 200 characters.
  const integer = typeof seed === 'number' && Number.isSafeInteger(seed);
  // Counted in characters (code points), as the scenario loader counts them.
  const short = typeof seed === 'string' && [...seed].length <= MAX_SEED_LENGTH;
  if (!integer && !short) {
    throw new ShapeError(
      `${path}.seed`,
      `expected an integer or a string of at most ${MAX_SEED_LENGTH} characters (the run's seed); found ${describe(seed)}`,
    );
  }
  if (typeof seed === 'string') text(seed, `${path}.seed`);
  const actions = count(source['actions'], `${path}.actions`);
  if (actions === 0) throw new ShapeError(`${path}.actions`, 'expected at least one action; found 0');
  const batches = batchCount(actions);
  const sums = object(source['sums'], `${path}.sums`);
  const read = Object.fromEntries(
    BATCHED_COUNTS.map((name) => {
      const where = `${path}.sums.${name}`;
      if (sums[name] === undefined) return [name, new Array<number>(batches).fill(0)];
      const values = list(count, batches)(sums[name], where);
      if (values.length !== batches) {
        throw new ShapeError(
          where,
          `expected ${batches} whole numbers (one per batch of a run of ${actions} actions); found ${values.length}`,
        );
      }
      return [name, values];
    }),
  ) as Batches['sums'];
  return { seed, actions, sums: read };
}
