// summary.json read back: everything a report is drawn from, so `idemsim report` can redraw
// it without simulating. It is the JSON of `run --format json` plus `summaryVersion` and, per
// run, `defaults` (the scenario fields that took the built-in default) and `detail` (traces,
// key-store timeline, latency quantiles). The reader checks every field a renderer touches
// and names the first one that is wrong.
import { carriedBy } from '../model/features.js';
import { type DetailedRunResult } from '../model/result.js';
import { canonicalIntervals } from '../model/canonical.js';
import { defaultScenario, type Scenario } from '../model/scenario.js';
import { readDetail } from './detail.js';
import { openEnded, readIntervals, readMetrics } from './metrics.js';
import { type ScenarioReader, scenarioOf } from './scenario.js';
import {
  ShapeError,
  describe,
  isObject,
  list,
  object,
  readDocument,
  text,
  version as versionText,
  type Reader,
} from './shape.js';
import { readBatches } from './batches.js';
import { readTimeSeries } from './time-series.js';

/**
 * Bumped when a reader of the previous version could misread the file. A run's `defaults`
 * came later within version 1: older readers skip it, and a summary without it reads as
 * one that does not say which fields were defaults.
 */
export const SUMMARY_VERSION = 1;

/** The same shape as the charts' ChartRun: a scenario beside its detailed result. */
export interface SummaryRun {
  scenario: Scenario;
  result: DetailedRunResult;
  /**
   * The scenario's fields (dotted paths, in field-table order) that took the built-in
   * default: neither the file nor a --set wrote them. Undefined when not known.
   */
  defaults?: readonly string[];
}

export interface Summary {
  /** The idemsim version that simulated the runs (kept when a report is redrawn). */
  idemsim: string;
  runs: SummaryRun[];
}

export type SummaryOutcome = { ok: true; summary: Summary } | { ok: false; problem: string };

const MAKE_ONE = 'a summary is the summary.json that `idemsim run FILES --out DIR` writes';

/** `source` as read from `file`; the problem is one line, "FILE:LINE:COLUMN: what is wrong". */
export function parseSummary(source: string, file: string, readScenario: ScenarioReader): SummaryOutcome {
  const outcome = readDocument(source, file, MAKE_ONE, (json) => readSummary(json, readScenario));
  return outcome.ok ? { ok: true, summary: outcome.value } : outcome;
}

function readSummary(json: unknown, readScenario: ScenarioReader): Summary {
  const top = object(json, 'the document');
  const version = top['summaryVersion'];
  if (version === undefined && top['sweep'] !== undefined) {
    throw new ShapeError(
      'sweep',
      'a sweep summary, which `idemsim report` does not redraw; rerun `idemsim sweep FILE --out DIR` (same seed, same bytes)',
    );
  }
  if (version === undefined) {
    throw new ShapeError(
      'summaryVersion',
      'missing: not a report summary (write one with `idemsim run --out DIR`; `--format json` has no chart detail)',
    );
  }
  if (version !== SUMMARY_VERSION) {
    throw new ShapeError(
      'summaryVersion',
      `${describe(version)} is not supported; this idemsim reads ${SUMMARY_VERSION}`,
    );
  }
  const idemsim = versionText(top['idemsim'], 'idemsim');
  const runs = list(runReader(readScenario))(top['runs'], 'runs');
  if (runs.length === 0) throw new ShapeError('runs', 'expected at least one run; found none');
  return { idemsim, runs };
}

function runReader(readScenario: ScenarioReader): Reader<SummaryRun> {
  return (value, path) => {
    const run = object(value, path);
    const scenario = scenarioOf(run['scenario'], `${path}.scenario`, readScenario);
    const metrics = readMetrics(run['metrics'], `${path}.metrics`, {
      absent: 'nan',
      unknown: 'refuse',
      carried: carriedBy(scenario),
    });
    const intervals = canonicalIntervals(
      readIntervals(run['intervals'], `${path}.intervals`, { ends: 'null', unknown: 'refuse' }),
    );
    openEnded(metrics, intervals);
    const timeSeries =
      run['timeSeries'] === undefined ? undefined : readTimeSeries(run['timeSeries'], `${path}.timeSeries`);
    const detail = readDetail(run['detail'], `${path}.detail`);
    const batches = run['batches'] === undefined ? undefined : readBatches(run['batches'], `${path}.batches`);
    const result: DetailedRunResult = {
      metrics,
      intervals,
      ...(timeSeries === undefined ? {} : { timeSeries }),
      ...(batches === undefined ? {} : { batches }),
      detail,
    };
    const read: SummaryRun = { scenario, result };
    if (run['defaults'] !== undefined) read.defaults = readDefaults(run['defaults'], `${path}.defaults`, scenario);
    return read;
  };
}

/**
 * A run's defaults: field paths, each once, each at the built-in default's value in the
 * run's scenario (a list that calls a changed value a default would mislabel the report).
 */
export function readDefaults(value: unknown, path: string, scenario: Scenario): string[] {
  const paths = list(text)(value, path);
  // The scenarios whole: canonicalScenario leaves out fields of features that are off.
  const ours = scenario;
  const builtIn = defaultScenario();
  paths.forEach((field, i) => {
    const where = `${path}[${i}]`;
    if (paths.indexOf(field) !== i) throw new ShapeError(where, `${JSON.stringify(field)} is listed twice`);
    const at = (object: unknown): unknown =>
      field.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), object);
    if (!sameValue(at(ours), at(builtIn))) {
      throw new ShapeError(where, `${JSON.stringify(field)} is not at its default value in the scenario`);
    }
  });
  return paths;
}

/** Equal values, whatever the key order of objects. */
function sameValue(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return JSON.stringify(a) === JSON.stringify(b);
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
}
