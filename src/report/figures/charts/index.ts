// The article's six charts in the article's order, each a function of its figure's data.
import type { ArticleFigures } from '../../../model/article.js';
import type { ArticleChart } from './figure.js';
import { labChart } from './lab.js';
import { retentionChart } from './retention.js';
import { retriesChart } from './retries.js';
import { scopesChart } from './scopes.js';
import { timeoutChart } from './timeout.js';
import { waterfallChart } from './waterfall.js';

export type { ArticleChart } from './figure.js';

export function articleCharts(figures: ArticleFigures): ArticleChart[] {
  return [
    timeoutChart(figures.timeout),
    retriesChart(figures.retries),
    scopesChart(figures.scopes),
    retentionChart(figures.retention),
    waterfallChart(figures.waterfall),
    labChart(figures.lab),
  ];
}
