// What an article chart is: a report chart plus what the article's page says about it (a
// few sentences and the scenarios behind it).
import type { Chart } from '../../chart.js';

export interface ArticleChart extends Chart {
  /** A few sentences for the page: what to read in the chart (the caption is one short line). */
  detail: string;
  /** One line each: the scenarios (and overrides) behind the chart. */
  sources: readonly string[];
}
