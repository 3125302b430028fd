// index.html of a recommendation: the warnings and guards, the answer as a patch with each
// target judged on the search's run and on the verification run, the Pareto front (chart
// and verified runner-ups), what verification rejected, and every point the search looked
// at, on the shared page.
import { formatCount, formatMetric } from '../../format/format.js';
import { metricUnit } from '../../model/metrics.js';
import type { Configuration, Recommendation } from '../../model/recommend.js';
import type { DrawnCharts } from '../folder.js';
import { escapeHtml, figure, fileList, htmlPage, type HtmlLink } from '../page.js';
import { guardBaseText, guardStatusText, runText, settingsText, shortfalls, valueText, verdictText } from './rows.js';

export function renderRecommendHtml(
  doc: Recommendation,
  version: string,
  charts: DrawnCharts,
  links: readonly HtmlLink[],
): string {
  const heading = `idemsim recommend: ${doc.scenario}`;
  const rec = doc.recommended;
  const verdict =
    doc.status === 'recommended'
      ? 'Recommended configuration'
      : doc.status === 'unverified'
        ? 'Nothing recommended: every configuration that passed the search failed verification. Best of them'
        : `Nothing searched meets every target and guard; cannot be met: ${doc.unmet?.target ?? ''}. Closest configuration${doc.distance === null ? '' : ` (distance ${formatMetric(doc.distance.value, 'perAction')})`}`;
  const c = doc.counts;
  const meta = `Searched by idemsim ${escapeHtml(version)}: ${formatCount(doc.search.actionsPerPoint)} actions a point on seed ${escapeHtml(String(doc.seed))}, undecided promising points rerun up to ${formatCount(doc.search.maxActions)}; verified on seed ${escapeHtml(String(doc.verification.seed))} up to ${formatCount(doc.verification.maxActions)}. Targets judged on the ${escapeHtml(doc.judgedOn)}. ${c.simulated} points simulated (${c.confirmed} rerun until decided, ${c.verified} verified), ${c.pruned} pruned by closed forms.`;
  return htmlPage(heading, meta, [
    ...listSection('warnings', 'Warnings', doc.warnings),
    ...listSection('why', 'Why', doc.notes),
    '<section id="guards">',
    '<h2>Guards</h2>',
    '<p>Added by recommend so that the answer does no harm: a --target on the metric replaces one, --skip-guard METRIC drops it.</p>',
    table(
      ['guard', 'the scenario as given', '', 'why'],
      doc.guards.map((g) => [g.target, guardBaseText(g), guardStatusText(g), g.why]),
    ),
    '</section>',
    '<section id="answer">',
    `<h2>${escapeHtml(verdict)}</h2>`,
    `<p>${escapeHtml(settingsText(rec))}</p>`,
    `<pre><code>${escapeHtml(rec.patch === '' ? '# no change' : rec.patch)}</code></pre>`,
    targetTable(rec),
    `<p>${escapeHtml(doc.binds)}.</p>`,
    ...(doc.distance === null ? [] : [`<p>Distance: ${escapeHtml(doc.distance.rule)}.</p>`]),
    `<p>Ranked by ${escapeHtml(doc.ranking.rule)}.</p>`,
    '</section>',
    '<section id="front">',
    '<h2>Pareto front</h2>',
    ...charts.drawn.map(figure),
    '<h3>Runner-ups</h3>',
    '<p>Feasible configurations no other beats on every ranking metric, each verified on the independent seed.</p>',
    configTable(doc, doc.runnersUp),
    ...(doc.rejected.length === 0
      ? []
      : [
          '<h3>Rejected at verification</h3>',
          table(
            ['configuration', 'verification'],
            doc.rejected.map((r) => [settingsText(r), r.verification === null ? '' : shortfalls(r.verification)]),
          ),
        ]),
    '</section>',
    '<section id="points">',
    '<h2>Every point</h2>',
    pointTable(doc),
    ...doc.pruning.map((r) => `<p>Pruned ${r.points} (they break ${escapeHtml(r.target)}): ${escapeHtml(r.why)}</p>`),
    '</section>',
    fileList(links),
  ]);
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((x) => `<td>${escapeHtml(x)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

function targetTable(c: Configuration): string {
  const v = c.verification;
  const head = [
    'target',
    'source',
    `search (${runText(c.search)})`,
    '',
    ...(v === null ? ['verification'] : [`verification (${runText(v)})`, '']),
    '',
  ];
  const rows = c.search.targets.map((t, i) => {
    const w = v?.targets[i];
    return [
      t.target,
      t.source,
      valueText(t),
      verdictText(t),
      ...(w === undefined ? ['not verified'] : [valueText(w), verdictText(w)]),
      (w ?? t).binds ? 'binds' : '',
    ];
  });
  return table(head, rows);
}

function configTable(doc: Recommendation, configs: readonly Configuration[]): string {
  if (configs.length === 0) return '<p class="none">No verified runner-ups.</p>';
  const metrics = doc.ranking.metrics.map((m) => m.metric);
  const head = [...doc.dimensions.map((d) => d.path), ...metrics, 'verification'];
  const rows = configs.map((c) => [
    ...doc.dimensions.map((d) => c.settings[d.path] ?? ''),
    ...metrics.map((m) => formatMetric(c.ranking[m] ?? Number.NaN, metricUnit(m))),
    c.verification === null ? '' : `${c.verification.passed ? 'pass' : 'FAIL'} (${runText(c.verification)})`,
  ]);
  return table(head, rows);
}

function pointTable(doc: Recommendation): string {
  const metrics = [...new Set([...doc.ranking.metrics.map((m) => m.metric), ...doc.targets.map((t) => t.metric)])];
  const head = [...doc.dimensions.map((d) => d.path), 'status', 'actions', ...metrics];
  const rows = doc.points.map((p) => [
    ...doc.dimensions.map((d) => p.settings[d.path] ?? ''),
    p.status === 'pruned' ? `pruned: ${p.pruned?.target ?? ''}` : p.status,
    p.actions === null ? '' : formatCount(p.actions),
    ...metrics.map((m) => (p.metrics === undefined ? '' : formatMetric(p.metrics[m] ?? Number.NaN, metricUnit(m)))),
  ]);
  return table(head, rows);
}

/** A section of one list of messages; none when the list is empty. */
function listSection(id: string, title: string, items: readonly { message: string }[]): string[] {
  if (items.length === 0) return [];
  const list = items.map((item) => `<li>${escapeHtml(item.message)}</li>`).join('');
  return [`<section id="${id}">`, `<h2>${title}</h2>`, `<ul>${list}</ul>`, '</section>'];
}
