// What every report folder shares: the names of its index and summary files, the charts
// drawn for it (SVG for the page, NAME.vl.json and NAME.svg files, PNG on request), and how
// a scenario file gets into it. Each folder is built in memory; write.ts writes it whole.
import type { Scenario } from '../model/scenario.js';
import { type Chart } from './chart.js';
import type { HtmlChart, HtmlLink } from './page.js';
import { renderPng } from './png.js';
import { renderSvg } from './svg.js';
import type { ReportFile } from '../model/files.js';

export const INDEX_FILE = 'index.html';
export const SUMMARY_FILE = 'summary.json';
export const CSV_FILE = 'summary.csv';

export interface FolderOptions {
  /** Also rasterize every chart to NAME.png. */
  png: boolean;
  /**
   * A scenario as a scenario file (the scenario layer's scenarioToYaml), for the
   * scenario.yaml a folder holds; passed in so that report/ renders without loading.
   */
  scenarioYaml: (scenario: Scenario) => string;
}

/** Charts drawn for a report folder: the SVG for the page, the files and the links to them. */
export interface DrawnCharts {
  drawn: HtmlChart[];
  chartFiles: ReportFile[];
  chartLinks: HtmlLink[];
}

/** Each chart rendered to SVG (and PNG), with NAME.vl.json and NAME.svg; `run` and `sweep` folders share it. */
export async function drawCharts(list: readonly Chart[], options: Pick<FolderOptions, 'png'>): Promise<DrawnCharts> {
  const drawn: HtmlChart[] = [];
  const chartFiles: ReportFile[] = [];
  const chartLinks: HtmlLink[] = [];
  // One at a time: vega numbers clip paths from a counter shared by every render.
  for (const chart of list) {
    if (!SAFE_NAME.test(chart.name))
      throw new Error(`report: chart name ${JSON.stringify(chart.name)} is not a file name`);
    const svg = await renderSvg(chart.spec);
    drawn.push({
      name: chart.name,
      title: chart.title,
      caption: chart.caption,
      svg,
      ...(chart.detail === undefined ? {} : { detail: chart.detail }),
      ...(options.png ? { png: true } : {}),
    });
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
