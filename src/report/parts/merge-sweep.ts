// A sweep put back together from its shards' parts: every shard once, all from the same
// sweep and the same idemsim, every point once, in the sweep's order. The result is the
// Sweep the one-process `idemsim sweep` would have built, so the same renderers print it.
import type { Scenario } from '../../model/scenario.js';
import type { Sweep } from '../../model/sweep.js';
import { inShard, type Dimension, type SweepPart } from '../../saved/sweep-part.js';

export interface MergedSweep {
  idemsim: string;
  sweep: Sweep;
  dims: Dimension[];
  base: Scenario;
}

/** A reason the parts do not make one sweep: one line, naming the file. */
export class MergeError extends Error {}

export function mergeSweepParts(parts: readonly { file: string; part: SweepPart }[]): MergedSweep {
  const first = parts[0];
  if (first === undefined) throw new MergeError('merge: name the parts to merge');
  const { of, points, idemsim } = first.part;
  const block = JSON.stringify(first.part.sweep);
  const byShard = new Map<number, string>();
  for (const { file, part } of parts) {
    if (part.idemsim !== idemsim) {
      throw new MergeError(
        `${file}: made by idemsim ${part.idemsim}, ${first.file} by ${idemsim}; merge parts of one version`,
      );
    }
    if (part.of !== of || part.points !== points || JSON.stringify(part.sweep) !== block) {
      throw new MergeError(
        `${file}: a shard of another sweep than ${first.file}'s (its dimensions, metrics, scenario or shard count differ); merge the parts of one sweep`,
      );
    }
    const again = byShard.get(part.shard);
    if (again !== undefined)
      throw new MergeError(`${file}: shard ${part.shard}/${of} again (also ${again}); name each part once`);
    byShard.set(part.shard, file);
    const expected = sharePoints(part.shard, of, points);
    if (part.runs.length !== expected) {
      throw new MergeError(`${file}: shard ${part.shard}/${of} holds ${part.runs.length} of its ${expected} points`);
    }
  }
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((shard) => !byShard.has(shard));
  if (missing.length > 0) {
    throw new MergeError(
      `merge: ${listed(missing.map((s) => `shard ${s}/${of}`))} missing; a sweep merges from all ${of} shards' parts`,
    );
  }
  const runs = new Array<Sweep['points'][number] | undefined>(points);
  for (const { file, part } of parts) {
    for (const { index, run } of part.runs) {
      if (runs[index] !== undefined) throw new MergeError(`${file}: point ${index} appears twice`);
      runs[index] = run;
    }
  }
  const { dims, base, ...rest } = first.part.sweep;
  return { idemsim, sweep: { ...rest, points: runs as Sweep['points'] }, dims, base };
}

/** How many of `points` shard `shard` of `of` simulates. */
export function sharePoints(shard: number, of: number, points: number): number {
  let n = 0;
  for (let i = shard - 1; i < points; i += of) if (inShard(i, shard, of)) n++;
  return n;
}

/** Items for a one-line message: the first ten and how many more, so 9,999 missing parts stay one short line. */
export function listed(items: readonly string[]): string {
  const shown = items.slice(0, 10).join(', ');
  return items.length > 10 ? `${shown} and ${items.length - 10} more` : shown;
}
