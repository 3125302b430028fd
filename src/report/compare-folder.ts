// The report folder of a `--compare` command (presets, handlers): index.html (the scenario,
// the chart, the table), summary.json (the `--format json` document), summary.csv,
// table.txt (the table as printed), scenario.yaml (the scenario before anything replaced
// part of it) and the chart as NAME.vl.json and NAME.svg. No date, no clock: the same
// comparison writes the same bytes.
import type { ReportFile } from '../model/files.js';
import type { Scenario } from '../model/scenario.js';
import type { Chart } from './chart.js';
import { CSV_FILE, INDEX_FILE, SUMMARY_FILE, drawCharts, type FolderOptions } from './folder.js';
import { escapeHtml, fileList, figure, htmlPage, inlineCode, simulatedBy, type HtmlLink } from './page.js';

export const TABLE_FILE = 'table.txt';
export const SCENARIO_FILE = 'scenario.yaml';

/** What one comparison gives its folder. */
export interface CompareFolder {
  /** `presets --compare`, `handlers --compare`. */
  command: string;
  base: Scenario;
  chart: Chart;
  json: string;
  csv: string;
  table: string;
  /** What a row of the CSV is, what scenario.yaml is before, and what the table prints. */
  csvNote: string;
  scenarioNote: string;
  tableNote: string;
  /** The facts line beside the scenario, the paragraphs under it, the table section's heading and the table. */
  facts: string;
  notes: readonly string[];
  heading: string;
  htmlTable: string;
}

export async function compareFolderFiles(
  c: CompareFolder,
  version: string,
  options: FolderOptions,
): Promise<ReportFile[]> {
  const { drawn, chartFiles, chartLinks } = await drawCharts([c.chart], options);
  const links: HtmlLink[] = [
    { href: SUMMARY_FILE, note: `the comparison as \`idemsim ${c.command} --format json\` prints it` },
    { href: CSV_FILE, note: c.csvNote },
    { href: TABLE_FILE, note: c.tableNote },
    { href: SCENARIO_FILE, note: c.scenarioNote },
    ...chartLinks,
  ];
  const description = c.base.description.trim();
  const html = htmlPage(`idemsim ${c.command}: ${c.base.name}`, simulatedBy(version), [
    '<section id="scenarios">',
    '<h2>Scenario</h2>',
    '<dl>',
    `<dt>${escapeHtml(c.base.name)}</dt>`,
    `<dd>${description === '' ? '<span class="none">no description</span>' : escapeHtml(description)}<span class="facts">${escapeHtml(c.facts)}</span></dd>`,
    '</dl>',
    ...c.notes.map((note) => `<p>${inlineCode(note)}</p>`),
    '</section>',
    '<section id="charts">',
    '<h2>Chart</h2>',
    ...drawn.map(figure),
    '</section>',
    '<section id="points">',
    `<h2>${c.heading}</h2>`,
    c.htmlTable,
    '</section>',
    fileList(links),
  ]);
  return [
    { name: INDEX_FILE, content: html },
    { name: SUMMARY_FILE, content: c.json },
    { name: CSV_FILE, content: c.csv },
    { name: TABLE_FILE, content: c.table },
    { name: SCENARIO_FILE, content: options.scenarioYaml(c.base) },
    ...chartFiles,
  ];
}

/** An HTML table: a header row, then rows whose cells are written already. */
export function htmlTable(heads: readonly string[], rows: readonly string[]): string {
  const head = heads.map((name) => `<th scope="col">${escapeHtml(name)}</th>`);
  return ['<table>', `<thead><tr>${head.join('')}</tr></thead>`, '<tbody>', ...rows, '</tbody>', '</table>'].join('\n');
}
