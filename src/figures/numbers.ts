// Every number the article states, as docs/model.md's arithmetic (the closed form), the
// exact expectation of what the simulator counts, and the simulated value with its 95%
// interval, each from a committed scenario.
import {
  duplicatesPerDay,
  keyStoreKeys,
  replayCatchFraction,
  scopeNoneExpectations,
  type ScopeNoneInput,
} from '../analytic/index.js';
import { closedFormInputs } from '../model/inputs.js';
import type { Scenario } from '../model/scenario.js';
import type { Interval } from '../model/result.js';
import { durationText, formatValue } from './format.js';
import { DEFAULTS, SLOW, blindRetries, crashReplay, keyStore, oneAttempt, refunds } from './refs.js';
import type { Runs } from './runs.js';
import { scopeNoneDuplicatesWithReplays, wilson } from './stats.js';
import type { ArticleNumber, Simulated } from './types.js';

const SECONDS_PER_DAY = 86_400;

export function slowShare(s: Scenario): number {
  return closedFormInputs(s).pSlow;
}

/** Scope `none`'s inputs for a scenario (re-plans left out unless asked for). */
export function scopeNoneInput(s: Scenario, withReplans: boolean): ScopeNoneInput {
  const inputs = closedFormInputs(s);
  return withReplans ? inputs : { ...inputs, replan: undefined };
}

function share(successes: number, trials: number, measure: string): Simulated {
  const ci = wilson(successes, trials);
  return { value: successes / trials, ...ci, measure, interval: { kind: 'wilson', successes, trials } };
}

function mean(value: number, interval: Interval | undefined, measure: string, scale = 1): Simulated {
  if (interval === undefined) throw new Error(`figures: the run reported no interval for ${measure}`);
  return {
    value: value * scale,
    low: interval.low * scale,
    high: interval.high * scale,
    measure,
    interval: { kind: 'mean' },
  };
}

