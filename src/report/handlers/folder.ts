// The report folder of `idemsim handlers --compare --out DIR`, in the same form as presets
// --compare's: index.html (the scenario, the chart, the tables), summary.json (the `--format
// json` document), summary.csv, table.txt (the tables as printed), scenario.yaml (the
// scenario before any profile) and the chart as NAME.vl.json and NAME.svg. No date, no
// clock: the same comparison writes the same bytes.
import type { ReportFile } from '../../model/files.js';
import { metricParts } from '../compare-cells.js';
import { CSV_FILE, INDEX_FILE, SUMMARY_FILE, drawCharts, type FolderOptions } from '../folder.js';
import {
  escapeHtml,
  fileList,
  figure,
  htmlPage,
  inlineCode,
  simulatedBy,
  type HtmlChart,
  type HtmlLink,
} from '../page.js';
import { handlerChart } from './chart.js';
import {
  COUNT_COLUMNS,
  HANDLER_NOTES,
  INTERVAL_COLUMNS,
  SETTING_HEADS,
  handlerFacts,
  renderHandlerCsv,
  renderHandlerJson,
  renderHandlerTable,
  settingsOf,
  type HandlerComparison,
  type HandlerRow,
} from './compare.js';

export const TABLE_FILE = 'table.txt';
export const SCENARIO_FILE = 'scenario.yaml';

export async function handlerReportFiles(
  comparison: HandlerComparison,
  version: string,
  options: FolderOptions,
): Promise<ReportFile[]> {
  const { drawn, chartFiles, chartLinks } = await drawCharts([handlerChart(comparison)], options);
  const links: HtmlLink[] = [
    { href: SUMMARY_FILE, note: 'the comparison as `idemsim handlers --compare --format json` prints it' },
    { href: CSV_FILE, note: 'one row per handler and metric, with the 95% interval' },
    { href: TABLE_FILE, note: 'the tables as `idemsim handlers --compare` prints them' },
    { href: SCENARIO_FILE, note: 'the scenario before any profile; `idemsim handlers --compare` it again' },
    ...chartLinks,
  ];
  return [
    { name: INDEX_FILE, content: renderHandlerHtml(comparison, version, drawn, links) },
    { name: SUMMARY_FILE, content: renderHandlerJson(comparison, version) },
    { name: CSV_FILE, content: renderHandlerCsv(comparison) },
    { name: TABLE_FILE, content: renderHandlerTable(comparison) },
    { name: SCENARIO_FILE, content: options.scenarioYaml(comparison.base) },
    ...chartFiles,
  ];
}

function renderHandlerHtml(
  comparison: HandlerComparison,
  version: string,
  charts: readonly HtmlChart[],
  links: readonly HtmlLink[],
): string {
  const { base } = comparison;
  const description = base.description.trim();
  return htmlPage(`idemsim handlers --compare: ${base.name}`, simulatedBy(version), [
    '<section id="scenarios">',
    '<h2>Scenario</h2>',
    '<dl>',
    `<dt>${escapeHtml(base.name)}</dt>`,
    `<dd>${description === '' ? '<span class="none">no description</span>' : escapeHtml(description)}<span class="facts">${escapeHtml(handlerFacts(comparison))}</span></dd>`,
    '</dl>',
    ...HANDLER_NOTES.map((note) => `<p>${inlineCode(note)}</p>`),
    '</section>',
    '<section id="charts">',
    '<h2>Chart</h2>',
    ...charts.map(figure),
    '</section>',
    '<section id="points">',
    '<h2>Handlers</h2>',
    table(comparison),
    '</section>',
    fileList(links),
  ]);
}

/** One table: the metrics with their intervals, then the settings the row ran with. */
function table(comparison: HandlerComparison): string {
  const heads = [
    'handler',
    ...INTERVAL_COLUMNS.map(([head]) => head),
    ...COUNT_COLUMNS.map((c) => c.head),
    ...SETTING_HEADS,
  ];
  const head = heads.map((name) => `<th scope="col">${escapeHtml(name)}</th>`);
  const rows = comparison.rows.map((row) => `<tr><th scope="row">${escapeHtml(row.handler)}</th>${cells(row)}</tr>`);
  return ['<table>', `<thead><tr>${head.join('')}</tr></thead>`, '<tbody>', ...rows, '</tbody>', '</table>'].join('\n');
}

function cells(row: HandlerRow): string {
  const metrics = INTERVAL_COLUMNS.map(([, metric]) => {
    const { value, interval } = metricParts(row.result, metric);
    return `<td>${escapeHtml(value)} <span class="ci">${escapeHtml(interval)}</span></td>`;
  });
  const settings = settingsOf(row);
  const words = [...COUNT_COLUMNS.map((c) => c.cell(row.result)), ...SETTING_HEADS.map((head) => settings[head] ?? '')];
  return [...metrics, ...words.map((word) => `<td>${escapeHtml(word)}</td>`)].join('');
}
