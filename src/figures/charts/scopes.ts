// Figure 3: what each of the six key scopes lets through under a slow downstream with
// re-plans and crash replays: the report's duplicates chart (stacked by source, lost
// beside), one row per scope, from one committed scenario.
import type { TopLevelSpec } from 'vega-lite';
import type { ChartRun } from '../../report/chart.js';
import { frame } from '../../report/chart.js';
import { duplicatesChart } from '../../report/run/charts/duplicates.js';
import { Scope } from '../../model/scenario.js';
import { durationText } from '../format.js';
import { KEY_SCOPES, keyScope } from '../refs.js';
import { ref, refText, type Runs } from '../runs.js';
import type { FigureChart } from '../types.js';

const SCOPES = Object.keys(Scope) as readonly Scope[];

export function scopesChart(runs: Runs): FigureChart {
  const chartRuns: ChartRun[] = SCOPES.map((scope) => {
    const r = keyScope(scope);
    // Rows are labelled by the scenario's name; the chart reads metrics and intervals only.
    const scenario = { ...runs.scenario(r), name: scope };
    const result = { ...runs.run(r), detail: { trace: [], keyStore: [], latency: { call: [], step: [] } } };
    return { scenario, result };
  });
  const s = runs.scenario(ref(KEY_SCOPES));
  const { replan, crash } = s.agent;
  const title = 'What each key scope lets through';
  const caption = `Slow service, re-plans, crash replays, genuine repeats; ${durationText(s.keys.retention)} retention (95% intervals).`;
  const detail =
    `One workload under each scope: a slow service (median ${durationText(s.service.latency.median)}, timeout ${durationText(s.client.timeout)}, ` +
    `${100 * s.network.replyLoss}% of replies lost), re-plans after ${replan.probability * 100}% of failed calls with new arguments ` +
    `${100 * replan.argsChange}% of the time, ${100 * crash.probability}% of steps replayed ${durationText(crash.resumeDelay.min)} to ` +
    `${durationText(crash.resumeDelay.max)} after a crash, and ${100 * s.agent.identicalRepeats}% of actions a genuine identical repeat of the one before. ` +
    'No key and a fresh key per attempt let everything through. A per-call key stops transport retries, but its 409s fail calls that ' +
    'the model then re-plans under a new call id, so re-plan duplicates grow. A payload-hash key catches repeats whose arguments did not ' +
    'change and merges genuine repeats (lost). A per-intent key stops all three. A business key does too, but merges genuine repeats.';
  const report = duplicatesChart(chartRuns).spec;
  const spec = {
    ...report,
    ...frame(
      title,
      caption,
      'Horizontal bars, one per key scope (none, attempt, call, payload, intent, business): duplicates per 1,000 actions stacked by what repeated the call (transport retry, re-plan, crash replay) with the 95% interval of the total; beside them, lost actions per 1,000 (genuine repeats merged into an earlier action) with their intervals.',
    ),
  } as TopLevelSpec;
  return {
    name: 'key-scopes',
    title,
    caption,
    detail,
    spec,
    sources: [`${refText(ref(KEY_SCOPES))} --set keys.scope=SCOPE for each of ${SCOPES.join(', ')}`],
  };
}
