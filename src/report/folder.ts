// The report folder as a list of files in memory, drawn from a summary alone: `run --out`
// and `report` both come through here, so a redrawn folder is the folder `run` wrote.
// Writing them is write.ts's job; nothing here touches the disk.
import { scenarioToYaml } from '../scenario/index.js';
import { charts, type Chart } from './charts/index.js';
import { renderCsv } from './csv.js';
import { renderHtml, type HtmlChart, type HtmlLink } from './html.js';
import { renderPng } from './png.js';
import { renderSummary, type Summary, type SummaryRun } from './summary.js';
import { renderSvg } from './svg.js';
import type { ReportFile } from './write.js';

export interface FolderOptions {
  /** Also rasterize every chart to NAME.png. */
  png: boolean;
}

export const INDEX_FILE = 'index.html';
export const SUMMARY_FILE = 'summary.json';
export const CSV_FILE = 'summary.csv';

export async function reportFiles(summary: Summary, options: FolderOptions): Promise<ReportFile[]> {
  const runs = summary.runs;
  const { drawn, chartFiles, chartLinks } = await drawCharts(charts(runs), options);
  const scenarios = scenarioFiles(runs);
  const links: HtmlLink[] = [
    {
      href: SUMMARY_FILE,
      note: `metrics, intervals and chart data; \`idemsim report ${SUMMARY_FILE} --out DIR\` redraws this folder`,
    },
    { href: CSV_FILE, note: 'one row per scenario and metric, with the 95% interval' },
    ...scenarios.map((file) => ({
      href: file.name,
      note: 'the scenario as run, every field written out; `idemsim run` it again',
    })),
    ...chartLinks,
  ];
  return [
    { name: INDEX_FILE, content: renderHtml({ version: summary.idemsim, runs, charts: drawn, links }) },
    { name: SUMMARY_FILE, content: renderSummary(summary) },
    { name: CSV_FILE, content: renderCsv(runs) },
    ...scenarios,
    ...chartFiles,
  ];
}

/** Charts drawn for a report folder: the SVG for the page, the files and the links to them. */
export interface DrawnCharts {
  drawn: HtmlChart[];
  chartFiles: ReportFile[];
  chartLinks: HtmlLink[];
}

/** Each chart rendered to SVG (and PNG), with NAME.vl.json and NAME.svg; `run` and `sweep` folders share it. */
export async function drawCharts(list: readonly Chart[], options: FolderOptions): Promise<DrawnCharts> {
  const drawn: HtmlChart[] = [];
  const chartFiles: ReportFile[] = [];
  const chartLinks: HtmlLink[] = [];
  // One at a time: vega numbers clip paths from a counter shared by every render.
  for (const chart of list) {
    if (!SAFE_NAME.test(chart.name))
      throw new Error(`report: chart name ${JSON.stringify(chart.name)} is not a file name`);
    const svg = await renderSvg(chart.spec);
    drawn.push({ name: chart.name, title: chart.title, caption: chart.caption, svg });
    chartFiles.push({ name: `${chart.name}.vl.json`, content: `${JSON.stringify(chart.spec, null, 2)}\n` });
    chartFiles.push({ name: `${chart.name}.svg`, content: svg });
    chartLinks.push(
      { href: `${chart.name}.svg`, note: `${chart.title} (SVG)` },
      { href: `${chart.name}.vl.json`, note: `its Vega-Lite spec, data included` },
    );
    if (options.png) {
      chartFiles.push({ name: `${chart.name}.png`, content: renderPng(svg) });
      chartLinks.push({ href: `${chart.name}.png`, note: 'the same chart as PNG, twice the size' });
    }
  }
  return { drawn, chartFiles, chartLinks };
}

const SAFE_NAME = /^[a-z0-9][a-z0-9-]*$/;

/**
 * One scenario: `scenario.yaml`, as the issue names it. Several: one file each, named
 * `scenario-NAME.yaml` (NAME made safe for a file system, a number added when two runs
 * share a name), so each can be rerun on its own and the set with `idemsim run scenario-*.yaml`.
 * One file per scenario rather than a multi-document YAML: the loader reads one scenario a file.
 */
export function scenarioFiles(runs: readonly SummaryRun[]): ReportFile[] {
  if (runs.length === 1) return runs.map((run) => ({ name: 'scenario.yaml', content: scenarioToYaml(run.scenario) }));
  const taken = new Set<string>();
  return runs.map((run) => {
    const base = `scenario-${safeStem(run.scenario.name)}`;
    let name = `${base}.yaml`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.yaml`;
    taken.add(name);
    return { name, content: scenarioToYaml(run.scenario) };
  });
}

function safeStem(name: string): string {
  const stem = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+$/, '');
  return stem === '' ? 'unnamed' : stem.slice(0, 80);
}
