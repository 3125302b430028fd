// Every number the article states: docs/model.md's arithmetic (the closed form), the exact
// expectation of what the simulator counts, and the simulated value with its 95% interval,
// each from a committed scenario.
import { duplicatesPerDay } from '../analytic/cost.js';
import { keyStoreKeys, replayCatchFraction } from '../analytic/keystore.js';
import { scopeNoneExpectations, type ScopeNoneInput } from '../analytic/retries.js';
import type { ArticleNumber } from '../model/article.js';
import type { Formula } from '../model/comparison.js';
import { formatCount, formatDecimal, proseDuration } from '../format/format.js';
import { closedFormInputs } from '../analytic/inputs.js';
import type { Interval } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { clopperPearson } from '../stats/exact.js';
import { DEFAULTS, SLOW, blindRetries, crashReplay, keyStore, oneAttempt, refundRetriesOnly } from './refs.js';
import type { Runs } from './runs.js';

const SECONDS_PER_DAY = 86_400;

/** A duration as the article's formulas write it: "1 s", "300 ms", "5 min", "1 d". */

/** Scope `none`'s inputs for a scenario (re-plans left out unless asked for). */
export function scopeNoneInput(s: Scenario, withReplans: boolean): ScopeNoneInput {
  const inputs = closedFormInputs(s);
  return withReplans ? inputs : { ...inputs, replan: undefined };
}

type Arithmetic = Pick<ArticleNumber, 'formula' | 'closedForm' | 'expected' | 'applies'>;
type Simulated = Pick<ArticleNumber, 'simulated' | 'interval' | 'measure' | 'intervalKind'>;

/** The article's arithmetic beside the simulator's exact expectation (the same formula unless given). */
function arithmetic(closed: Formula, expected: Formula = closed): Arithmetic {
  return { formula: closed.formula, closedForm: closed.value, expected, applies: true };
}

function share(successes: number, trials: number, measure: string): Simulated {
  const interval = clopperPearson(successes, trials);
  if (interval === null) throw new Error(`article: ${successes} of ${trials} is no share (${measure})`);
  return { simulated: successes / trials, interval, measure, intervalKind: { kind: 'share', successes, trials } };
}

function mean(value: number, interval: Interval | undefined, measure: string, scale = 1): Simulated {
  if (interval === undefined) throw new Error(`article: the run reported no interval for ${measure}`);
  return {
    simulated: value * scale,
    interval: { low: interval.low * scale, high: interval.high * scale },
    measure,
    intervalKind: { kind: 'mean' },
  };
}

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

function keyStoreSizes(runs: Runs): ArticleNumber[] {
  return (['1h', '24h'] as const).flatMap((retention): ArticleNumber[] => {
    const r = keyStore(retention);
    const s = runs.scenario(r);
    const result = runs.run(r);
    const { rate } = s.arrivals;
    const { retention: kept, recordBytes } = s.keys;
    const meanS = closedFormInputs(s).meanService;
    const keys = keyStoreKeys(rate, kept);
    const exact = keyStoreKeys(rate, kept + meanS);
    const keysFormula = `${rate}/s x ${proseDuration(kept)}`;
    const exactFormula = `${rate}/s x (${proseDuration(kept)} + E[S] ${proseDuration(meanS)})`;
    const note =
      "The simulator's Little's law counts a record from its claim to commit + retention, so it adds the mean service time E[S]: " +
      `${formatDecimal(exact - keys)} keys more than rate x retention.`;
    const m = result.metrics.keyStore;
    return [
      {
        id: `keyStore.keys.${retention}`,
        name: `Live keys in steady state at ${rate}/s with ${proseDuration(kept)} retention (per-intent keys)`,
        article: retention === '1h' ? '180,000 keys' : '4.3 million keys',
        unit: 'keys',
        ...arithmetic({ value: keys, formula: keysFormula }, { value: exact, formula: exactFormula }),
        ...mean(m.steadyStateKeys, result.intervals['keyStore.steadyStateKeys'], 'keyStore.steadyStateKeys'),
        scenario: r,
        note,
      },
      {
        id: `keyStore.bytes.${retention}`,
        name: `Key-store size at ${recordBytes} bytes a record, ${proseDuration(kept)} retention`,
        article: retention === '1h' ? 'about 36 MB' : 'around 860 MB',
        unit: 'bytes',
        ...arithmetic(
          { value: keys * recordBytes, formula: `${keysFormula} x ${recordBytes} B` },
          { value: exact * recordBytes, formula: `${exactFormula} x ${recordBytes} B` },
        ),
        ...mean(m.steadyStateBytes, result.intervals['keyStore.steadyStateBytes'], 'keyStore.steadyStateBytes'),
        scenario: r,
        note,
      },
    ];
  });
}

function workedExample(runs: Runs): ArticleNumber[] {
  const r = refundRetriesOnly();
  const s = runs.scenario(r);
  const result = runs.run(r);
  const { rate } = s.arrivals;
  const q = closedFormInputs(s).q;
  const exact = scopeNoneExpectations(scopeNoneInput(s, false)).duplicates;
  const exactFormula = `${rate}/s x (q + q^2 + q^3): each of the ${s.client.retries} blind retries of an ambiguous attempt`;
  const dpt = result.metrics.duplicatesPerThousand;
  const ci = result.intervals['duplicatesPerThousand'];
  const note =
    `The article rounds q to 4%: ${rate}/s x 4% x 86,400 s = ${formatCount(rate * 0.04 * SECONDS_PER_DAY)} a day. ` +
    "Its sentence models blind retries only, so the scenario turns off the step-1 file's re-plans and crash replays " +
    '(with them the refund tool pays about 2.7 a second twice; see the worked-example chart).';
  return [
    {
      id: 'workedExample.perSecond',
      name: `Refunds executed twice per second at ${rate} refunds/s with no key, blind retries (worked example)`,
      article: 'roughly 2 refunds per second are executed twice',
      unit: 'perSecond',
      ...arithmetic(
        { value: rate * q, formula: `${rate}/s x q (${formatDecimal(q)}): each ambiguous first attempt runs twice` },
        { value: rate * exact, formula: exactFormula },
      ),
      ...mean(dpt, ci, `${rate}/s x duplicates per action`, rate / 1000),
      scenario: r,
      note,
    },
    {
      id: 'workedExample.perDay',
      name: `Duplicate refunds a day at ${rate} refunds/s with no key, blind retries (worked example)`,
      article: 'over 170,000 duplicates a day',
      unit: 'perDay',
      ...arithmetic(
        { value: duplicatesPerDay(rate, q), formula: `${rate}/s x q x 86,400 s` },
        { value: duplicatesPerDay(rate, exact), formula: `${exactFormula}, x 86,400 s` },
      ),
      ...mean(dpt, ci, `${rate}/s x 86,400 s x duplicates per action`, (rate * SECONDS_PER_DAY) / 1000),
      scenario: r,
      note,
    },
  ];
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
