// The comparison as one picture: five small panels side by side (duplicates, unknown
// outcomes, lost actions, attempts per action, call p95), a row for the scenario as given
// and one per preset in each, the two keys as two coloured points a little apart with their
// 95% intervals as bars. The panels share the rows, so a preset reads across. Inline data:
// the same comparison gives the same bytes.
import type { TopLevelSpec } from 'vega-lite';
import { formatCount } from '../../format/format.js';
import { metricUnit, metricValue } from '../../model/metrics.js';
import { PRESET_NAMES } from '../../model/presets.js';
import { frame, significant, type Chart } from '../chart.js';
import { metricScale } from '../sweep/axes.js';
import { CHART_METRICS, GIVEN, YOURS, type Comparison, type KeyVariant } from './compare.js';

const PANEL_WIDTH = 190;
/** Height of one preset's band: room for two points and their bars. */
const ROW_HEIGHT = 36;

const KEY_COLORS: Readonly<Record<KeyVariant | typeof GIVEN, { label: string; color: string }>> = {
  given: { label: 'your scenario as given', color: '#333333' },
  client: { label: "the client's own key", color: '#d95f02' },
  intent: { label: 'an intent key', color: '#1b7fbf' },
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
  const values: Record<string, string | number>[] = [];
  const panels = CHART_METRICS.map((metric, i) => {
    const raw = comparison.rows.map((row) => metricValue(row.result.metrics, metric));
    const scale = metricScale(metricUnit(metric), raw);
    const put = (x: number): number => significant(x / scale.factor, 6);
    for (const row of comparison.rows) {
      const value = metricValue(row.result.metrics, metric);
      const interval = row.result.intervals[metric];
      // An open or missing end draws no bar on that side.
      const end = (x: number | undefined): number => (x !== undefined && Number.isFinite(x) ? x : value);
      if (!Number.isFinite(value)) continue;
      values.push({
        metric,
        preset: row.preset,
        key: KEY_COLORS[row.key].label,
        value: put(value),
        low: put(end(interval?.low)),
        high: put(end(interval?.high)),
      });
    }
    return panel(metric, axisTitle(metric, scale.suffix), presets, i === 0);
  });
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

/** The x axis says the unit: "per 1,000 actions", "per action", "p95 (s)". */
function axisTitle(metric: string, suffix: string): string {
  return metricUnit(metric) === 'ms' ? `p95 (${suffix})` : suffix;
}

type Panel = Extract<TopLevelSpec, { hconcat: unknown }>['hconcat'][number];

function panel(metric: string, xTitle: string, presets: readonly string[], first: boolean): Panel {
  const y = {
    field: 'preset',
    type: 'nominal' as const,
    sort: [...presets],
    title: null,
    axis: first
      ? { labelFontSize: 12, ticks: false, domain: false, labelPadding: 6 }
      : { labels: false, ticks: false, domain: false },
  };
  const yOffset = { field: 'key', type: 'nominal' as const, sort: Object.values(KEY_COLORS).map((k) => k.label) };
  const color = {
    field: 'key',
    type: 'nominal' as const,
    title: null,
    scale: {
      domain: Object.values(KEY_COLORS).map((k) => k.label),
      range: Object.values(KEY_COLORS).map((k) => k.color),
    },
    // The same legend in every panel: vega-lite merges them into one.
    legend: { orient: 'top' as const, direction: 'horizontal' as const, symbolType: 'circle' },
  };
  // Attempts per action start at one: from zero, the differences that matter would not show.
  // Padding keeps a point at zero, or a bar at the domain's end, off the frame.
  const scale = { zero: metric !== 'attemptsPerAction', padding: 8 };
  const x = { field: 'value', type: 'quantitative' as const, title: xTitle, scale };
  return {
    title: { text: PANEL_TITLES[metric as (typeof CHART_METRICS)[number]], fontSize: 13, anchor: 'start' },
    width: PANEL_WIDTH,
    height: presets.length * ROW_HEIGHT,
    transform: [{ filter: { field: 'metric', equal: metric } }],
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: {
          y,
          yOffset,
          color,
          x: { field: 'low', type: 'quantitative', title: xTitle, scale },
          x2: { field: 'high' },
        },
      },
      { mark: { type: 'point', filled: true, size: 50, opacity: 1 }, encoding: { y, yOffset, color, x } },
    ],
  } as Panel;
}
