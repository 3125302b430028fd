// Reading the parts `idemsim merge` combines: what a sweep shard (`sweep --shard I/N`) or
// a replica (`run --replicas N --replica I`) printed. Every problem is one line naming the
// file, where in it, and what to do.
import type { ScenarioReader } from './scenario.js';
import type { TallyShape } from '../model/tally-state.js';
import { ShapeError, count, object, oneOf, readDocument, version as versionText } from './shape.js';
import { MAX_SWEEP_POINTS } from '../model/sweep.js';
import { readReplicaPart, type ReplicaPart } from './replica-part.js';
import { readSweepPart, type SweepPart } from './sweep-part.js';

/** Bumped when a reader of the previous version could misread a part. */
export const PART_VERSION = 1;

export type Part = { kind: 'sweep'; part: SweepPart } | { kind: 'replica'; part: ReplicaPart };
export type PartOutcome = { ok: true; part: Part } | { ok: false; problem: string };

const MAKE_ONE =
  'a part is what `idemsim sweep FILE --shard I/N` or `idemsim run FILE --replicas N --replica I` prints';

/**
 * The part in `source`, read from `file`, or the first thing wrong with it. `shape`: the
 * fields a replica's tallies must have (src/sim/tally-state.ts's tallyShape).
 */
export function parsePart(source: string, file: string, readScenario: ScenarioReader, shape: TallyShape): PartOutcome {
  const outcome = readDocument(source, file, MAKE_ONE, (json) => readPart(json, readScenario, shape));
  return outcome.ok ? { ok: true, part: outcome.value } : outcome;
}

function readPart(json: unknown, readScenario: ScenarioReader, shape: TallyShape): Part {
  const top = object(json, 'the document');
  if (top['part'] === undefined) {
    const what =
      top['sweep'] !== undefined ? 'a whole sweep' : top['runs'] !== undefined ? 'a whole run' : 'not a part';
    throw new ShapeError('part', `missing: ${what}, not a shard's or a replica's part; ${MAKE_ONE}`);
  }
  const idemsim = versionText(top['idemsim'], 'idemsim');
  const header = object(top['part'], 'part');
  const version = header['version'];
  if (version !== PART_VERSION) {
    throw new ShapeError(
      'part.version',
      `${JSON.stringify(version)} is not supported; this idemsim reads ${PART_VERSION}`,
    );
  }
  const kind = oneOf({ sweep: true, replica: true })(header['kind'], 'part.kind');
  const of = count(header['of'], 'part.of');
  // What `--shard I/N` and `--replicas N` accept; a larger N was edited in, and merge would
  // list or build that many.
  if (of > MAX_SWEEP_POINTS) throw new ShapeError('part.of', `${of} is more than ${MAX_SWEEP_POINTS} parts`);
  if (kind === 'replica') {
    const replica = count(header['replica'], 'part.replica');
    if (!(replica >= 1 && replica <= of)) throw new ShapeError('part.replica', `${replica} is not a replica of ${of}`);
    return { kind, part: readReplicaPart(top, { idemsim, replica, of }, readScenario, shape) };
  }
  const shard = count(header['shard'], 'part.shard');
  if (!(shard >= 1 && shard <= of)) throw new ShapeError('part.shard', `${shard} is not a shard of ${of}`);
  const points = count(header['points'], 'part.points');
  if (points > MAX_SWEEP_POINTS) {
    throw new ShapeError('part.points', `${points} is more than a sweep's ${MAX_SWEEP_POINTS} points`);
  }
  return { kind, part: readSweepPart(top, { idemsim, shard, of, points }, readScenario) };
}
