// The report folder as a list of files in memory, drawn from a summary alone: `run --out`
// and `report` both come through here, so a redrawn folder is the folder `run` wrote.
// Writing them is write.ts's job; nothing here touches the disk.
import type { Scenario } from '../../model/scenario.js';
import { CSV_FILE, INDEX_FILE, SUMMARY_FILE, drawCharts, type FolderOptions } from '../folder.js';
import type { HtmlLink } from '../page.js';
import type { ReportFile } from '../../model/files.js';
import { charts } from './charts/index.js';
import { renderCsv } from './csv.js';
import { renderHtml } from './html.js';
import type { SettingsOf } from './settings.js';
import type { Summary, SummaryRun } from '../../saved/summary.js';
import { renderSummary } from './summary.js';
import {
  TIME_SERIES_CSV,
  TIME_SERIES_JSON,
  renderTimeSeriesCsv,
  renderTimeSeriesJson,
  withTimeSeries,
} from './time-series.js';

export interface RunFolderOptions extends FolderOptions {
  /**
   * Every field of a scenario as text for the page's settings table (the scenario layer's
   * scenarioSettings), passed in like scenarioYaml.
   */
  settings: SettingsOf;
}

/**
 * The most runs the charts draw: each chart has a panel per run, and beyond a couple of
 * dozen panels a chart is neither readable nor quick to draw (200 take half a minute). The
 * tables and data files keep every run.
 */
export const MAX_CHARTED_RUNS = 24;

export async function reportFiles(summary: Summary, options: RunFolderOptions): Promise<ReportFile[]> {
  const runs = summary.runs;
  const charted = runs.slice(0, MAX_CHARTED_RUNS);
  const { drawn, chartFiles, chartLinks } = await drawCharts(charts(charted), options);
  const scenarios = scenarioFiles(runs, options.scenarioYaml);
  const series = timeSeriesFiles(summary);
  const links: HtmlLink[] = [
    {
      href: SUMMARY_FILE,
      note: `metrics, intervals and chart data; \`idemsim report ${SUMMARY_FILE} --out DIR\` redraws this folder`,
    },
    { href: CSV_FILE, note: 'one row per scenario and metric, with the 95% interval' },
    ...series.links,
    ...scenarios.map((file) => ({
      href: file.name,
      note: 'the scenario as run, every field written out; `idemsim run` it again',
    })),
    ...chartLinks,
  ];
  return [
    {
      name: INDEX_FILE,
      content: renderHtml({
        version: summary.idemsim,
        runs,
        charts: drawn,
        links,
        settings: options.settings,
        charted: charted.length,
      }),
    },
    { name: SUMMARY_FILE, content: renderSummary(summary) },
    { name: CSV_FILE, content: renderCsv(runs) },
    ...series.files,
    ...scenarios,
    ...chartFiles,
  ];
}

/** timeseries.csv and timeseries.json, when some run has a time series; nothing otherwise. */
function timeSeriesFiles(summary: Summary): { files: ReportFile[]; links: HtmlLink[] } {
  if (withTimeSeries(summary.runs).length === 0) return { files: [], links: [] };
  return {
    files: [
      { name: TIME_SERIES_CSV, content: renderTimeSeriesCsv(summary.runs) },
      { name: TIME_SERIES_JSON, content: renderTimeSeriesJson(summary.runs, summary.idemsim) },
    ],
    links: [
      { href: TIME_SERIES_CSV, note: 'the time series: one row per scenario and interval, every counter and rate' },
      { href: TIME_SERIES_JSON, note: 'the same series as JSON, per scenario' },
    ],
  };
}

/**
 * One scenario: `scenario.yaml`, as the issue names it. Several: one file each, named
 * `scenario-NAME.yaml` (NAME made safe for a file system, a number added when two runs
 * share a name), so each can be rerun on its own and the set with `idemsim run scenario-*.yaml`.
 * One file per scenario rather than a multi-document YAML: the loader reads one scenario a file.
 */
export function scenarioFiles(runs: readonly SummaryRun[], scenarioYaml: (scenario: Scenario) => string): ReportFile[] {
  if (runs.length === 1) return runs.map((run) => ({ name: 'scenario.yaml', content: scenarioYaml(run.scenario) }));
  const taken = new Set<string>();
  return runs.map((run) => {
    const base = `scenario-${safeStem(run.scenario.name)}`;
    let name = `${base}.yaml`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.yaml`;
    taken.add(name);
    return { name, content: scenarioYaml(run.scenario) };
  });
}

function safeStem(name: string): string {
  const stem = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+$/, '');
  return stem === '' ? 'unnamed' : stem.slice(0, 80);
}
