// index.html of a run's report folder: the scenarios, the headline table beside every
// setting that was tested (defaults marked), every chart, the full table and links to the
// folder's files, on the shared page.
import { formatCount } from '../../format/format.js';
import type { ScenarioRun } from '../../model/result.js';
import { escapeHtml, figure, fileList, htmlPage, simulatedBy, type HtmlChart, type HtmlLink } from '../page.js';
import { sectionsFor, type Cell, type Section } from './sections.js';
import { SETTINGS_CSS, settingsSection, type SettingsOf } from './settings.js';

export interface HtmlReport {
  version: string;
  /** `defaults`: the fields that took the built-in default, when the summary says. */
  runs: readonly (ScenarioRun & { defaults?: readonly string[] })[];
  charts: readonly HtmlChart[];
  /** The folder's other files, in the order they are listed. */
  links: readonly HtmlLink[];
  /** Every field of a scenario as text (the scenario layer's scenarioSettings). */
  settings: SettingsOf;
  /** How many of the runs the charts draw, when fewer than all (folder.ts's MAX_CHARTED_RUNS). */
  charted?: number;
}

export function renderHtml(report: HtmlReport): string {
  const names = report.runs.map((run) => run.scenario.name).join(', ');
  const sections = sectionsFor(report.runs);
  const headline = sections.filter((section) => section.headline === true);
  const page = [
    scenarios(report.runs),
    // The headline and what produced it, side by side where the page is wide enough.
    '<div class="overview">',
    '<section id="headline">',
    '<h2>Headline</h2>',
    table(report.runs, headline, false),
    '</section>',
    settingsSection(report.runs, report.settings),
    '</div>',
    '<section id="charts">',
    '<h2>Charts</h2>',
    ...chartedNote(report.runs.length, report.charted),
    ...report.charts.map(figure),
    '</section>',
    '<section id="metrics">',
    '<h2>All metrics</h2>',
    table(report.runs, sections, true),
    '</section>',
    fileList(report.links),
  ];
  return htmlPage(`idemsim report: ${names}`, simulatedBy(report.version), page, SETTINGS_CSS);
}

function chartedNote(runs: number, charted: number | undefined): string[] {
  if (charted === undefined || charted >= runs) return [];
  return [
    `<p class="note">The charts draw the first ${formatCount(charted)} of the ${formatCount(runs)} scenarios; the tables below, summary.json and summary.csv hold every one.</p>`,
  ];
}

function scenarios(runs: readonly ScenarioRun[]): string {
  const items = runs.map(({ scenario }) => {
    const description = scenario.description.trim();
    const facts = `seed ${String(scenario.seed)}, ${formatCount(scenario.actions)} actions, key scope ${scenario.keys.scope}`;
    return [
      `<dt>${escapeHtml(scenario.name)}</dt>`,
      `<dd>${description === '' ? '<span class="none">no description</span>' : escapeHtml(description)}`,
      `<span class="facts">${escapeHtml(facts)}</span></dd>`,
    ].join('');
  });
  return [
    '<section id="scenarios">',
    `<h2>Scenario${runs.length > 1 ? 's' : ''}</h2>`,
    '<dl>',
    ...items,
    '</dl>',
    '</section>',
  ].join('\n');
}

/** The table renderer's sections as HTML: a label column, one column per scenario. */
function table(runs: readonly ScenarioRun[], sections: readonly Section[], titled: boolean): string {
  const head = ['<th scope="col"></th>', ...runs.map((run) => `<th scope="col">${escapeHtml(run.scenario.name)}</th>`)];
  const bodies = sections.map((section) => {
    const rows = section.rows.map((row) => {
      const label = row.label.trimStart();
      const sub = label !== row.label ? ' class="sub"' : '';
      const cells = runs.map((run) => `<td>${cellHtml(row.cell(run))}</td>`);
      return `<tr><th scope="row"${sub}>${escapeHtml(label)}</th>${cells.join('')}</tr>`;
    });
    const title = titled
      ? [`<tr class="section"><th colspan="${runs.length + 1}">${escapeHtml(section.title)}</th></tr>`]
      : [];
    return ['<tbody>', ...title, ...rows, '</tbody>'].join('\n');
  });
  return ['<table>', `<thead><tr>${head.join('')}</tr></thead>`, ...bodies, '</table>'].join('\n');
}

function cellHtml(cell: Cell): string {
  const value = escapeHtml(cell.value);
  return cell.interval === undefined ? value : `${value} <span class="ci">${escapeHtml(cell.interval)}</span>`;
}
