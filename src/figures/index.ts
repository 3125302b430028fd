// `idemsim figures` as a pure pipeline: committed scenarios in (through a loader), the
// article's numbers and charts out, then the folder's files in memory. Nothing here reads
// or writes a file; the same scenarios always give the same bytes.
import type { ReportFile } from '../report/write.js';
import { renderSvg } from '../report/svg.js';
import { labChart } from './charts/lab.js';
import { retentionChart } from './charts/retention.js';
import { retriesChart } from './charts/retries.js';
import { scopesChart } from './charts/scopes.js';
import { timeoutChart } from './charts/timeout.js';
import { waterfallChart } from './charts/waterfall.js';
import { renderFiguresHtml, type DrawnFigure } from './html.js';
import { renderNumbersJson, renderNumbersMarkdown } from './numbers-text.js';
import { articleNumbers } from './numbers.js';
import { Runs } from './runs.js';
import type { Figures, ScenarioLoader } from './types.js';

export type { ArticleNumber, FigureChart, Figures, ScenarioLoader, ScenarioRef } from './types.js';

/** The article's figures in article order, each chart a function of the runs. */
const CHARTS = [timeoutChart, retriesChart, scopesChart, retentionChart, waterfallChart, labChart];

export function buildFigures(load: ScenarioLoader): Figures {
  const runs = new Runs(load);
  return { numbers: articleNumbers(runs), charts: CHARTS.map((chart) => chart(runs)) };
}

export const NUMBERS_JSON = 'numbers.json';
export const NUMBERS_MD = 'numbers.md';
export const INDEX_HTML = 'index.html';

/** Every file of the figures folder, SVGs rendered. */
export async function figureFiles(figures: Figures): Promise<ReportFile[]> {
  const drawn: DrawnFigure[] = [];
  const chartFiles: ReportFile[] = [];
  // One at a time: renderSvg starts each chart's clip ids afresh (see svg.ts).
  for (const chart of figures.charts) {
    const svg = await renderSvg(chart.spec);
    drawn.push({ chart, svg });
    chartFiles.push({ name: `${chart.name}.vl.json`, content: `${JSON.stringify(chart.spec, null, 2)}\n` });
    chartFiles.push({ name: `${chart.name}.svg`, content: svg });
  }
  return [
    { name: INDEX_HTML, content: renderFiguresHtml(figures.numbers, drawn) },
    { name: NUMBERS_JSON, content: renderNumbersJson(figures.numbers) },
    { name: NUMBERS_MD, content: renderNumbersMarkdown(figures.numbers) },
    ...chartFiles,
  ];
}
