// Figure 6: the lab picture at the defaults, the report's timeline chart of the first 40
// actions of scenarios/article-defaults.yaml, as `idemsim run ... --out` draws it.
import { timelineChart } from '../../report/run/charts/timeline.js';
import { DEFAULTS } from '../refs.js';
import { ref, refText, type Runs } from '../runs.js';
import type { FigureChart } from '../types.js';

export const LAB_ACTIONS = 40;

export function labChart(runs: Runs): FigureChart {
  const r = ref(DEFAULTS);
  const result = runs.detailed(r, { mode: 'first', actions: LAB_ACTIONS });
  const chart = timelineChart([{ scenario: runs.scenario(r), result }]);
  const detail =
    "The article's lab at its defaults: one row per action, one bar per attempt, coloured by what the client heard. " +
    'An amber or red bar is a timeout whose work happened anyway; the retry after it runs the refund again (a pink dot).';
  return { ...chart, name: 'lab-picture', detail, sources: [`${refText(r)}, the first ${LAB_ACTIONS} actions traced`] };
}
