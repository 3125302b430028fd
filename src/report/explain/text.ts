// The rows of `idemsim explain` for a person (a table, then each formula and how its
// simulated value is measured) and for machines (JSON). Deterministic: no colour, no clock.
import Table from 'cli-table3';
import type { Comparison } from '../../model/comparison.js';
import { formatInterval, formatMetric, NOT_AVAILABLE } from '../../format/format.js';
import { NO_BORDER, terminalText, wrap } from '../text.js';

/** Who ran: the scenario's name, its file (undefined for the built-in defaults), size and seed. */
export interface ExplainHeader {
  scenario: string;
  file: string | undefined;
  actions: number;
  seed: number | string;
}

// Only floating-point rounding, as in the simulator tests: a closed form computed as
// x - (1 - (1 - x)) may land a hair outside an interval that starts at 0.
const ROUNDING = 1e-9;

/** "within CI", "outside CI", or why the comparison is not made. */
export function verdict(row: Comparison): string {
  if (!row.applies) return `does not apply: ${row.why ?? 'no reason given'}`;
  if (row.closedForm === null) return 'no closed form here: the simulated value, scaled';
  if (row.interval === null) return 'no interval: the run counted nothing to compare';
  const slack = ROUNDING * Math.max(1, Math.abs(row.closedForm));
  const inside = row.closedForm >= row.interval.low - slack && row.closedForm <= row.interval.high + slack;
  return inside ? 'within CI' : 'outside CI';
}

const VERDICT_WIDTH = 60;
const NOTE_WIDTH = 96;

function closedFormText(row: Comparison): string {
  return row.closedForm === null ? '-' : formatMetric(row.closedForm, row.unit);
}

function simulatedText(row: Comparison): string {
  if (!Number.isFinite(row.simulated)) return NOT_AVAILABLE;
  const value = formatMetric(row.simulated, row.unit);
  return row.interval === null ? value : `${value} ${formatInterval(row.interval, row.unit, row.simulated)}`;
}

export function renderExplainTable(header: ExplainHeader, rows: readonly Comparison[]): string {
  const table = new Table({
    head: ['', 'closed form', 'simulated [95% CI]', 'verdict'],
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    colAligns: ['left', 'right', 'right', 'left'],
  });
  let above = '';
  for (const row of rows) {
    const text = verdict(row);
    // The rows of one closed form usually fail for the same reasons: give them once.
    const shown = !row.applies && text === above ? 'does not apply (as above)' : text;
    above = text;
    const [first = '', ...rest] = wrap(shown, VERDICT_WIDTH);
    table.push([row.name, closedFormText(row), simulatedText(row), first]);
    for (const line of rest) table.push(['', '', '', `  ${line}`]);
  }
  const source = header.file ?? 'the built-in defaults';
  const lines = [
    terminalText(
      `${header.scenario} (${source}): ${formatMetric(header.actions, 'count')} actions, seed ${String(header.seed)}`,
    ),
    '',
    ...table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd()),
    '',
    'Each closed form, and how its simulated value is measured where the closed form applies:',
  ];
  let previous: string | undefined;
  for (const row of rows) {
    lines.push(...wrap(`${row.name} = ${row.formula}`, NOTE_WIDTH, '  ', '      '));
    // Rows from one closed form share their note: print it once, under the first of them.
    const note = row.applies ? row.why : undefined;
    if (note !== undefined && note !== previous) lines.push(...wrap(note, NOTE_WIDTH, '    ', '    '));
    previous = note;
  }
  return `${lines.join('\n')}\n`;
}

export function renderExplainJson(header: ExplainHeader, rows: readonly Comparison[], version: string): string {
  const document = {
    idemsim: version,
    scenario: header.scenario,
    file: header.file ?? null,
    actions: header.actions,
    seed: header.seed,
    rows: rows.map((row) => ({
      name: row.name,
      formula: row.formula,
      closedForm: row.closedForm,
      simulated: row.simulated,
      interval: row.interval === null ? null : { low: row.interval.low, high: row.interval.high },
      unit: row.unit,
      applies: row.applies,
      why: row.why ?? null,
      verdict: verdict(row),
    })),
  };
  // JSON.stringify writes NaN (a share of nothing) as null.
  return `${JSON.stringify(document, null, 2)}\n`;
}
