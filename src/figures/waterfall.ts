// Figure 5's data: the worked example, refunds-1 to refunds-4, as duplicate refunds a day
// with their 95% intervals: no key, then the level each decision leaves; and the first
// step's count beside the article's and the numbers table's counts with no key.
import type { WaterfallFigure } from '../model/article.js';
import { refText } from '../model/article.js';
import { proseDuration } from '../format/format.js';
import type { Scenario } from '../model/scenario.js';
import { refunds } from './refs.js';
import type { Runs } from './runs.js';
import { noKeyPerDay, simulatedPerDay } from './worked-example.js';

/** What each step of the worked example decides. */
const DECISIONS: readonly { step: 1 | 2 | 3 | 4; decision: (s: Scenario) => string }[] = [
  { step: 1, decision: () => 'no key' },
  { step: 2, decision: () => 'per-call key' },
  { step: 3, decision: () => 'per-intent key' },
  { step: 4, decision: (s) => `${proseDuration(s.keys.retention)} retention` },
];

export function waterfallFigure(runs: Runs): WaterfallFigure {
  const steps = DECISIONS.map(({ step, decision }) => {
    const r = refunds(step);
    const scenario = runs.scenario(r);
    return { decision: decision(scenario), name: `refunds-${step}`, scenario, ...simulatedPerDay(runs, r) };
  });
  const rate = runs.scenario(refunds(1)).arrivals.rate;
  return {
    steps,
    noKey: noKeyPerDay(runs),
    sources: DECISIONS.map(
      ({ step }) => `${refText(refunds(step))} (duplicates per 1,000 actions x ${rate}/s x 86,400 s)`,
    ),
  };
}
