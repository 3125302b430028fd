// What was tested, beside the headline: every field of each run's scenario as text in its
// unit, one column per scenario, and the fields that took the built-in default greyed and
// marked "default", so that a reviewer of the page sees the timeout, retries, backoff and
// retention without opening scenario.yaml.
import type { Scenario } from '../../model/scenario.js';
import { usesOptionalMetrics } from '../../model/features.js';
import { escapeHtml } from '../page.js';

/** One field as a person reads it (the scenario layer's scenarioSettings writes these). */
export interface ScenarioSetting {
  /** The dotted path, as a file or `--set` writes it. */
  path: string;
  /** Its top-level group, '' for a top-level field. */
  group: string;
  groupDoc: string;
  /** The value with its unit. */
  value: string;
  doc: string;
}

/**
 * Every field of a scenario, in the field table's order; the optional fields at their
 * defaults only with `everyField` (then the list is the same for every scenario).
 */
export type SettingsOf = (scenario: Scenario, everyField?: boolean) => readonly ScenarioSetting[];

export interface SettingsRun {
  scenario: Scenario;
  /** The fields that took the built-in default; undefined when the summary does not say. */
  defaults?: readonly string[];
}

export function settingsSection(runs: readonly SettingsRun[], settingsOf: SettingsOf): string {
  // Beside a run that carries optional metrics, every column lists every field, so the rows line up.
  const everyField = runs.some((run) => usesOptionalMetrics(run.scenario));
  const columns = runs.map((run) => ({
    settings: new Map(settingsOf(run.scenario, true).map((s) => [s.path, s])),
    defaults: run.defaults === undefined ? undefined : new Set(run.defaults),
  }));
  // A row that any run shows is shown for all: a field one file alone sets is a row whichever file comes first.
  const shown = new Set(runs.flatMap((run) => settingsOf(run.scenario, everyField).map((s) => s.path)));
  const fields = runs[0] === undefined ? [] : settingsOf(runs[0].scenario, true).filter((s) => shown.has(s.path));
  const head = ['<th scope="col"></th>', ...runs.map((run) => `<th scope="col">${escapeHtml(run.scenario.name)}</th>`)];
  const body: string[] = [];
  let group: string | undefined;
  for (const field of fields) {
    // A group opens with its doc; top-level fields after a group, with a plain rule.
    if (field.group !== group && (field.group !== '' || group !== undefined)) {
      const title = field.group === '' ? '' : `${escapeHtml(field.group)}: <span>${escapeHtml(field.groupDoc)}</span>`;
      body.push(`<tr class="section"><th colspan="${runs.length + 1}">${title}</th></tr>`);
    }
    group = field.group;
    const cells = columns.map(({ settings, defaults }) => {
      const value = escapeHtml(settings.get(field.path)?.value ?? '');
      return defaults?.has(field.path) === true
        ? `<td class="default">${value} <span class="tag">default</span></td>`
        : `<td>${value}</td>`;
    });
    const label = `<th scope="row" title="${escapeHtml(field.doc)}"><code>${escapeHtml(field.path)}</code></th>`;
    body.push(`<tr>${label}${cells.join('')}</tr>`);
  }
  return [
    '<section id="settings">',
    '<h2>Settings</h2>',
    '<table>',
    `<thead><tr>${head.join('')}</tr></thead>`,
    '<tbody>',
    ...body,
    '</tbody>',
    '</table>',
    `<p class="note">${note(runs)}</p>`,
    '</section>',
  ].join('\n');
}

function note(runs: readonly SettingsRun[]): string {
  const every = runs.length > 1 ? "every scenario's" : "the scenario's";
  const marks = runs.every((run) => run.defaults !== undefined)
    ? 'Marked <span class="tag">default</span>: the built-in default, which neither the file nor a <code>--set</code> wrote. '
    : 'This summary does not say which values are defaults (idemsim recorded that from a later version). ';
  return `${marks}Point at a field for what it means; the folder's scenario files hold ${every} fields as a file writes them.`;
}

/** The settings table's own rules, added to the shared page's. */
export const SETTINGS_CSS = `
.overview { display: flex; flex-wrap: wrap; align-items: flex-start; column-gap: 3.5rem; }
.overview > section { flex: 0 1 auto; min-width: 0; }
#settings td { text-align: left; }
#settings th[scope="row"] { cursor: help; }
#settings code { font-size: .9em; }
#settings tr.section th { font-weight: 600; padding-top: .6rem; }
#settings tr.section th span { font-weight: normal; color: #555; }
#settings td.default { color: #6b6b6b; }
.tag { font-size: .72em; text-transform: uppercase; letter-spacing: .04em; color: #6b6b6b; border: 1px solid #ccc; border-radius: 3px; padding: 0 .25em; margin-left: .3em; white-space: nowrap; }
.note { color: #555; font-size: .9em; max-width: 34rem; }
`.trim();
