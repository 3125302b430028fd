// The JSON text of a part, as `sweep --shard` and `run --replica` print it: two-space
// indent and a trailing newline, like every JSON document idemsim writes.
import { PART_VERSION } from '../../saved/part.js';
import type { SweepPart } from '../../saved/sweep-part.js';
import { sweepPartDocument } from './sweep.js';

export function renderSweepPart(part: SweepPart): string {
  return `${JSON.stringify(sweepPartDocument(part, PART_VERSION), null, 2)}\n`;
}
