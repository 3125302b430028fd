// `idemsim diff` for a person: where each side came from, then one borderless table with
// a section per scenario and a row per metric, then the rule behind the rows and the
// verdict. Colour (bold headings, a red FAIL) is the caller's decision, as in run's table.
import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import type { DiffReport, ScenarioDiff } from '../../model/diff.js';
import { NO_BORDER, terminalText } from '../text.js';
import {
  changeText,
  diffNote,
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

export interface DiffTableOptions {
  color: boolean;
}

const HEAD = ['metric', 'base', 'new', 'change', '95% CI of change', 'real'];

export function renderDiffTable(report: DiffReport, sides: DiffSides, options: DiffTableOptions): string {
  const paint = new Chalk({ level: options.color ? 1 : 0 });
  const gated = report.failOn.length > 0;
  const head = gated ? [...HEAD, 'gate'] : HEAD;
  const table = new Table({
    head: head.map((h) => paint.bold(h)),
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    colAligns: ['left', 'right', 'right', 'right', 'left', 'left', 'left'],
  });
  const blank = head.map(() => '');
  for (const scenario of report.scenarios) {
    table.push(blank, [paint.bold(terminalText(scenario.name)), ...blank.slice(1)]);
    for (const row of rows(scenario, gated, paint)) table.push(row);
  }
  const lines = [
    `base  ${sideText(sides.base)}`,
    `new   ${sideText(sides.new)}`,
    ...table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd()),
    '',
    paint.dim(diffNote(report)),
    ...unmatchedLines(report),
    report.passed ? verdictLine(report) : paint.red.bold(verdictLine(report)),
  ];
  return `${lines.join('\n')}\n`;
}

function rows(scenario: ScenarioDiff, gated: boolean, paint: ChalkInstance): string[][] {
  return scenario.metrics.map((diff) => {
    const cells = [
      `  ${diff.metric}`,
      valueText(diff.base, diff.unit),
      valueText(diff.new, diff.unit),
      changeText(diff),
      intervalText(diff),
      realText(diff),
    ];
    if (!gated) return cells;
    const gates = gatesOn(scenario, diff.metric).map((g) => {
      const text = gateText(g, diff.unit);
      return g.verdict === 'fail' ? paint.red.bold(text) : text;
    });
    return [...cells, gates.join('; ')];
  });
}
