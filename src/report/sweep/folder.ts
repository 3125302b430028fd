// The report folder of a sweep, as files in memory, in the same form as a run's folder:
// index.html, summary.json (the `sweep --format json` document), summary.csv, NAME.vl.json
// and NAME.svg per chart, and scenario.yaml: the base scenario with the sweep as a `sweep:`
// block, so `idemsim sweep scenario.yaml` runs the same sweep again.
import type { Scenario } from '../../model/scenario.js';
import type { Sweep } from '../../model/sweep.js';
import { MAX_CHART_DIMENSIONS, sweepCharts } from './charts.js';
import { CSV_FILE, INDEX_FILE, SUMMARY_FILE, drawCharts, type FolderOptions } from '../folder.js';
import type { HtmlLink } from '../page.js';
import { renderSweepHtml } from './html.js';
import { renderSweepCsv, renderSweepJson } from './text.js';
import type { ReportFile } from '../../model/files.js';

export const SCENARIO_FILE = 'scenario.yaml';

/** Why a sweep has no charts, or undefined when it has them. */
export function noChartsReason(sweep: Sweep): string | undefined {
  if (sweep.vary.length <= MAX_CHART_DIMENSIONS) return undefined;
  return `No charts: this sweep varies ${sweep.vary.length} fields, and charts are drawn for one (a line per metric) or two (a heatmap per metric). The table below and ${SUMMARY_FILE} hold every point.`;
}

/**
 * `base`: the scenario as the file and --set give it, before any point's values; its
 * `sweep` block is written as given, so pass the sweep that actually ran.
 */
export async function sweepReportFiles(
  sweep: Sweep,
  base: Scenario,
  version: string,
  options: FolderOptions,
): Promise<ReportFile[]> {
  const { drawn, chartFiles, chartLinks } = await drawCharts(sweepCharts(sweep), options);
  const links: HtmlLink[] = [
    {
      href: SUMMARY_FILE,
      note: 'the sweep as `idemsim sweep --format json` prints it: every point, metric and interval',
    },
    { href: CSV_FILE, note: 'one row per point and metric, with the 95% interval' },
    {
      href: SCENARIO_FILE,
      note: 'the scenario before any point is applied, with the sweep as its `sweep:` block; `idemsim sweep` it again',
    },
    ...chartLinks,
  ];
  const noCharts = noChartsReason(sweep);
  return [
    {
      name: INDEX_FILE,
      content: renderSweepHtml({
        version,
        sweep,
        description: base.description,
        charts: drawn,
        links,
        ...(noCharts === undefined ? {} : { noCharts }),
      }),
    },
    { name: SUMMARY_FILE, content: renderSweepJson(sweep, version) },
    { name: CSV_FILE, content: renderSweepCsv(sweep) },
    { name: SCENARIO_FILE, content: options.scenarioYaml(base) },
    ...chartFiles,
  ];
}
