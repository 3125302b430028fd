// `idemsim diff --format markdown`: a pull-request comment, in the order a reviewer reads
// it. The verdict on the first line; then the failed gates and the undecided ones, each in
// one line; where the two sides came from; one table of the changes that are real, across
// scenarios; and, folded into <details>, every scenario's full table. The comment never
// passes MARKDOWN_LIMIT characters (GitHub refuses a comment over 65,536): what does not
// fit is cut from the end, the folded tables first, and the comment says what was cut.
import { GateVerdict, type DiffReport, type MetricDiff, type ScenarioDiff } from '../../model/diff.js';
import {
  changeText,
  diffNote,
  failureText,
  gateText,
  gatesOn,
  gatesWith,
  intervalText,
  plural,
  realText,
  sideText,
  unmatchedLines,
  valueText,
  verdictLine,
  type DiffSides,
} from './cells.js';
import { terminalText } from '../text.js';

/** The most characters a comment holds: under GitHub's 65,536, with room for a note added around it. */
export const MARKDOWN_LIMIT = 60_000;

/** At most this many failed or undecided gates are listed one by one; the rest are counted. */
const LISTED = 40;

export function renderDiffMarkdown(report: DiffReport, sides: DiffSides): string {
  const gated = report.failOn.length > 0;
  const head = [
    verdict(report),
    ...gateList(report, GateVerdict.fail, '❌ Failed'),
    ...gateList(report, GateVerdict.undecided, '❔ Undecided (more actions would tell)'),
    `base: ${code(sideText(sides.base))}<br>new: ${code(sideText(sides.new))}`,
  ];
  const real = realChanges(report, gated);
  const folded = report.scenarios.map((scenario) => fullTable(scenario, gated));
  const tail = [...unmatchedLines(report).map(plain), `_${diffNote(report)}._`].join('<br>\n');
  return fit(head, real, folded, tail);
}

function verdict(report: DiffReport): string {
  const line = plain(verdictLine(report));
  if (report.failOn.length === 0) return `**idemsim diff**: ${line}`;
  return report.passed ? `**idemsim diff** ✅ ${line}` : `**idemsim diff** ❌ ${line}`;
}

/** The gates with `verdict`, one line each, under a heading; nothing when there are none. */
function gateList(report: DiffReport, verdict: GateVerdict, title: string): string[] {
  const gates = gatesWith(report, verdict);
  if (gates.length === 0) return [];
  const lines = gates.slice(0, LISTED).map(({ scenario, gate }) => `- ${plain(failureText(scenario, gate))}`);
  if (gates.length > LISTED) lines.push(`- and ${gates.length - LISTED} more (see --format json)`);
  return [`**${title}: ${gates.length}**\n\n${lines.join('\n')}`];
}

/** One table of the metrics whose change is real, every scenario's in turn. */
function realChanges(report: DiffReport, gated: boolean): string[] {
  const rows = report.scenarios.flatMap((scenario) =>
    scenario.metrics.filter((m) => m.real === true).map((m) => row([scenario.name, ...cells(scenario, m, gated)])),
  );
  const title = `**Real changes** (95% CI of the change excludes 0): ${rows.length}`;
  if (rows.length === 0) return [`${title}`];
  const head = ['scenario', 'metric', 'base', 'new', 'change', '95% CI of change', ...(gated ? ['gate'] : [])];
  const align = ['---', '---', '--:', '--:', '--:', '---', ...(gated ? ['---'] : [])];
  return [`${title}\n\n${row(head)}\n${row(align)}`, ...rows];
}

/** Every metric of one scenario, folded. */
function fullTable(scenario: ScenarioDiff, gated: boolean): string {
  const head = ['metric', 'base', 'new', 'change', '95% CI of change', 'real', ...(gated ? ['gate'] : [])];
  const align = ['---', '--:', '--:', '--:', '---', '---', ...(gated ? ['---'] : [])];
  const rows = scenario.metrics.map((m) => {
    const [metric = '', base = '', fresh = '', change = '', interval = '', ...gate] = cells(scenario, m, gated);
    return row([metric, base, fresh, change, interval, realText(m), ...gate]);
  });
  return [
    '<details>',
    `<summary>${cell(scenario.name)}: all ${plural(scenario.metrics.length, 'metric')}</summary>`,
    '',
    row(head),
    row(align),
    ...rows,
    '',
    '</details>',
  ].join('\n');
}

function cells(scenario: ScenarioDiff, diff: MetricDiff, gated: boolean): string[] {
  const values = [
    diff.metric,
    valueText(diff.base, diff.unit),
    valueText(diff.new, diff.unit),
    changeText(diff),
    intervalText(diff),
  ];
  if (!gated) return values;
  const gates = gatesOn(scenario, diff.metric).map((g) =>
    g.verdict === GateVerdict.fail ? `❌ **${gateText(g, diff.unit)}**` : gateText(g, diff.unit),
  );
  return [...values, gates.join('; ')];
}

/**
 * The comment within MARKDOWN_LIMIT: the head always (its lists are capped), then as many
 * rows of the real changes and as many folded tables as fit, with a line on what was cut.
 */
function fit(head: readonly string[], real: readonly string[], folded: readonly string[], tail: string): string {
  const room = MARKDOWN_LIMIT - 400; // the line on what was cut
  let text = head.join('\n\n');
  const [title, ...rows] = real;
  let cutRows = 0;
  if (title !== undefined) {
    text += `\n\n${title}`;
    for (const [i, line] of rows.entries()) {
      if (text.length + line.length + tail.length + 2 > room) {
        cutRows = rows.length - i;
        break;
      }
      text += `\n${line}`;
    }
  }
  let cutTables = 0;
  for (const [i, block] of folded.entries()) {
    if (cutRows > 0 || text.length + block.length + tail.length + 4 > room) {
      cutTables = folded.length - i;
      break;
    }
    text += `\n\n${block}`;
  }
  const cut = [
    ...(cutRows > 0 ? [`${plural(cutRows, 'row')} of real changes`] : []),
    ...(cutTables > 0 ? [`the full tables of ${plural(cutTables, 'scenario')}`] : []),
  ];
  if (cut.length > 0) {
    text += `\n\n_Cut to stay under ${MARKDOWN_LIMIT.toLocaleString('en-US')} characters: ${cut.join(' and ')}; \`--format json\` or \`--format table\` has everything._`;
  }
  return `${text}\n\n${tail}\n`;
}

/** A table row; pipes inside a cell are escaped so they cannot split it. */
function row(cells: readonly string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

/** A cell or heading: one line, no pipe to split a row. */
function cell(text: string): string {
  return plain(text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' '));
}

/** Text with names in it: no tag for a renderer to run, no control character for a terminal. */
function plain(text: string): string {
  return terminalText(text.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
}

/** Inline code that survives backticks in a file name (then plain text, its tags escaped). */
function code(text: string): string {
  return text.includes('`') ? plain(text) : `\`${text}\``;
}
