// The report folder of `idemsim presets --compare --out DIR`, in the same form as a run's or
// a sweep's: index.html (the scenario, the chart, the table), summary.json (the `--format
// json` document), summary.csv, table.txt (the table as printed), scenario.yaml (the
// scenario before any preset) and the chart as NAME.vl.json and NAME.svg. No date, no
// clock: the same comparison writes the same bytes.
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
import type { ReportFile } from '../../model/files.js';
import { metricParts } from '../compare-cells.js';
import { compareChart } from './chart.js';
import {
  COMPARE_METRICS,
  KEY_NOTE,
  METRIC_LABELS,
  comparisonFacts,
  keyLabel,
  renderCompareCsv,
  renderCompareJson,
  renderCompareTable,
  type Comparison,
} from './compare.js';

export const TABLE_FILE = 'table.txt';
export const SCENARIO_FILE = 'scenario.yaml';

export async function compareReportFiles(
  comparison: Comparison,
  version: string,
  options: FolderOptions,
): Promise<ReportFile[]> {
  const { drawn, chartFiles, chartLinks } = await drawCharts([compareChart(comparison)], options);
  const links: HtmlLink[] = [
    { href: SUMMARY_FILE, note: 'the comparison as `idemsim presets --compare --format json` prints it' },
    { href: CSV_FILE, note: 'one row per preset, key and metric, with the 95% interval' },
    { href: TABLE_FILE, note: 'the table as `idemsim presets --compare` prints it' },
    { href: SCENARIO_FILE, note: 'the scenario before any preset; `idemsim presets --compare` it again' },
    ...chartLinks,
  ];
  return [
    { name: INDEX_FILE, content: renderCompareHtml(comparison, version, drawn, links) },
    { name: SUMMARY_FILE, content: renderCompareJson(comparison, version) },
    { name: CSV_FILE, content: renderCompareCsv(comparison) },
    { name: TABLE_FILE, content: renderCompareTable(comparison) },
    { name: SCENARIO_FILE, content: options.scenarioYaml(comparison.base) },
    ...chartFiles,
  ];
}

function renderCompareHtml(
  comparison: Comparison,
  version: string,
  charts: readonly HtmlChart[],
  links: readonly HtmlLink[],
): string {
  const { base } = comparison;
  const description = base.description.trim();
  return htmlPage(`idemsim presets --compare: ${base.name}`, simulatedBy(version), [
    '<section id="scenarios">',
    '<h2>Scenario</h2>',
    '<dl>',
    `<dt>${escapeHtml(base.name)}</dt>`,
    `<dd>${description === '' ? '<span class="none">no description</span>' : escapeHtml(description)}<span class="facts">${escapeHtml(comparisonFacts(comparison))}</span></dd>`,
    '</dl>',
    `<p>${inlineCode(`Each preset replaces the scenario's client block (fields it has no default for keep the scenario's values). ${KEY_NOTE}`)}</p>`,
    '</section>',
    '<section id="charts">',
    '<h2>Chart</h2>',
    ...charts.map(figure),
    '</section>',
    '<section id="points">',
    '<h2>Presets</h2>',
    table(comparison),
    '</section>',
    fileList(links),
  ]);
}

function table(comparison: Comparison): string {
  const head = ['preset', 'key', ...COMPARE_METRICS.map((m) => METRIC_LABELS[m])].map(
    (name) => `<th scope="col">${escapeHtml(name)}</th>`,
  );
  const rows = comparison.rows.map((row) => {
    const cells = COMPARE_METRICS.map((metric) => {
      const { value, interval } = metricParts(row.result, metric);
      return `<td>${escapeHtml(value)} <span class="ci">${escapeHtml(interval)}</span></td>`;
    });
    return `<tr><th scope="row">${escapeHtml(row.preset)}</th><th scope="row">${escapeHtml(keyLabel(row))}</th>${cells.join('')}</tr>`;
  });
  return ['<table>', `<thead><tr>${head.join('')}</tr></thead>`, '<tbody>', ...rows, '</tbody>', '</table>'].join('\n');
}
