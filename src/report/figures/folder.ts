// The article's folder, reports/article/, as files in memory: index.html, numbers.json,
// numbers.md, and each chart as NAME.vl.json, NAME.svg and NAME.png (drawn by the shared
// drawCharts; the PNG for writers whose tools take no SVG).
import type { Article } from '../../model/article.js';
import { INDEX_FILE, drawCharts } from '../folder.js';
import type { HtmlLink } from '../page.js';
import type { ReportFile } from '../../model/files.js';
import { articleCharts } from './charts/index.js';
import { renderArticleHtml } from './html.js';
import { renderNumbersJson, renderNumbersMarkdown } from './numbers.js';

export const NUMBERS_JSON = 'numbers.json';
export const NUMBERS_MD = 'numbers.md';

export async function articleFiles(article: Article): Promise<ReportFile[]> {
  const charts = articleCharts(article.figures);
  const { drawn, chartFiles, chartLinks } = await drawCharts(charts, { png: true });
  const links: HtmlLink[] = [
    {
      href: NUMBERS_MD,
      note: 'every number: closed form, expectation, simulated value and 95% interval, and how each was computed',
    },
    { href: NUMBERS_JSON, note: 'the same numbers for programs, with their `idemsim run` commands' },
    ...chartLinks,
  ];
  // drawCharts keeps the charts' order: each drawn chart gets back what the page says of it.
  const pageCharts = drawn.map((chart, i) => ({ ...chart, detail: charts[i]?.detail, sources: charts[i]?.sources }));
  return [
    { name: INDEX_FILE, content: renderArticleHtml(article.numbers, pageCharts, links) },
    { name: NUMBERS_JSON, content: renderNumbersJson(article.numbers) },
    { name: NUMBERS_MD, content: renderNumbersMarkdown(article.numbers) },
    ...chartFiles,
  ];
}
