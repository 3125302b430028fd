// The report folder of `idemsim recommend --out DIR`: index.html (the answer, the targets,
// the runner-ups, the Pareto chart and every searched point), summary.json (the
// `--format json` document), the chart as NAME.vl.json and NAME.svg, and scenario.yaml:
// the scenario with the recommendation applied, ready to `idemsim run` or `check`.
import type { Recommendation } from '../../model/recommend.js';
import type { Scenario } from '../../model/scenario.js';
import { INDEX_FILE, SUMMARY_FILE, drawCharts } from '../folder.js';
import type { HtmlLink } from '../page.js';
import type { ReportFile } from '../../model/files.js';
import { renderRecommendHtml } from './html.js';
import { paretoChart } from './pareto.js';
import { renderRecommendJson } from './text.js';

export const RECOMMENDED_SCENARIO_FILE = 'scenario.yaml';

export async function recommendReportFiles(
  doc: Recommendation,
  base: Scenario,
  chosen: Scenario,
  version: string,
  scenarioYaml: (scenario: Scenario) => string,
): Promise<ReportFile[]> {
  const charts = await drawCharts([paretoChart(doc)], { png: false });
  const links: HtmlLink[] = [
    { href: SUMMARY_FILE, note: 'the search as `idemsim recommend --format json` prints it: every point and target' },
    {
      href: RECOMMENDED_SCENARIO_FILE,
      note: `the scenario with the ${doc.status === 'recommended' ? 'recommended' : 'closest'} configuration applied; \`idemsim run\` it again`,
    },
    ...charts.chartLinks,
  ];
  // The file as searched (seed, actions per point) with the answer applied; expect: as given.
  const scenario = { ...chosen, expect: base.expect };
  return [
    { name: INDEX_FILE, content: renderRecommendHtml(doc, version, charts, links) },
    { name: SUMMARY_FILE, content: renderRecommendJson(doc, version) },
    { name: RECOMMENDED_SCENARIO_FILE, content: scenarioYaml(scenario) },
    ...charts.chartFiles,
  ];
}
