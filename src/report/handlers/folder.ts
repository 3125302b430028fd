// The report folder of `idemsim handlers --compare --out DIR`, in the same form as presets
// --compare's: index.html (the scenario, the chart, the tables), summary.json (the `--format
// json` document), summary.csv, table.txt (the tables as printed), scenario.yaml (the
// scenario before any profile) and the chart as NAME.vl.json and NAME.svg. No date, no
// clock: the same comparison writes the same bytes.
import type { ReportFile } from '../../model/files.js';
import { metricParts } from '../compare-cells.js';
import type { FolderOptions } from '../folder.js';
import { compareFolderFiles, htmlTable } from '../compare-folder.js';
import { escapeHtml } from '../page.js';
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

export async function handlerReportFiles(
  comparison: HandlerComparison,
  version: string,
  options: FolderOptions,
): Promise<ReportFile[]> {
  return compareFolderFiles(
    {
      command: 'handlers --compare',
      base: comparison.base,
      chart: handlerChart(comparison),
      json: renderHandlerJson(comparison, version),
      csv: renderHandlerCsv(comparison),
      table: renderHandlerTable(comparison),
      csvNote: 'one row per handler and metric, with the 95% interval',
      tableNote: 'the tables as `idemsim handlers --compare` prints them',
      scenarioNote: 'the scenario before any profile; `idemsim handlers --compare` it again',
      facts: handlerFacts(comparison),
      notes: HANDLER_NOTES,
      heading: 'Handlers',
      htmlTable: table(comparison),
    },
    version,
    options,
  );
}

/** One table: the metrics with their intervals, then the settings the row ran with. */
function table(comparison: HandlerComparison): string {
  const heads = [
    'handler',
    ...INTERVAL_COLUMNS.map(([head]) => head),
    ...COUNT_COLUMNS.map((c) => c.head),
    ...SETTING_HEADS,
  ];
  const rows = comparison.rows.map((row) => `<tr><th scope="row">${escapeHtml(row.handler)}</th>${cells(row)}</tr>`);
  return htmlTable(heads, rows);
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
