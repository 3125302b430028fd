// A run's batches as saved JSON writes them (model/batches.ts): the seed and actions it drew
// with and, per count that is not zero everywhere, its sum over each batch. Each list is
// written on one line, so fifty batches read as one row of numbers, not fifty lines.
import { BATCHED_COUNTS, type Batches } from '../../model/batches.js';

/** The batches in canonical order, counts that are zero in every batch left out. */
export function canonicalBatches(batches: Batches): Record<string, unknown> {
  const sums = Object.fromEntries(
    BATCHED_COUNTS.filter((name) => batches.sums[name].some((value) => value !== 0)).map((name) => [
      name,
      [...batches.sums[name]],
    ]),
  );
  return { seed: batches.seed, actions: batches.actions, sums };
}

/**
 * `json` (two-space JSON.stringify output) with every list inside a `"sums"` object on one
 * line. Such an object holds only lists of numbers, so no brace can end it early.
 */
export function inlineSums(json: string): string {
  return json.replace(/("sums": \{)([^}]*)\}/g, (_, open: string, body: string) => {
    const inlined = body.replace(
      /\[([^\]]*)\]/g,
      (_list, items: string) => `[${items.trim().split(/,\s*/).join(', ')}]`,
    );
    return `${open}${inlined}}`;
  });
}
