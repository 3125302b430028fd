// What a chart is to the report: a name (the file stem), a title, the one-line caption
// shown under the title, and the Vega-Lite spec itself; and what a chart is drawn from.
import type { TopLevelSpec } from 'vega-lite';
import type { Scenario } from '../../model/scenario.js';
import type { DetailedRunResult } from '../../model/result.js';

export interface ChartRun {
  scenario: Scenario;
  result: DetailedRunResult;
}

export interface Chart {
  /** File stem: NAME.vl.json, NAME.svg. */
  name: string;
  title: string;
  /** One line on what the chart shows; also the spec's `title.subtitle`. */
  caption: string;
  spec: TopLevelSpec;
}
