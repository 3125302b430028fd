// The report folder of `idemsim recommend --out DIR`: index.html (the answer, the targets,
// the runner-ups, the Pareto chart and every searched point), summary.json (the
// `--format json` document), the chart as NAME.vl.json and NAME.svg, and scenario.yaml:
// the scenario with the recommendation applied, ready to `idemsim run` or `check`.
import type { Configuration, Recommendation } from '../recommend/answer.js';
import { scenarioToYaml } from '../scenario/index.js';
import type { Scenario } from '../model/scenario.js';
import { metricInfo } from '../model/metrics.js';
import { paretoChart } from './charts/pareto.js';
import { INDEX_FILE, SUMMARY_FILE, drawCharts, type DrawnCharts } from './folder.js';
import { formatInterval, formatMetric } from '../model/format.js';
import { escapeHtml, figure, fileList, htmlPage, type HtmlLink } from './html.js';
import { renderRecommendJson } from './recommend-text.js';
import type { ReportFile } from './write.js';

export const RECOMMENDED_SCENARIO_FILE = 'scenario.yaml';

export async function recommendReportFiles(
  doc: Recommendation,
  base: Scenario,
  chosen: Scenario,
  version: string,
): Promise<ReportFile[]> {
  const charts = await drawCharts([paretoChart(doc)], { png: false });
  const links: HtmlLink[] = [
    { href: SUMMARY_FILE, note: 'the search as `idemsim recommend --format json` prints it: every point and target' },
    {
      href: RECOMMENDED_SCENARIO_FILE,
      note: `the scenario with the ${doc.feasible ? 'recommended' : 'closest'} configuration applied; \`idemsim run\` it again`,
    },
    ...charts.chartLinks,
  ];
  // The file as searched (seed, actions per point) with the answer applied; expect: as given.
  const scenario = { ...chosen, expect: base.expect };
  return [
    { name: INDEX_FILE, content: renderRecommendHtml(doc, version, charts, links) },
    { name: SUMMARY_FILE, content: renderRecommendJson(doc, version) },
    { name: RECOMMENDED_SCENARIO_FILE, content: scenarioToYaml(scenario) },
    ...charts.chartFiles,
  ];
}

function renderRecommendHtml(
  doc: Recommendation,
  version: string,
  charts: DrawnCharts,
  links: readonly HtmlLink[],
): string {
  const heading = `idemsim recommend: ${doc.scenario}`;
  const rec = doc.recommended;
  const verdict = doc.feasible
    ? 'Recommended configuration'
    : `Nothing searched meets every target; cannot be met: ${doc.unmet?.target ?? ''}. Closest configuration`;
  const meta = `Searched by idemsim ${escapeHtml(version)}: ${doc.actions} actions per point, seed ${escapeHtml(String(doc.seed))}; targets judged on the ${escapeHtml(doc.judgedOn)}. ${doc.simulated} points simulated, ${doc.pruned} pruned by closed forms.`;
  return htmlPage(heading, meta, [
    '<section id="answer">',
    `<h2>${escapeHtml(verdict)}</h2>`,
    `<pre><code>${escapeHtml(rec.patch === '' ? '# no change' : rec.patch)}</code></pre>`,
    targetTable(rec),
    '</section>',
    '<section id="front">',
    '<h2>Pareto front</h2>',
    ...charts.drawn.map(figure),
    configTable(doc, doc.runnersUp),
    '</section>',
    '<section id="points">',
    '<h2>Every point</h2>',
    pointTable(doc),
    '</section>',
    fileList(links),
  ]);
}

const unitOf = (metric: string) => metricInfo(metric)?.unit ?? 'count';
const cell = (text: string): string => `<td>${escapeHtml(text)}</td>`;

function targetTable(c: Configuration): string {
  const rows = c.targets.map((t) => {
    const unit = unitOf(t.metric);
    return `<tr>${[
      `${t.metric} ${t.op} ${formatMetric(t.limit, unit)}`,
      formatMetric(t.value, unit),
      t.interval === null ? '' : formatInterval(t.interval, unit, t.value),
      (t.pass ? 'met' : 'not met') + (t.binds ? ', binds' : ''),
    ]
      .map(cell)
      .join('')}</tr>`;
  });
  return `<table><thead><tr><th>target</th><th>value</th><th>95% interval</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function configTable(doc: Recommendation, configs: readonly Configuration[]): string {
  if (configs.length === 0)
    return '<p class="none">No runner-ups: the recommendation is the only non-dominated feasible point.</p>';
  const head = [...doc.dimensions.map((d) => d.path), ...doc.prefer].map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const rows = configs.map(
    (c) =>
      `<tr>${[
        ...doc.dimensions.map((d) => c.settings[d.path] ?? ''),
        ...doc.prefer.map((m) => formatMetric(c.preferred[m] ?? Number.NaN, unitOf(m))),
      ]
        .map(cell)
        .join('')}</tr>`,
  );
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function pointTable(doc: Recommendation): string {
  const metrics = [...new Set([...doc.prefer, ...doc.targets.map((t) => t.metric)])];
  const head = [...doc.dimensions.map((d) => d.path), 'status', ...metrics]
    .map((h) => `<th>${escapeHtml(h)}</th>`)
    .join('');
  const rows = doc.points.map((p) => {
    const status = p.status === 'pruned' ? `pruned: ${p.pruned?.target ?? ''}` : p.feasible ? 'feasible' : 'infeasible';
    return `<tr>${[
      ...doc.dimensions.map((d) => p.settings[d.path] ?? ''),
      status,
      ...metrics.map((m) => (p.metrics === undefined ? '' : formatMetric(p.metrics[m] ?? Number.NaN, unitOf(m)))),
    ]
      .map(cell)
      .join('')}</tr>`;
  });
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
