// The report for a person: the sections of sections.ts as one borderless table, a label
// column and one column per scenario headed by its name, so scenarios compare side by
// side, then what the brackets mean and where each term is defined (`idemsim help
// metrics`). Colour is decoration only (bold headline, dim intervals) and comes from the
// caller's decision, never from chalk's own detection, so output is deterministic. Names
// and descriptions are made safe for a terminal before they are coloured.
import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { INTERVAL_NOTE, NO_BORDER, terminalText, wrap } from '../text.js';
import { anyDay } from './per-day.js';
import { sectionsFor, type Cell } from './sections.js';
import type { ScenarioRun } from '../../model/result.js';

export interface TableOptions {
  color: boolean;
}

export function renderTable(runs: readonly ScenarioRun[], options: TableOptions): string {
  // Level 1 (16 colours) is enough for bold and dim, and the same on every terminal.
  const paint = new Chalk({ level: options.color ? 1 : 0 });
  const table = new Table({
    head: ['', ...runs.map((run) => paint.bold(headOf(run)))],
    chars: NO_BORDER,
    // cli-table3 would colour headers and borders with its own terminal detection.
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    colAligns: ['left', ...runs.map(() => 'right' as const)],
  });
  const empty = runs.map(() => '');
  let intervals = false;
  sectionsFor(runs).forEach((section, index) => {
    if (index > 0) table.push(['', ...empty]);
    table.push([paint.bold(section.title), ...empty]);
    for (const row of section.rows) {
      const cells = runs.map((run) => row.cell(run));
      intervals ||= cells.some((cell) => cell.interval !== undefined);
      table.push([`  ${row.label}`, ...cells.map((cell) => cellText(cell, paint, section.headline === true))]);
    }
  });
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  lines.push('', ...footer(runs, intervals).map((line) => paint.dim(line)));
  for (const run of runs) {
    // Wrapping turns every run of white space into one space; what is left is shown safe.
    const description = terminalText(run.scenario.description.trim().replace(/\s+/g, ' '));
    if (description !== '')
      lines.push('', ...wrap(`${paint.bold(terminalText(run.scenario.name))}: ${description}`, DESCRIPTION_WIDTH));
  }
  return `${lines.join('\n')}\n`;
}

const DESCRIPTION_WIDTH = 96;

/** Where the terms are defined, written under every table. */
export const GLOSSARY_NOTE = 'definitions of every row: idemsim help metrics';
/** Why no rate per thousand is shown per day, when no run's rate can be told per day. */
export const NO_DAY_NOTE =
  'per day: not shown for a run whose arrival rate or conditions change over time (arrivals.profile, incidents)';

/** What the brackets mean (when some cell has an interval), why there is no "per day", and where every term is defined. */
function footer(runs: readonly ScenarioRun[], intervals: boolean): string[] {
  return [...(intervals ? [INTERVAL_NOTE] : []), ...(anyDay(runs) ? [] : [NO_DAY_NOTE]), GLOSSARY_NOTE];
}

function cellText(cell: Cell, paint: ChalkInstance, headline: boolean): string {
  const value = headline ? paint.bold(cell.value) : cell.value;
  return cell.interval === undefined ? value : `${value} ${paint.dim(cell.interval)}`;
}

/** A column's head: the scenario's name, and how many replicas a pooled run joins. */
function headOf(run: ScenarioRun): string {
  const name = terminalText(run.scenario.name);
  return run.replicas === undefined ? name : `${name} (${run.replicas} replicas)`;
}
