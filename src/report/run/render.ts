// The output formats of `idemsim run` and the one place that picks a renderer. The table
// renderer (cli-table3, chalk) loads only when a table is asked for: JSON and CSV for
// scripts start faster without it.
import { renderCsv } from './csv.js';
import { renderJson } from './json.js';
import type { ScenarioRun } from '../../model/result.js';

export const OutputFormat = { table: 'table', json: 'json', csv: 'csv' } as const;
export type OutputFormat = keyof typeof OutputFormat;
export const OUTPUT_FORMATS: readonly [OutputFormat, ...OutputFormat[]] = ['table', 'json', 'csv'];

export interface RenderOptions {
  /** Decorate the table with ANSI colour (a person at a terminal). */
  color: boolean;
  /** The idemsim version recorded in JSON output. */
  version: string;
}

export async function render(
  format: OutputFormat,
  runs: readonly ScenarioRun[],
  options: RenderOptions,
): Promise<string> {
  switch (format) {
    case 'table':
      return (await import('./table.js')).renderTable(runs, { color: options.color });
    case 'json':
      return renderJson(runs, options.version);
    case 'csv':
      return renderCsv(runs);
  }
}
