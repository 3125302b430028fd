// Every number the article states: docs/model.md's arithmetic (the closed form), the exact
// expectation of what the simulator counts, and the simulated value with its 95% interval,
// each from a committed scenario.
import { replayCatchFraction } from '../analytic/keystore.js';
import { scopeNoneExpectations } from '../analytic/retries.js';
import type { ArticleNumber } from '../model/article.js';
import type { Formula } from '../model/comparison.js';
import { formatDecimal, proseDuration } from '../format/format.js';
import { closedFormInputs } from '../analytic/inputs.js';
import type { Scenario } from '../model/scenario.js';
import { keyStoreSizes } from './key-store.js';
import { arithmetic, mean, scopeNoneInput, share } from './number-parts.js';
import { DEFAULTS, SLOW, blindRetries, crashReplay, oneAttempt } from './refs.js';
import type { Runs } from './runs.js';
import { workedExample } from './worked-example.js';

function timeoutShares(runs: Runs): ArticleNumber[] {
  const atDefaults = oneAttempt(DEFAULTS);
  const s = runs.scenario(atDefaults);
  const m = runs.run(atDefaults).metrics;
  const { pSlow, q } = closedFormInputs(s);
  const slowOf = (x: Scenario): Formula => ({
    value: closedFormInputs(x).pSlow,
    formula: `1 - Phi(ln(${proseDuration(x.client.timeout)} / ${proseDuration(x.service.latency.median)}) / ${x.service.latency.sigma})`,
  });
  const slowMeasure = 'slow timeouts / attempts (one attempt per action)';
  const slowService = oneAttempt(SLOW);
  const t = runs.scenario(slowService);
  const n = runs.run(slowService).metrics;
  return [
    {
      id: 'pSlow.defaults',
      name: `P(S > T): an attempt outlasts the ${proseDuration(s.client.timeout)} timeout (median ${proseDuration(s.service.latency.median)}, sigma ${s.service.latency.sigma})`,
      article: 'about 2.2%',
      unit: 'share',
      ...arithmetic(slowOf(s)),
      ...share(m.responses.timeout.slow, m.attempts, slowMeasure),
      scenario: atDefaults,
    },
    {
      id: 'q.defaults',
      name: `q: an executed attempt ends unknown (slow, or its reply lost at ${s.network.replyLoss * 100}%)`,
      article: 'roughly 4% of first attempts',
      unit: 'share',
      ...arithmetic({
        value: q,
        formula: `1 - (1 - P(S > T)) (1 - replyLoss) = 1 - (1 - ${formatDecimal(pSlow)}) (1 - ${s.network.replyLoss})`,
      }),
      ...share(
        m.responses.timeout.total,
        m.attempts,
        'timeouts / attempts (one attempt per action, every one executed)',
      ),
      scenario: atDefaults,
    },
    blindRetryDuplicates(runs),
    {
      id: 'pSlow.slowService',
      name: `P(S > T), a four times slower service: median ${proseDuration(t.service.latency.median)}, timeout ${proseDuration(t.client.timeout)}`,
      article: 'about 88%',
      unit: 'share',
      ...arithmetic(slowOf(t)),
      ...share(n.responses.timeout.slow, n.attempts, slowMeasure),
      scenario: slowService,
    },
  ];
}

function blindRetryDuplicates(runs: Runs): ArticleNumber {
  const r = blindRetries();
  const s = runs.scenario(r);
  const result = runs.run(r);
  const powers = Array.from({ length: s.client.retries }, (_, k) => (k === 0 ? 'q' : `q^${k + 1}`)).join(' + ');
  return {
    id: 'duplicates.blindRetries',
    name: `Duplicates per 1,000 actions, ${s.client.retries} blind retries and no key, at the defaults`,
    article: 'about 44 per thousand',
    unit: 'perThousand',
    ...arithmetic(
      { value: 1000 * scopeNoneExpectations(scopeNoneInput(s, false)).duplicates, formula: `1000 (${powers})` },
      {
        value: 1000 * scopeNoneExpectations(scopeNoneInput(s, true)).duplicates,
        formula: `1000 (${powers}) plus re-plans (probability ${s.agent.replan.probability}, up to ${s.agent.replan.max})`,
      },
    ),
    ...mean(
      result.metrics.duplicatesPerThousand,
      result.intervals['duplicatesPerThousand'],
      'duplicates per 1,000 actions',
    ),
    scenario: r,
    note: 'Re-plans follow only a call whose every attempt failed (q^4), so they add about 0.002 per thousand; the expectation includes them.',
  };
}

function replayCatch(runs: Runs): ArticleNumber[] {
  return (['5m', '1h'] as const).map((retention): ArticleNumber => {
    const r = crashReplay(retention);
    const s = runs.scenario(r);
    const m = runs.run(r).metrics;
    const { min, max } = s.agent.crash.resumeDelay;
    const kept = proseDuration(s.keys.retention);
    return {
      id: `replayCatch.${retention}`,
      name: `Crash replays (resuming ${proseDuration(min)} to ${proseDuration(max)} later) caught by ${kept} retention`,
      article: retention === '5m' ? 'a 5-minute retention misses most replays' : 'an hour catches them all',
      unit: 'share',
      ...arithmetic({
        value: replayCatchFraction(s.keys.retention, min, max),
        formula: `clamp((${kept} - ${proseDuration(min)}) / (${proseDuration(max)} - ${proseDuration(min)}), 0, 1)`,
      }),
      ...share(
        Math.max(0, m.actions - m.duplicatesBySource.replay),
        m.actions,
        '1 - replay duplicates / actions (every step crashes once)',
      ),
      scenario: r,
      note: `Exact up to the gap between a step's commit and its end (a retried call ends a second or so later), against a ${proseDuration(max - min)} window: under 0.0001.`,
    };
  });
}

/** The article's numbers in the order the article gives them. */
export function articleNumbers(runs: Runs): ArticleNumber[] {
  return [...timeoutShares(runs), ...keyStoreSizes(runs), ...workedExample(runs), ...replayCatch(runs)];
}
