// `idemsim diff --format markdown`: a pull-request comment. One verdict line on top, then
// per scenario a GitHub table of the metrics that carry an interval (the ones a change can
// be judged on) and, folded away, those that do not (counts, peaks, maxima).
import { GateVerdict, type DiffReport, type MetricDiff, type ScenarioDiff } from '../../model/diff.js';
import {
  DIFF_NOTE,
  changeText,
  gateText,
  gatesOn,
  intervalText,
  realText,
  sideText,
  unmatchedLines,
  valueText,
  verdictLine,
  type DiffSides,
} from './cells.js';
import { terminalText } from '../text.js';

export function renderDiffMarkdown(report: DiffReport, sides: DiffSides): string {
  const blocks = [
    verdict(report),
    `base: ${code(sideText(sides.base))}<br>new: ${code(sideText(sides.new))}`,
    ...report.scenarios.map((scenario) => section(scenario, report.failOn.length > 0)),
    [...unmatchedLines(report).map(plain), `_${DIFF_NOTE}._`].join('<br>\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}

function verdict(report: DiffReport): string {
  const line = plain(verdictLine(report));
  if (report.failOn.length === 0) return `**idemsim diff**: ${line}`;
  return report.passed ? `**idemsim diff** ✅ ${line}` : `**idemsim diff** ❌ ${line}`;
}

function section(scenario: ScenarioDiff, gated: boolean): string {
  const tested = scenario.metrics.filter((m) => m.interval !== null || gatesOn(scenario, m.metric).length > 0);
  const untested = scenario.metrics.filter((m) => !tested.includes(m));
  const head = ['metric', 'base', 'new', 'change', '95% CI of change', 'real', ...(gated ? ['gate'] : [])];
  const align = ['---', '--:', '--:', '--:', '---', '---', ...(gated ? ['---'] : [])];
  const parts = [`#### ${cell(scenario.name)}`, ''];
  parts.push(row(head), row(align), ...tested.map((m) => row(testedCells(scenario, m, gated))));
  if (untested.length > 0) {
    parts.push(
      '',
      '<details>',
      `<summary>${untested.length} metrics without an interval (counts, peaks, maxima)</summary>`,
      '',
      row(['metric', 'base', 'new', 'change']),
      row(['---', '--:', '--:', '--:']),
      ...untested.map((m) => row([m.metric, valueText(m.base, m.unit), valueText(m.new, m.unit), changeText(m)])),
      '',
      '</details>',
    );
  }
  return parts.join('\n');
}

function testedCells(scenario: ScenarioDiff, diff: MetricDiff, gated: boolean): string[] {
  const real = diff.real === true ? `**${realText(diff)}**` : realText(diff);
  const cells = [
    diff.metric,
    valueText(diff.base, diff.unit),
    valueText(diff.new, diff.unit),
    changeText(diff),
    intervalText(diff),
    real,
  ];
  if (!gated) return cells;
  const gates = gatesOn(scenario, diff.metric).map((g) =>
    g.verdict === GateVerdict.fail ? `❌ **${gateText(g, diff.unit)}**` : gateText(g, diff.unit),
  );
  return [...cells, gates.join('; ')];
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
