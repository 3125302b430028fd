// The handler comparison as one picture: six small panels in two lines (duplicates, unknown
// outcomes, lost actions, false failures, the 409 rate, the key store's peak), a band for
// the scenario as given and one per handler profile in each, a point with its 95% interval
// as a bar. The panels share the bands, so a handler reads across. Inline data: the same
// comparison gives the same bytes.
import type { TopLevelSpec } from 'vega-lite';
import { formatCount } from '../../format/format.js';
import { HANDLER_NAMES } from '../../model/handlers.js';
import { frame, type Chart } from '../chart.js';
import { COLOR } from '../palette.js';
import { dotPanels, type DotMetric, type Series } from '../dot-panels.js';
import { YOURS, type HandlerComparison } from './compare.js';

const PANEL_WIDTH = 200;
/** Height of one handler's band: one point and its bar. */
const ROW_HEIGHT = 24;
const COLUMNS = 3;

const SERIES: Readonly<Record<'yours' | 'profile', Series>> = {
  yours: { label: 'your scenario as given', color: COLOR.nearBlack },
  profile: { label: 'a handler profile over it', color: COLOR.blue },
};

/** The panels, in the table's column order. */
const PANELS: readonly DotMetric[] = [
  { metric: 'duplicatesPerThousand', title: 'Duplicates' },
  { metric: 'unknownPerThousand', title: 'Unknown outcomes' },
  { metric: 'lostPerThousand', title: 'Lost actions' },
  { metric: 'falseFailuresPerThousand', title: 'False failures' },
  { metric: 'conflictRate', title: '409 answers', axisTitle: () => '% of key lookups' },
  { metric: 'keyStore.peakBytes', title: 'Key store, peak', axisTitle: (suffix) => `size (${suffix})` },
];

export function handlerChart(comparison: HandlerComparison): Chart {
  const rows = [YOURS, ...HANDLER_NAMES].filter((name) => comparison.rows.some((row) => row.handler === name));
  const { values, panels } = dotPanels(
    PANELS,
    comparison.rows.map((row) => ({
      row: row.handler,
      series: (row.handler === YOURS ? SERIES.yours : SERIES.profile).label,
      result: row.result,
    })),
    {
      rowField: 'handler',
      seriesField: 'run',
      rows,
      series: Object.values(SERIES),
      offset: false,
      panelWidth: PANEL_WIDTH,
      rowHeight: ROW_HEIGHT,
      columns: COLUMNS,
      labelLimit: 240,
      nice: false,
    },
  );
  const title = 'Idempotency handlers on one scenario';
  const caption = `${comparison.base.name}: ${formatCount(comparison.base.actions)} actions a point, seed ${String(comparison.base.seed)}; bars: 95% interval.`;
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      "Six panels: duplicates, unknown outcomes, lost actions and false failures per 1,000 actions, 409 answers as a percentage of key lookups, and the key store's peak size; a first row for the scenario as given, then one row per idempotency handler profile, each a point with a horizontal bar for its 95% confidence interval.",
    ),
    data: { values },
    concat: panels,
    columns: COLUMNS,
    spacing: { row: 28, column: 18 },
    resolve: { scale: { y: 'shared', color: 'shared' } },
  };
  return { name: 'handlers-compare', title, caption, spec };
}
