// The comparison as one picture: five small panels side by side (duplicates, unknown
// outcomes, lost actions, attempts per action, call p95), a row for the scenario as given
// and one per preset in each, the two keys as two coloured points a little apart with their
// 95% intervals as bars. The panels share the rows, so a preset reads across. Inline data:
// the same comparison gives the same bytes.
import type { TopLevelSpec } from 'vega-lite';
import { formatCount } from '../../format/format.js';
import { metricUnit } from '../../model/metrics.js';
import { PRESET_NAMES } from '../../model/presets.js';
import { frame, type Chart } from '../chart.js';
import { COLOR } from '../palette.js';
import { dotPanels, type Series } from '../dot-panels.js';
import { CHART_METRICS, GIVEN, YOURS, type Comparison, type KeyVariant } from './compare.js';

const PANEL_WIDTH = 190;
/** Height of one preset's band: room for two points and their bars. */
const ROW_HEIGHT = 36;

const KEY_COLORS: Readonly<Record<KeyVariant | typeof GIVEN, Series>> = {
  given: { label: 'your scenario as given', color: COLOR.nearBlack },
  client: { label: "the client's own key", color: COLOR.red },
  intent: { label: 'an intent key', color: COLOR.blue },
};

const PANEL_TITLES: Readonly<Record<(typeof CHART_METRICS)[number], string>> = {
  duplicatesPerThousand: 'Duplicates',
  unknownPerThousand: 'Unknown outcomes',
  lostPerThousand: 'Lost actions',
  attemptsPerAction: 'Attempts per action',
  'latency.call.p95': 'Call latency p95',
};

export function compareChart(comparison: Comparison): Chart {
  const presets = [YOURS, ...PRESET_NAMES].filter((name) => comparison.rows.some((row) => row.preset === name));
  const { values, panels } = dotPanels(
    CHART_METRICS.map((metric) => ({
      metric,
      title: PANEL_TITLES[metric],
      axisTitle: (suffix: string) => (metricUnit(metric) === 'ms' ? `p95 (${suffix})` : suffix),
      // Attempts per action start at one: from zero, the differences that matter would not show.
      zero: metric !== 'attemptsPerAction',
    })),
    comparison.rows.map((row) => ({ row: row.preset, series: KEY_COLORS[row.key].label, result: row.result })),
    {
      rowField: 'preset',
      seriesField: 'key',
      rows: presets,
      series: Object.values(KEY_COLORS),
      offset: true,
      panelWidth: PANEL_WIDTH,
      rowHeight: ROW_HEIGHT,
      columns: CHART_METRICS.length,
    },
  );
  const title = 'Real clients on one scenario, with their own key and with an intent key';
  const caption = `${comparison.base.name}: ${formatCount(comparison.base.actions)} actions a point, seed ${String(comparison.base.seed)}; bars: 95% interval.`;
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      "Five panels: duplicates per 1,000 actions, unknown outcomes per 1,000 actions, lost actions per 1,000 actions, attempts per action and call latency p95, a first row for the scenario as given (one point), then one row per client preset, each with two points (the client's own idempotency key and an intent key) and horizontal bars for their 95% confidence intervals.",
    ),
    data: { values },
    hconcat: panels,
    spacing: 18,
    resolve: { scale: { y: 'shared', color: 'shared' } },
  };
  return { name: 'presets-compare', title, caption, spec };
}
