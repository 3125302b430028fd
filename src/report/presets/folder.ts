// The report folder of `idemsim presets --compare --out DIR`, in the same form as a run's or
// a sweep's: index.html (the scenario, the chart, the table), summary.json (the `--format
// json` document), summary.csv, table.txt (the table as printed), scenario.yaml (the
// scenario before any preset) and the chart as NAME.vl.json and NAME.svg. No date, no
// clock: the same comparison writes the same bytes.
import type { FolderOptions } from '../folder.js';
import { compareFolderFiles, htmlTable } from '../compare-folder.js';
import { escapeHtml } from '../page.js';
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

export async function compareReportFiles(
  comparison: Comparison,
  version: string,
  options: FolderOptions,
): Promise<ReportFile[]> {
  return compareFolderFiles(
    {
      command: 'presets --compare',
      base: comparison.base,
      chart: compareChart(comparison),
      json: renderCompareJson(comparison, version),
      csv: renderCompareCsv(comparison),
      table: renderCompareTable(comparison),
      csvNote: 'one row per preset, key and metric, with the 95% interval',
      tableNote: 'the table as `idemsim presets --compare` prints it',
      scenarioNote: 'the scenario before any preset; `idemsim presets --compare` it again',
      facts: comparisonFacts(comparison),
      notes: [
        `Each preset replaces the scenario's client block (fields it has no default for keep the scenario's values). ${KEY_NOTE}`,
      ],
      heading: 'Presets',
      htmlTable: table(comparison),
    },
    version,
    options,
  );
}

function table(comparison: Comparison): string {
  const rows = comparison.rows.map((row) => {
    const cells = COMPARE_METRICS.map((metric) => {
      const { value, interval } = metricParts(row.result, metric);
      return `<td>${escapeHtml(value)} <span class="ci">${escapeHtml(interval)}</span></td>`;
    });
    return `<tr><th scope="row">${escapeHtml(row.preset)}</th><th scope="row">${escapeHtml(keyLabel(row))}</th>${cells.join('')}</tr>`;
  });
  return htmlTable(['preset', 'key', ...COMPARE_METRICS.map((m) => METRIC_LABELS[m])], rows);
}
