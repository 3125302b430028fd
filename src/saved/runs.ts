// Reading a saved run for `idemsim diff`: the JSON of `idemsim run --format json` or the
// summary.json of a report folder (the same runs plus chart detail, which is ignored).
// Only what a comparison needs is read: each run's scenario name, metrics and intervals,
// and its batches where it has them (a paired comparison, src/stats/paired.ts).
// A baseline outlives idemsim versions, so a metric it lacks reads as not available
// rather than as an error; a value of the wrong type is still an error.
import type { NamedResult } from '../model/diff.js';
import type { RunResult } from '../model/result.js';
import { readBatches } from './batches.js';
import { readIntervals, readMetrics } from './metrics.js';
import { NAME_MAX, ShapeError, isObject, list, object, readDocument, record, textUpTo, version } from './shape.js';

export interface SavedRuns {
  /** The idemsim version that simulated the runs, when the file says. */
  idemsim: string | undefined;
  runs: NamedResult[];
}

export type SavedOutcome = { ok: true; saved: SavedRuns } | { ok: false; problem: string };

const MAKE_ONE =
  'write one with `idemsim run FILES --format json > FILE.json`, or name the summary.json (or the folder) of `idemsim run --out DIR`';

/** `source` as read from `file`; the problem is one line naming the file, where in it, and the fix. */
export function parseSavedRuns(source: string, file: string): SavedOutcome {
  const outcome = readDocument(source, file, MAKE_ONE, readSaved);
  return outcome.ok ? { ok: true, saved: outcome.value } : outcome;
}

/** Whether parsed JSON looks like saved runs (a `runs` list), to tell it from a scenario written as JSON. */
export function looksLikeSavedRuns(json: unknown): boolean {
  return isObject(json) && Array.isArray(json['runs']);
}

function readSaved(json: unknown): SavedRuns {
  const top = object(json, 'the document');
  if (top['runs'] === undefined) {
    const what = top['sweep'] !== undefined ? 'a sweep summary, not the result of a run' : 'not the result of a run';
    throw new ShapeError('runs', `missing: ${what}; ${MAKE_ONE}`);
  }
  const written = top['idemsim'];
  const runs = list(readRun)(top['runs'], 'runs');
  if (runs.length === 0) throw new ShapeError('runs', `expected at least one run; found none; ${MAKE_ONE}`);
  return { idemsim: written === undefined ? undefined : version(written, 'idemsim'), runs };
}

const readScenario = record<{ name: string }>({ name: textUpTo(NAME_MAX) });

function readRun(value: unknown, path: string): NamedResult {
  const run = object(value, path);
  const { name } = readScenario(run['scenario'], `${path}.scenario`);
  const metrics = readMetrics(run['metrics'], `${path}.metrics`, { absent: 'nan', unknown: 'ignore' });
  const intervals = run['intervals'] === undefined ? {} : readIntervals(run['intervals'], `${path}.intervals`);
  const result: RunResult = { metrics, intervals };
  if (run['batches'] !== undefined) result.batches = readBatches(run['batches'], `${path}.batches`);
  return { name, result };
}
