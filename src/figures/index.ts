// The article's compute phase as one pure function: the committed scenarios in (through a
// loader), every number and what each figure is drawn from out. Nothing here reads or
// writes a file or renders; the same scenarios always give the same article.
import type { Article, ScenarioLoader } from '../model/article.js';
import { labFigure } from './lab.js';
import { articleNumbers } from './numbers.js';
import { retentionFigure } from './retention.js';
import { retriesFigure } from './retries.js';
import { Runs } from './runs.js';
import { scopesFigure } from './scopes.js';
import { timeoutFigure } from './timeout.js';
import { waterfallFigure } from './waterfall.js';

export function buildArticle(load: ScenarioLoader): Article {
  const runs = new Runs(load);
  return {
    numbers: articleNumbers(runs),
    figures: {
      timeout: timeoutFigure(runs),
      retries: retriesFigure(runs),
      scopes: scopesFigure(runs),
      retention: retentionFigure(runs),
      waterfall: waterfallFigure(runs),
      lab: labFigure(runs),
    },
  };
}
