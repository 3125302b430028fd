// Figure 3: what each of the six key scopes lets through under a slow downstream with
// re-plans and crash replays: the run report's duplicates chart (stacked by source, lost
// beside), one row per scope, from one committed scenario.
import type { TopLevelSpec } from 'vega-lite';
import type { ScopesFigure } from '../../../model/article.js';
import { proseDuration } from '../../../format/format.js';
import { frame } from '../../chart.js';
import { duplicatesChart } from '../../run/charts/duplicates.js';
import type { ArticleChart } from './figure.js';

export function scopesChart(figure: ScopesFigure): ArticleChart {
  const s = figure.scenario;
  const { replan, crash } = s.agent;
  const title = 'What each key scope lets through';
  const caption = `Slow service, re-plans, crash replays, genuine repeats; ${proseDuration(s.keys.retention)} retention (95% intervals).`;
  const detail =
    `One workload under each scope: a slow service (median ${proseDuration(s.service.latency.median)}, timeout ${proseDuration(s.client.timeout)}, ` +
    `${100 * s.network.replyLoss}% of replies lost), re-plans after ${replan.probability * 100}% of failed calls with new arguments ` +
    `${100 * replan.argsChange}% of the time, ${100 * crash.probability}% of steps replayed ${proseDuration(crash.resumeDelay.min)} to ` +
    `${proseDuration(crash.resumeDelay.max)} after a crash, and ${100 * s.agent.identicalRepeats}% of actions a genuine identical repeat of the one before. ` +
    'No key and a fresh key per attempt let everything through. A per-call key stops transport retries, but its 409s fail calls that ' +
    'the model then re-plans under a new call id, so re-plan duplicates grow. A payload-hash key catches repeats whose arguments did not ' +
    'change and merges genuine repeats (lost). A per-intent key stops all three. A business key does too, but merges genuine repeats.';
  const spec = {
    ...duplicatesChart(figure.runs).spec,
    ...frame(
      title,
      caption,
      'Horizontal bars, one per key scope (none, attempt, call, payload, intent, business): duplicates per 1,000 actions stacked by what repeated the call (transport retry, re-plan, crash replay) with the 95% interval of the total; beside them, lost actions per 1,000 (genuine repeats merged into an earlier action) with their intervals.',
    ),
  } as TopLevelSpec;
  return { name: 'key-scopes', title, caption, detail, spec, sources: figure.sources };
}
