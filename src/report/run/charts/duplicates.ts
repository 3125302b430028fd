// Duplicates per thousand actions by what repeated the call (transport retry, re-plan,
// crash replay), stacked, with the 95% interval of the total; lost per thousand beside it.
// One row per scenario, so several scenarios compare bar against bar.
import type { TopLevelSpec } from 'vega-lite';
import type { Field } from 'vega-lite/types_unstable/channeldef.js';
import type { UnitSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { Interval, ScenarioRun } from '../../../model/result.js';
import { formatDecimal, formatInterval } from '../../../format/format.js';
import { type Chart, frame, round, runLabels } from '../../chart.js';
import { COLOR, INK } from '../../palette.js';
import { maxOf } from '../../../stats/extent.js';

const SOURCES = [
  { key: 'transport', label: 'transport retry', color: COLOR.blue },
  { key: 'replan', label: 're-plan', color: COLOR.amber },
  { key: 'replay', label: 'crash replay', color: COLOR.purple },
] as const;

const LOST_COLOR = COLOR.brown;
// Every layer of a panel names its x the same, or Vega-Lite joins the titles ("…, low").
const DUP_TITLE = 'duplicates per 1,000 actions';
const LOST_TITLE = 'lost actions per 1,000 actions';
const ROW = 40;

interface Total {
  scenario: string;
  value: number;
  low: number | null;
  high: number | null;
  label: string;
}

function totalOf(scenario: string, value: number, interval: Interval | undefined): Total {
  const ci = interval === undefined ? '' : ` ${formatInterval(interval, 'perThousand', value)}`;
  return {
    scenario,
    value: round(value, 3),
    low: interval === undefined ? null : round(interval.low, 3),
    high: interval === undefined ? null : round(interval.high, 3),
    label: `${formatDecimal(value)}${ci}`,
  };
}

/** Room to the right of the longest bar for its label. */
function domainTop(totals: readonly Total[]): number {
  const top = maxOf(totals.map((t) => Math.max(t.value, t.high ?? 0)));
  return top > 0 ? round(top * 1.6, 3) : 1;
}

const y = (labels: string[], showLabels: boolean) =>
  ({
    field: 'scenario',
    type: 'nominal',
    sort: labels,
    title: null,
    axis: showLabels ? { labelLimit: 220 } : { labels: false, ticks: false },
  }) as const;

export function duplicatesChart(runs: readonly ScenarioRun[]): Chart {
  const labels = runLabels(runs);
  const height = Math.max(2, runs.length) * ROW;
  const bySource = runs.flatMap((run, i) =>
    SOURCES.map((s, order) => ({
      scenario: labels[i] ?? '',
      source: s.label,
      order,
      perThousand: round((1000 * run.result.metrics.duplicatesBySource[s.key]) / run.result.metrics.actions, 3),
    })),
  );
  const dupTotals = runs.map((run, i) =>
    totalOf(labels[i] ?? '', run.result.metrics.duplicatesPerThousand, run.result.intervals['duplicatesPerThousand']),
  );
  const lostTotals = runs.map((run, i) =>
    totalOf(labels[i] ?? '', run.result.metrics.lostPerThousand, run.result.intervals['lostPerThousand']),
  );
  const title = 'Duplicates and lost actions per 1,000 actions';
  const [first] = dupTotals;
  const [firstLost] = lostTotals;
  const caption =
    runs.length === 1 && first !== undefined && firstLost !== undefined
      ? `${first.scenario}: ${first.label} duplicates and ${firstLost.label} lost per 1,000 actions (95% intervals).`
      : 'Extra executions per 1,000 actions by what repeated them, with the 95% interval of the total; lost beside.';
  const ciLayers = (totals: Total[], showLabels: boolean, top: number, xTitle: string): UnitSpec<Field>[] => [
    {
      data: { values: totals.filter((t) => t.low !== null) },
      mark: { type: 'errorbar', ticks: { size: 12 }, thickness: 1.5, color: INK },
      encoding: {
        x: { field: 'low', type: 'quantitative', title: xTitle, scale: { domain: [0, top] } },
        x2: { field: 'high' },
        y: y(labels, showLabels),
      },
    },
    {
      data: { values: totals },
      // Right of the interval's high end (or of the bar when there is no interval).
      transform: [{ calculate: 'datum.high === null ? datum.value : datum.high', as: 'at' }],
      mark: { type: 'text', align: 'left', dx: 8, fontSize: 11, color: INK },
      encoding: {
        x: { field: 'at', type: 'quantitative', title: xTitle },
        y: y(labels, showLabels),
        text: { field: 'label' },
      },
    },
  ];
  const dupTop = domainTop(dupTotals);
  const lostTop = domainTop(lostTotals);
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      'Horizontal bars, one per scenario: duplicates per 1,000 actions stacked by source (transport retry, re-plan, crash replay) with an error bar for the 95% interval of the total and its value; a second panel with lost actions per 1,000 and its interval.',
    ),
    hconcat: [
      {
        title: { text: 'duplicates per 1,000 actions, by source', fontSize: 12, anchor: 'start' },
        width: 420,
        height,
        layer: [
          {
            data: { values: bySource },
            mark: { type: 'bar', height: { band: 0.6 } },
            encoding: {
              x: {
                field: 'perThousand',
                type: 'quantitative',
                stack: 'zero',
                title: DUP_TITLE,
                scale: { domain: [0, dupTop] },
              },
              y: y(labels, true),
              color: {
                field: 'source',
                type: 'nominal',
                title: 'duplicate from',
                scale: { domain: SOURCES.map((s) => s.label), range: SOURCES.map((s) => s.color) },
              },
              order: { field: 'order', type: 'quantitative' },
            },
          },
          ...ciLayers(dupTotals, true, dupTop, DUP_TITLE),
        ],
      },
      {
        title: { text: 'lost per 1,000 actions', fontSize: 12, anchor: 'start' },
        width: 220,
        height,
        layer: [
          {
            data: { values: lostTotals },
            mark: { type: 'bar', height: { band: 0.6 }, color: LOST_COLOR },
            encoding: {
              x: {
                field: 'value',
                type: 'quantitative',
                title: LOST_TITLE,
                scale: { domain: [0, lostTop] },
              },
              y: y(labels, false),
            },
          },
          ...ciLayers(lostTotals, false, lostTop, LOST_TITLE),
        ],
      },
    ],
    spacing: 16,
  };
  return { name: 'duplicates', title, caption, spec };
}
