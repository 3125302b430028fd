// The output formats of `idemsim run` and the one place that picks a renderer.
import { renderCsv } from './csv.js';
import { renderJson } from './json.js';
import { renderTable } from './table.js';
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

export function render(format: OutputFormat, runs: readonly ScenarioRun[], options: RenderOptions): string {
  switch (format) {
    case 'table':
      return renderTable(runs, { color: options.color });
    case 'json':
      return renderJson(runs, options.version);
    case 'csv':
      return renderCsv(runs);
  }
}
