// `idemsim presets --compare`: every client preset run on one scenario, once with the key
// the client sends itself and once with an intent key, as a table for a person, tidy CSV
// and stable JSON. Values and intervals are written as `run` and `sweep` write them.
import Table from 'cli-table3';
import { formatCount } from '../../format/format.js';
import { eitherCarried, metricInfo } from '../../model/metrics.js';
import { NO_GROUP } from '../../model/metric-types.js';
import { carriedBy } from '../../model/features.js';
import type { PresetName } from '../../model/presets.js';
import { type RunResult } from '../../model/result.js';
import { canonicalIntervals, canonicalMetrics } from '../../model/canonical.js';
import { type Scenario } from '../../model/scenario.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import { metricCsvNumbers, metricText } from '../compare-cells.js';
import { INTERVAL_NOTE, NO_BORDER, csvField, terminalText, wrap } from '../text.js';

/** The key a point runs with: the one the client sends itself, or one per logical action. */
export const KeyVariant = { client: 'client', intent: 'intent' } as const;
export type KeyVariant = keyof typeof KeyVariant;
export const KEY_VARIANTS = Object.keys(KeyVariant) as readonly KeyVariant[];

/** The first row: the scenario as given, its own client and key, before any preset replaces them. */
export const YOURS = 'yours';
/** Its key: the scenario's own `keys.scope`. */
export const GIVEN = 'given';

/** The metrics the chart draws, a panel each. */
export const CHART_METRICS = [
  'duplicatesPerThousand',
  'unknownPerThousand',
  'lostPerThousand',
  'attemptsPerAction',
  'latency.call.p95',
] as const;

/** The metrics the table, CSV and JSON show, in column order: the chart's, then p99 and the key store. */
export const COMPARE_METRICS = [...CHART_METRICS, 'latency.call.p99', 'keyStore.steadyStateBytes'] as const;

/** Column headings, as the run table labels the same metrics. */
export const METRIC_LABELS: Readonly<Record<(typeof COMPARE_METRICS)[number], string>> = {
  duplicatesPerThousand: 'duplicates / 1000',
  unknownPerThousand: 'unknown / 1000',
  lostPerThousand: 'lost / 1000',
  attemptsPerAction: 'attempts / action',
  'latency.call.p95': 'call p95',
  'latency.call.p99': 'call p99',
  'keyStore.steadyStateBytes': 'key store',
};

export interface ComparisonRow {
  /** A preset, or `yours`: the scenario as given. */
  preset: PresetName | typeof YOURS;
  key: KeyVariant | typeof GIVEN;
  /** The scenario that ran: the preset applied, `keys.scope` set for the key. */
  scenario: Scenario;
  result: RunResult;
}

export interface Comparison {
  /** The scenario before any preset, as the file and --set give it. */
  base: Scenario;
  rows: ComparisonRow[];
}

/** "client: none", "client: call", "intent", "as given: call": the key and the scope it ran with. */
export function keyLabel(row: Pick<ComparisonRow, 'key' | 'scenario'>): string {
  if (row.key === GIVEN) return `as given: ${row.scenario.keys.scope}`;
  return row.key === 'intent' ? 'intent' : `client: ${row.scenario.keys.scope}`;
}

/** "clients-compare: 8 presets x 2 keys, seed 1, 40,000 actions each" */
export function comparisonFacts(comparison: Comparison): string {
  const presets = new Set(comparison.rows.filter((row) => row.preset !== YOURS).map((row) => row.preset)).size;
  const { base } = comparison;
  const yours = comparison.rows.some((row) => row.preset === YOURS) ? 'the scenario as given, then ' : '';
  return `${yours}${presets} preset${presets === 1 ? '' : 's'} x ${KEY_VARIANTS.length} keys, seed ${String(base.seed)}, ${formatCount(base.actions)} actions each`;
}

/** What the key column means, for the notes under a table. */
export const KEY_NOTE =
  'yours: the scenario as given, its own client and key; key client: the key the client sends itself (keys.scope call for stripe, none for the others); intent: keys.scope intent, one key per logical action, kept by re-plans and replays.';

const WIDTH = 100;

export function renderCompareTable(comparison: Comparison): string {
  const table = new Table({
    head: ['preset', 'key', ...COMPARE_METRICS.map((m) => METRIC_LABELS[m])],
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    colAligns: ['left', 'left', ...COMPARE_METRICS.map(() => 'right' as const)],
  });
  let previous: ComparisonRow['preset'] | undefined;
  for (const row of comparison.rows) {
    table.push([
      row.preset === previous ? '' : row.preset,
      keyLabel(row),
      ...COMPARE_METRICS.map((m) => metricText(row.result, m)),
    ]);
    previous = row.preset;
  }
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  return [
    terminalText(`${comparison.base.name}: ${comparisonFacts(comparison)}`),
    ...lines,
    INTERVAL_NOTE,
    ...wrap(KEY_NOTE, WIDTH),
    '',
  ].join('\n');
}

export function renderCompareCsv(comparison: Comparison): string {
  const lines = [['preset', 'key', 'scope', 'metric', 'value', 'ci_low', 'ci_high'].join(',')];
  for (const row of comparison.rows) {
    for (const metric of COMPARE_METRICS) {
      const fields = [row.preset, row.key, row.scenario.keys.scope, metric];
      lines.push([...fields, ...metricCsvNumbers(row.result, metric)].map(csvField).join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The comparison for machines: per row the client block that ran, every metric and every
 * interval (the same groups in every row, so rows line up), then the scenario before any
 * preset. Non-finite numbers are written as null, as JSON.stringify does.
 */
export function renderCompareJson(comparison: Comparison, version: string): string {
  const carried = comparison.rows.reduce((c, row) => eitherCarried(c, carriedBy(row.scenario)), NO_GROUP);
  const document = {
    idemsim: version,
    comparison: {
      name: comparison.base.name,
      seed: comparison.base.seed,
      actions: comparison.base.actions,
      metrics: COMPARE_METRICS.map((name) => ({ name, description: metricInfo(name)?.description ?? name })),
      rows: comparison.rows.map((row) => {
        const scenario = canonicalScenario(row.scenario);
        return {
          preset: row.preset,
          key: row.key,
          scope: row.scenario.keys.scope,
          client: scenario.client,
          metrics: canonicalMetrics(row.result.metrics, carried),
          intervals: canonicalIntervals(row.result.intervals),
        };
      }),
      scenario: canonicalScenario(comparison.base),
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
