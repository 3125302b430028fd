// Figure 6: the lab picture at the defaults, the run report's timeline chart of the first
// actions of scenarios/article-defaults.yaml, as `idemsim run ... --out` draws it.
import type { LabFigure } from '../../../model/article.js';
import { timelineChart } from '../../run/charts/timeline.js';
import type { ArticleChart } from './figure.js';

export function labChart(figure: LabFigure): ArticleChart {
  const chart = timelineChart([figure.run]);
  const detail =
    "The article's lab at its defaults: one row per action, one bar per attempt, coloured by what the client heard. " +
    'An amber or red bar is a timeout whose work happened anyway; the retry after it runs the refund again (a pink dot).';
  return { ...chart, name: 'lab-picture', detail, sources: figure.sources };
}
