// `idemsim handlers --compare`: the scenario as given, then each idempotency handler profile
// over it, as a table for a person (what reached the world, what the client was told, the
// key store; then the settings each row ran with), tidy CSV and stable JSON. Values and
// intervals are written as `run` and `presets --compare` write them.
import Table from 'cli-table3';
import { formatCount } from '../../format/format.js';
import { canonicalIntervals, canonicalMetrics } from '../../model/canonical.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import { carriedBy } from '../../model/features.js';
import { valueAt } from '../../model/fields.js';
import type { HandlerName } from '../../model/handlers.js';
import { NO_GROUP } from '../../model/metric-types.js';
import { eitherCarried, metricInfo } from '../../model/metrics.js';
import type { RunResult } from '../../model/result.js';
import type { Scenario } from '../../model/scenario.js';
import { metricCsvNumbers, metricText } from '../compare-cells.js';
import { CELLS } from '../run/cells.js';
import { INTERVAL_NOTE, NO_BORDER, csvField, terminalText, wrap } from '../text.js';
import { PROFILE_FIELDS, heading, keysText } from './fields.js';

/** The first row: the scenario as given, its own keys block, before any profile replaces it. */
export const YOURS = 'yours';

/** The metrics the table, CSV and JSON show, in column order. */
export const HANDLER_METRICS = [
  'duplicatesPerThousand',
  'unknownPerThousand',
  'lostPerThousand',
  'falseFailuresPerThousand',
  'conflictRate',
  'mismatchRate',
  'responses.serverError',
  'keyStore.peakKeys',
  'keyStore.peakBytes',
] as const;

/** The table's columns with a 95% interval: heading and metric. */
export const INTERVAL_COLUMNS = [
  ['duplicates / 1000', 'duplicatesPerThousand'],
  ['unknown / 1000', 'unknownPerThousand'],
  ['lost / 1000', 'lostPerThousand'],
  ['false failures / 1000', 'falseFailuresPerThousand'],
  ['409 rate', 'conflictRate'],
  ['mismatch rate', 'mismatchRate'],
] as const;

/** The columns of what one run saw, exact for that run: heading and cell (peak bytes beside peak keys). */
export const COUNT_COLUMNS: readonly { head: string; cell: (result: RunResult) => string }[] = [
  { head: '500s', cell: (result) => CELLS.share(result, 'responses.serverError').value },
  { head: 'key store, peak', cell: (result) => CELLS.keysAndBytes(result, 'keyStore.peakKeys').value },
];

const COLUMNS: readonly { head: string; cell: (result: RunResult) => string }[] = [
  ...INTERVAL_COLUMNS.map(([head, metric]) => ({ head, cell: (result: RunResult) => metricText(result, metric) })),
  ...COUNT_COLUMNS,
];

export interface HandlerRow {
  /** A profile, or `yours`: the scenario as given. */
  handler: HandlerName | typeof YOURS;
  /** The scenario that ran: the profile's keys fields over the scenario's. */
  scenario: Scenario;
  result: RunResult;
}

export interface HandlerComparison {
  /** The scenario before any profile, as the file and --set give it. */
  base: Scenario;
  rows: HandlerRow[];
}

/** "crash-stuck-no-lease: the scenario as given, then 5 handlers, seed 1, 20,000 actions each" */
export function handlerFacts(comparison: HandlerComparison): string {
  const handlers = comparison.rows.filter((row) => row.handler !== YOURS).length;
  const { base } = comparison;
  const yours = comparison.rows.some((row) => row.handler === YOURS) ? 'the scenario as given, then ' : '';
  return `${yours}${handlers} handler${handlers === 1 ? '' : 's'}, seed ${String(base.seed)}, ${formatCount(base.actions)} actions each`;
}

/** The settings table's columns: every keys field a profile fills, then the key's scope. */
export const SETTING_HEADS: readonly string[] = [...PROFILE_FIELDS.map(heading), 'scope'];