function timeoutShares(runs: Runs): ArticleNumber[] {
  const atDefaults = oneAttempt(DEFAULTS);
  const s = runs.scenario(atDefaults);
  const m = runs.run(atDefaults).metrics;
  const slow = slowShare(s);
  const q = closedFormInputs(s).q;
  const slowOf = (x: Scenario) =>
    `1 - Phi(ln(${durationText(x.client.timeout)} / ${durationText(x.service.latency.median)}) / ${x.service.latency.sigma})`;
  const qFormula = `1 - (1 - P(S > T)) (1 - replyLoss) = 1 - (1 - ${formatValue(slow, 'share')}) (1 - ${s.network.replyLoss})`;
  const slowMeasure = 'slow timeouts / attempts (one attempt per action)';
  const slowService = oneAttempt(SLOW);
  const t = runs.scenario(slowService);
  const n = runs.run(slowService).metrics;
  return [
    {
      id: 'pSlow.defaults',
      figure: `P(S > T): an attempt outlasts the ${durationText(s.client.timeout)} timeout (median ${durationText(s.service.latency.median)}, sigma ${s.service.latency.sigma})`,
      article: 'about 2.2%',
      unit: 'share',
      closedForm: { value: slow, formula: slowOf(s) },
      expected: { value: slow, formula: slowOf(s) },
      simulated: share(m.responses.timeout.slow, m.attempts, slowMeasure),
      scenario: atDefaults,
    },
    {
      id: 'q.defaults',
      figure: `q: an executed attempt ends unknown (slow, or its reply lost at ${s.network.replyLoss * 100}%)`,
      article: 'roughly 4% of first attempts',
      unit: 'share',
      closedForm: { value: q, formula: qFormula },
      expected: { value: q, formula: qFormula },
      simulated: share(
        m.responses.timeout.total,
        m.attempts,
        'timeouts / attempts (one attempt per action, every one executed)',
      ),
      scenario: atDefaults,
    },
    blindRetryDuplicates(runs),
    {
      id: 'pSlow.slowService',
      figure: `P(S > T), a four times slower service: median ${durationText(t.service.latency.median)}, timeout ${durationText(t.client.timeout)}`,
      article: 'about 88%',
      unit: 'share',
      closedForm: { value: slowShare(t), formula: slowOf(t) },
      expected: { value: slowShare(t), formula: slowOf(t) },
      simulated: share(n.responses.timeout.slow, n.attempts, slowMeasure),
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
    figure: `Duplicates per 1,000 actions, ${s.client.retries} blind retries and no key, at the defaults`,
    article: 'about 44 per thousand',
    unit: 'perThousand',
    closedForm: {
      value: 1000 * scopeNoneExpectations(scopeNoneInput(s, false)).duplicates,
      formula: `1000 (${powers})`,
    },
    expected: {
      value: 1000 * scopeNoneExpectations(scopeNoneInput(s, true)).duplicates,
      formula: `1000 (${powers}) plus re-plans (probability ${s.agent.replan.probability}, up to ${s.agent.replan.max})`,
    },
    simulated: mean(
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
    const keysFormula = `${rate}/s x ${durationText(kept)}`;
    const exactFormula = `${rate}/s x (${durationText(kept)} + E[S] ${formatValue(meanS, 'perSecond')} ms)`;
    const note =
      "The simulator's Little's law counts a record from its claim to commit + retention, so it adds the mean service time E[S]: " +
      `${formatValue(exact - keys, 'perSecond')} keys more than rate x retention.`;
    const common = { unit: 'keys' as const, scenario: r, note };
    const m = result.metrics.keyStore;
    return [
      {
        ...common,
        id: `keyStore.keys.${retention}`,
        figure: `Live keys in steady state at ${rate}/s with ${durationText(kept)} retention (per-intent keys)`,
        article: retention === '1h' ? '180,000 keys' : '4.3 million keys',
        closedForm: { value: keys, formula: keysFormula },
        expected: { value: exact, formula: exactFormula },
        simulated: mean(m.steadyStateKeys, result.intervals['keyStore.steadyStateKeys'], 'keyStore.steadyStateKeys'),
      },
      {
        ...common,
        id: `keyStore.bytes.${retention}`,
        figure: `Key-store size at ${recordBytes} bytes a record, ${durationText(kept)} retention`,
        article: retention === '1h' ? 'about 36 MB' : 'around 860 MB',
        unit: 'bytes',
        closedForm: { value: keys * recordBytes, formula: `${keysFormula} x ${recordBytes} B` },
        expected: { value: exact * recordBytes, formula: `${exactFormula} x ${recordBytes} B` },
        simulated: mean(m.steadyStateBytes, result.intervals['keyStore.steadyStateBytes'], 'keyStore.steadyStateBytes'),
      },
    ];
  });
}

function workedExample(runs: Runs): ArticleNumber[] {
  const r = refunds(1);
  const s = runs.scenario(r);
  const result = runs.run(r);
  const { rate } = s.arrivals;
  const crash = s.agent.crash.probability;
  const q = closedFormInputs(s).q;
  const exact = scopeNoneDuplicatesWithReplays(scopeNoneInput(s, true), crash);
  const transport = rate * scopeNoneExpectations(scopeNoneInput(s, false)).duplicates;
  const replays = rate * crash * scopeNoneExpectations(scopeNoneInput(s, true)).executions;
  const exactFormula = `${rate}/s x E[duplicates per action]: blind retries, re-plans and ${crash * 100}% crash replays`;
  const dpt = result.metrics.duplicatesPerThousand;
  const ci = result.intervals['duplicatesPerThousand'];
  const perSecond = (x: number) => formatValue(x, 'perSecond');
  const note =
    `The article rounds q to 4%: ${rate}/s x 4% x 86,400 s = ${formatValue(rate * 0.04 * SECONDS_PER_DAY, 'perDay')} a day. ` +
    `The worked example's scenario also re-plans and replays ${crash * 100}% of steps after a crash: ` +
    `transport retries alone give ${perSecond(transport)} a second, crash replays add ${perSecond(replays)}.`;
  const common = { scenario: r, note };
  return [
    {
      ...common,
      id: 'workedExample.perSecond',
      figure: `Refunds executed twice per second at ${rate} refunds/s with no key (worked example)`,
      article: 'about 2 a second',
      unit: 'perSecond',
      closedForm: {
        value: rate * q,
        formula: `${rate}/s x q (${formatValue(q, 'share')}): each ambiguous first attempt runs twice`,
      },
      expected: { value: rate * exact, formula: exactFormula },
      simulated: mean(dpt, ci, `${rate}/s x duplicates per action`, rate / 1000),
    },
    {
      ...common,
      id: 'workedExample.perDay',
      figure: `Duplicate refunds a day at ${rate} refunds/s with no key (worked example)`,
      article: 'over 170,000 a day',
      unit: 'perDay',
      closedForm: { value: duplicatesPerDay(rate, q), formula: `${rate}/s x q x 86,400 s` },
      expected: { value: duplicatesPerDay(rate, exact), formula: `${exactFormula}, x 86,400 s` },
      simulated: mean(dpt, ci, `${rate}/s x 86,400 s x duplicates per action`, (rate * SECONDS_PER_DAY) / 1000),
    },
  ];
}

function replayCatch(runs: Runs): ArticleNumber[] {
  return (['5m', '1h'] as const).map((retention) => {
    const r = crashReplay(retention);
    const s = runs.scenario(r);
    const m = runs.run(r).metrics;
    const { min, max } = s.agent.crash.resumeDelay;
    const caught = replayCatchFraction(s.keys.retention, min, max);
    const formula = `clamp((${durationText(s.keys.retention)} - ${durationText(min)}) / (${durationText(max)} - ${durationText(min)}), 0, 1)`;
    const window = durationText(max - min);
    return {
      id: `replayCatch.${retention}`,
      figure: `Crash replays (resuming ${durationText(min)} to ${durationText(max)} later) caught by ${durationText(s.keys.retention)} retention`,
      article: retention === '5m' ? '5 minutes catches 17%' : 'an hour catches them all',
      unit: 'share',
      closedForm: { value: caught, formula },
      expected: { value: caught, formula },
      simulated: share(
        Math.max(0, m.actions - m.duplicatesBySource.replay),
        m.actions,
        '1 - replay duplicates / actions (every step crashes once)',
      ),
      scenario: r,
      note: `Exact up to the gap between a step's commit and its end (a retried call ends a second or so later), against a ${window} window: under 0.0001.`,
    };
  });
}

/** The article's numbers in the order the article gives them. */
export function articleNumbers(runs: Runs): ArticleNumber[] {
  return [...timeoutShares(runs), ...keyStoreSizes(runs), ...workedExample(runs), ...replayCatch(runs)];
}
