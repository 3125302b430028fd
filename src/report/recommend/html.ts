// index.html of a recommendation: the answer as a patch with each target judged on it, the
// Pareto front (chart and runner-ups) and every point the search looked at, on the shared page.
import { formatInterval, formatMetric } from '../../model/format.js';
import { metricUnit } from '../../model/metrics.js';
import type { Configuration, Recommendation } from '../../model/recommend.js';
import type { DrawnCharts } from '../folder.js';
import { escapeHtml, figure, fileList, htmlPage, type HtmlLink } from '../page.js';

export function renderRecommendHtml(
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

const cell = (text: string): string => `<td>${escapeHtml(text)}</td>`;

function targetTable(c: Configuration): string {
  const rows = c.targets.map((t) => {
    const unit = metricUnit(t.metric);
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
        ...doc.prefer.map((m) => formatMetric(c.preferred[m] ?? Number.NaN, metricUnit(m))),
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
      ...metrics.map((m) => (p.metrics === undefined ? '' : formatMetric(p.metrics[m] ?? Number.NaN, metricUnit(m)))),
    ]
      .map(cell)
      .join('')}</tr>`;
  });
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
