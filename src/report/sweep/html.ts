// index.html of a sweep folder: the same self-contained page as a run's (inline CSS and
// SVG, system fonts, no script, nothing fetched, no date), with the sweep's dimensions, one
// row per point with the chosen metrics and their intervals, and every chart.
import { metricUnit, metricValue } from '../../model/metrics.js';
import type { Sweep, SweepRun } from '../../model/sweep.js';
import { formatCount, formatInterval, formatMetric } from '../../format/format.js';
import { escapeHtml, fileList, figure, htmlPage, simulatedBy, type HtmlChart, type HtmlLink } from '../page.js';

export interface SweepHtml {
  version: string;
  sweep: Sweep;
  /** The scenario's description, shown under its name. */
  description: string;
  charts: readonly HtmlChart[];
  /** Why there are no charts, when there are none. */
  noCharts?: string;
  links: readonly HtmlLink[];
}

export function renderSweepHtml(report: SweepHtml): string {
  const { sweep } = report;
  const heading = `idemsim sweep: ${sweep.name}`;
  return htmlPage(heading, simulatedBy(report.version), [
    scenario(report),
    '<section id="charts">',
    '<h2>Charts</h2>',
    ...(report.charts.length > 0
      ? report.charts.map(figure)
      : [`<p class="none">${escapeHtml(report.noCharts ?? 'No charts.')}</p>`]),
    '</section>',
    '<section id="points">',
    '<h2>Points</h2>',
    table(sweep),
    '</section>',
    fileList(report.links),
  ]);
}

function scenario(report: SweepHtml): string {
  const { sweep } = report;
  const first = sweep.points[0]?.scenario;
  const description = report.description.trim();
  const facts =
    first === undefined
      ? ''
      : `${formatCount(sweep.points.length)} points, each seed ${String(first.seed)} (common random numbers), ${formatCount(first.actions)} actions`;
  const dims = sweep.vary.map((v) => `<li><code>${escapeHtml(v.path)}</code>: ${escapeHtml(v.labels.join(', '))}</li>`);
  return [
    '<section id="scenarios">',
    '<h2>Scenario</h2>',
    '<dl>',
    `<dt>${escapeHtml(sweep.name)}</dt>`,
    `<dd>${description === '' ? '<span class="none">no description</span>' : escapeHtml(description)}<span class="facts">${escapeHtml(facts)}</span></dd>`,
    '</dl>',
    `<h3>Varied (${sweep.vary.length === 1 ? 'one dimension' : `${sweep.vary.length} dimensions, the first outermost`})</h3>`,
    '<ul>',
    ...dims,
    '</ul>',
    '</section>',
  ].join('\n');
}

function table(sweep: Sweep): string {
  const head = [...sweep.vary.map((v) => v.path), ...sweep.metrics].map(
    (name) => `<th scope="col">${escapeHtml(name)}</th>`,
  );
  const rows = sweep.points.map((point) => {
    const coords = point.at.map((j, d) => `<th scope="row">${escapeHtml(sweep.vary[d]?.labels[j] ?? '')}</th>`);
    const cells = sweep.metrics.map((metric) => `<td>${cell(point, metric)}</td>`);
    return `<tr>${[...coords, ...cells].join('')}</tr>`;
  });
  return ['<table>', `<thead><tr>${head.join('')}</tr></thead>`, '<tbody>', ...rows, '</tbody>', '</table>'].join('\n');
}

function cell(point: SweepRun, metric: string): string {
  const unit = metricUnit(metric);
  const value = metricValue(point.result.metrics, metric);
  const interval = point.result.intervals[metric];
  const text = escapeHtml(formatMetric(value, unit));
  return interval === undefined
    ? text
    : `${text} <span class="ci">${escapeHtml(formatInterval(interval, unit, value))}</span>`;
}
