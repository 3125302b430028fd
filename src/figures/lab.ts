// Figure 6's data: the lab at its defaults, the first actions of
// scenarios/article-defaults.yaml traced attempt by attempt, as `idemsim run --out` traces them.
import type { LabFigure } from '../model/article.js';
import { refText } from '../model/article.js';
import { DEFAULTS, ref } from './refs.js';
import type { Runs } from './runs.js';

const LAB_ACTIONS = 40;

export function labFigure(runs: Runs): LabFigure {
  const r = ref(DEFAULTS);
  const result = runs.detailed(r, { mode: 'first', actions: LAB_ACTIONS });
  return {
    run: { scenario: runs.scenario(r), result },
    actions: LAB_ACTIONS,
    sources: [`${refText(r)}, the first ${LAB_ACTIONS} actions traced`],
  };
}