/** The settings a row ran with, by column, as the second table and the page show them. */
export function settingsOf(row: HandlerRow): Record<string, string> {
  const { keys } = row.scenario;
  const settings: Record<string, string> = {};
  for (const path of PROFILE_FIELDS) settings[heading(path)] = keysText(path, valueAt(row.scenario, path));
  // Without a fingerprint check no request is a mismatch: the status is never sent.
  if (!keys.fingerprint && 'mismatchStatus' in settings) settings['mismatchStatus'] = '-';
  settings['scope'] = keys.scope;
  return settings;
}

/** What the rows and columns mean, for the notes under a table and on the page. */
export const HANDLER_NOTES = [
  "yours: the scenario as given, its own keys block. Each profile replaces the keys fields it fills (the settings' columns but scope) with the library's, whatever the scenario set (Powertools has no lease of its own: the scenario's, if it sets one); the key scope, retention and the rest of the scenario are shared, and so is the seed.",
  'mismatch rate: answers to a live key with another fingerprint (the mismatch status: 422, 417, 400) per attempt whose key was looked up; a 409 mismatch is counted in the 409 rate. 500s: attempts answered 500, a failed execution or a stored error, with their share of all attempts.',
];

const WIDTH = 100;

function borderless(head: readonly string[], aligns: readonly ('left' | 'right')[]): Table.Table {
  return new Table({
    head: [...head],
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    colAligns: [...aligns],
  });
}

const linesOf = (table: Table.Table): string[] =>
  table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());

export function renderHandlerTable(comparison: HandlerComparison): string {
  const results = borderless(
    ['handler', ...COLUMNS.map((c) => c.head)],
    ['left', ...COLUMNS.map(() => 'right' as const)],
  );
  for (const row of comparison.rows) results.push([row.handler, ...COLUMNS.map((c) => c.cell(row.result))]);
  const settings = borderless(['handler', ...SETTING_HEADS], ['left', ...SETTING_HEADS.map(() => 'left' as const)]);
  for (const row of comparison.rows) {
    const values = settingsOf(row);
    settings.push([row.handler, ...SETTING_HEADS.map((head) => values[head] ?? '')]);
  }
  return [
    terminalText(`${comparison.base.name}: ${handlerFacts(comparison)}`),
    ...linesOf(results),
    INTERVAL_NOTE,
    '',
    'Settings each row ran with:',
    ...linesOf(settings),
    ...HANDLER_NOTES.flatMap((note) => wrap(note, WIDTH)),
    '',
  ].join('\n');
}

export function renderHandlerCsv(comparison: HandlerComparison): string {
  const lines = [['handler', 'scope', 'metric', 'value', 'ci_low', 'ci_high'].join(',')];
  for (const row of comparison.rows) {
    for (const metric of HANDLER_METRICS) {
      const fields = [row.handler, row.scenario.keys.scope, metric];
      lines.push([...fields, ...metricCsvNumbers(row.result, metric)].map(csvField).join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The keys fields the profiles decide, with the scope and the handler's name, in one order. */
function keysThatRan(scenario: Scenario): Record<string, unknown> {
  const { handler, scope } = scenario.keys;
  const fields = PROFILE_FIELDS.map((path) => [heading(path), valueAt(scenario, path)]);
  return { handler, scope, ...Object.fromEntries(fields) };
}

/**
 * The comparison for machines: per row the keys block that ran, every metric and every
 * interval (the same groups in every row, so rows line up), then the scenario before any
 * profile. Non-finite numbers are written as null, as JSON.stringify does.
 */
export function renderHandlerJson(comparison: HandlerComparison, version: string): string {
  const carried = comparison.rows.reduce((c, row) => eitherCarried(c, carriedBy(row.scenario)), NO_GROUP);
  const document = {
    idemsim: version,
    comparison: {
      name: comparison.base.name,
      seed: comparison.base.seed,
      actions: comparison.base.actions,
      metrics: HANDLER_METRICS.map((name) => ({ name, description: metricInfo(name)?.description ?? name })),
      rows: comparison.rows.map((row) => ({
        handler: row.handler,
        scope: row.scenario.keys.scope,
        keys: keysThatRan(row.scenario),
        metrics: canonicalMetrics(row.result.metrics, carried),
        intervals: canonicalIntervals(row.result.intervals),
      })),
      scenario: canonicalScenario(comparison.base),
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
