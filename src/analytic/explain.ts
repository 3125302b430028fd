// Each closed form of MODEL.md beside what one run simulated, and whether the closed form
// is the simulator's expectation for this scenario; where it is not, the row says why and
// carries no closed-form number (a wrong number printed beside a CI reads as a finding).
import { closedFormInputs } from './inputs.js';
import { proseDuration } from '../format/format.js';
import type { Scenario } from '../model/scenario.js';
import type { Unit } from '../model/metric-types.js';
import type { RunResult } from '../model/result.js';
import type { Comparison } from '../model/comparison.js';
import { clopperPearson } from '../stats/exact.js';
import {
  everyReplayCaught,
  type Reason,
  oneClaimReasons,
  replayCatchReasons,
  scopeNoneReasons,
  slowShareReasons,
  unknownShareReasons,
} from './applies.js';
import { duplicatesPerDay } from './cost.js';
import { keyStoreKeys, replayCatchFraction } from './keystore.js';
import { scopeNoneExpectations, scopeNoneUnknownPerAction } from './retries.js';
import { callSpan, segmentSpan } from './spans.js';
import { usesProfile } from './feature-reasons.js';

// With an arrival profile the per-action closed forms still hold (actions stay independent
// unless something else shares state between them); the rate-based rows use the base rate,
// as keyStore.steadyStateKeys does, and say so.
const PROFILE_KEYS =
  "; with an arrival profile the store's size follows the changing rate (keyStore.peakKeys): this row, like keyStore.steadyStateKeys, uses the base rate only";
const PROFILE_PER_DAY = "; rate is the base rate: with an arrival profile a day's count follows the profile's rates";

/** `50/s`, or `50/s (the base rate)` where an arrival profile changes the rate over time. */
function rateText(s: Scenario): string {
  return usesProfile(s) ? `${s.arrivals.rate}/s (the base rate)` : `${s.arrivals.rate}/s`;
}

/** Row names, in the order explain lists them. */
export const ROW = {
  pSlow: 'P(S > T)',
  q: 'q, unknown share of an execution',
  attempts: 'attempts per action',
  executions: 'executions per action',
  duplicates: 'duplicates per 1000',
  lost: 'lost per 1000',
  unknown: 'unknown per 1000',
  keysRule: 'key-store keys, rule of thumb',
  keys: 'key-store keys',
  bytes: 'key-store bytes',
  replayCatch: 'replay catch fraction',
  perDay: 'duplicates per day',
} as const;

export function explain(s: Scenario, r: RunResult): Comparison[] {
  return [
    slowRow(s, r),
    unknownShareRow(s, r),
    ...scopeNoneRows(s, r),
    ...keyStoreRows(s, r),
    replayCatchRow(s, r),
    perDayRow(s, r),
  ];
}

/** A row whose closed form is computed only when no reason stands against it. */
function row(
  fields: Omit<Comparison, 'closedForm' | 'applies' | 'why'>,
  closedForm: () => number,
  reasons: readonly Reason[],
  note: string,
): Comparison {
  const against = reasons.filter((reason): reason is string => reason !== false);
  const applies = against.length === 0;
  return { ...fields, closedForm: applies ? closedForm() : null, applies, why: applies ? note : against.join('; ') };
}

// Rows 1 and 2 count executions, not actions. Each execution draws its own S after the
// decision to execute it, so its outcome is independent of whether it happened: by Wald's
// identities the ratio over all executions estimates the per-execution chance with the
// binomial variance of that many trials, which the exact (Clopper-Pearson) interval uses.

function slowRow(s: Scenario, r: RunResult): Comparison {
  const m = r.metrics;
  const { median, sigma } = s.service.latency;
  return row(
    {
      name: ROW.pSlow,
      formula: `1 - Phi(ln(T / m) / s), T = ${proseDuration(s.client.timeout)}, m = ${proseDuration(median)}, s = ${sigma}`,
      simulated: m.responses.timeout.slow / m.executions,
      interval: clopperPearson(m.responses.timeout.slow, m.executions),
      unit: 'ratio',
    },
    () => closedFormInputs(s).pSlow,
    slowShareReasons(s),
    'simulated: slow timeouts / executions (with unlimited concurrency only an execution can be slow, exactly when S > T, whatever the key scope); exact (Clopper-Pearson) interval',
  );
}

function unknownShareRow(s: Scenario, r: RunResult): Comparison {
  const m = r.metrics;
  const unknown = m.responses.timeout.slow + m.responses.timeout.replyLost;
  return row(
    {
      name: ROW.q,
      formula: `1 - (1 - P(S > T)) (1 - replyLoss), replyLoss = ${s.network.replyLoss}`,
      simulated: unknown / m.executions,
      interval: clopperPearson(unknown, m.executions),
      unit: 'ratio',
    },
    () => closedFormInputs(s).q,
    unknownShareReasons(s),
    'simulated: (slow + reply-lost timeouts) / executions (only executions send replies here); exact (Clopper-Pearson) interval',
  );
}

function scopeNoneRows(s: Scenario, r: RunResult): Comparison[] {
  const m = r.metrics;
  const input = closedFormInputs(s);
  const reasons = scopeNoneReasons(s);
  const { requestLoss: a, errorRate: b, retries: R } = input;
  const { probability: p, max: M } = s.agent.replan;
  const layers = s.client.layers;
  // Retry layers retry only a failed call: their attempts multiply the client's (MODEL.md E).
  const rText =
    layers.length === 0
      ? `R = ${R}`
      : `R = ${R}, R + 1 = ${[s.client.retries + 1, ...layers.map((layer) => layer.retries + 1)].join(' x ')} (the client's attempts times each retry layer's)`;
  const symbols = `E = sum_{k=0..R} (1 - y)^k attempts per call, C = sum_{j=0..M} (p (1 - y)^(R+1))^j calls, y = x (1 - q), x = (1 - a)(1 - b); a = ${a}, b = ${b}, ${rText}, p = ${p}, M = ${M}`;
  const same = 'x, y, E, C as for attempts per action';
  const note =
    "exact here: every sent attempt executes with x and ends ok with 1 - q, independently (src/analytic/retries.ts); the run's 95% interval of the per-action mean";
  const expected = () => scopeNoneExpectations(input);
  const item = (name: string, metric: string, value: number, unit: Unit, formula: string, closed: () => number) =>
    row({ name, formula, simulated: value, interval: r.intervals[metric] ?? null, unit }, closed, reasons, note);
  return [
    item(
      ROW.attempts,
      'attemptsPerAction',
      m.attemptsPerAction,
      'perAction',
      `E C, ${symbols}`,
      () => expected().attempts,
    ),
    item(
      ROW.executions,
      'executionsPerAction',
      m.executionsPerAction,
      'perAction',
      `x E C, ${same}`,
      () => expected().executions,
    ),
    item(
      ROW.duplicates,
      'duplicatesPerThousand',
      m.duplicatesPerThousand,
      'perThousand',
      `1000 (x E C - (1 - lost)), ${same}`,
      () => 1000 * expected().duplicates,
    ),
    item(
      ROW.lost,
      'lostPerThousand',
      m.lostPerThousand,
      'perThousand',
      `1000 P(no call executes): (1 - x)^(R+1) per call, chained over re-plans, ${same}`,
      () => 1000 * expected().lost,
    ),
    item(
      ROW.unknown,
      'unknownPerThousand',
      m.unknownPerThousand,
      'perThousand',
      `1000 (1 - y)^R (a + (1 - a) b replyLoss + x q) C, ${same}`,
      () => 1000 * scopeNoneUnknownPerAction(input),
    ),
  ];
}

function keyStoreRows(s: Scenario, r: RunResult): Comparison[] {
  const ks = r.metrics.keyStore;
  const rate = s.arrivals.rate;
  const { retention, recordBytes } = s.keys;
  const meanS = closedFormInputs(s).meanService;
  const keys = r.intervals['keyStore.steadyStateKeys'] ?? null;
  const bytes = r.intervals['keyStore.steadyStateBytes'] ?? null;
  const reasons = oneClaimReasons(s);
  const exact = `rate (retention + E[S]), E[S] = m exp(s^2 / 2) = ${proseDuration(meanS)}`;
  const profile = usesProfile(s) ? PROFILE_KEYS : '';
  const note =
    "Little's law with one claim per action: a record lives from its claim to commit + retention; simulated: keyStore.steadyStateKeys and steadyStateBytes";
  return [
    row(
      {
        name: ROW.keysRule,
        formula: `rate retention, rate = ${rateText(s)}, retention = ${proseDuration(retention)}`,
        simulated: ks.steadyStateKeys,
        interval: keys,
        unit: 'keys',
      },
      () => keyStoreKeys(rate, retention),
      reasons,
      `${note}; the rule of thumb leaves out E[S] = ${proseDuration(meanS)} of each record's life, so with a narrow interval it falls just outside${profile}`,
    ),
    row(
      { name: ROW.keys, formula: exact, simulated: ks.steadyStateKeys, interval: keys, unit: 'keys' },
      () => keyStoreKeys(rate, retention + meanS),
      reasons,
      `${note}${profile}`,
    ),
    row(
      {
        name: ROW.bytes,
        formula: `${exact}, times recordBytes = ${recordBytes}`,
        simulated: ks.steadyStateBytes,
        interval: bytes,
        unit: 'bytes',
      },
      () => keyStoreKeys(rate, retention + meanS) * recordBytes,
      reasons,
      `${note}${profile}`,
    ),
  ];
}

function replayCatchRow(s: Scenario, r: RunResult): Comparison {
  const { probability: p, resumeDelay } = s.agent.crash;
  const n = r.metrics.actions;
  const missed = r.metrics.duplicatesBySource.replay;
  // Each action crashes with p and its replay misses with 1 - c, independently of other
  // actions, and a missed replay is exactly one replay duplicate: the count is binomial
  // (n, p (1 - c)) whatever p is, so c = 1 - share / p, its interval mapped from the exact one.
  const share = clopperPearson(missed, n);
  const fraction = (x: number): number => Math.min(1, Math.max(0, 1 - x / p));
  return row(
    {
      name: ROW.replayCatch,
      formula: `clamp((r - min) / (max - min), 0, 1), r = ${proseDuration(s.keys.retention)}, resume U(${proseDuration(resumeDelay.min)}, ${proseDuration(resumeDelay.max)})`,
      simulated: p > 0 ? fraction(missed / n) : NaN,
      interval: p > 0 && share !== null ? { low: fraction(share.high), high: fraction(share.low) } : null,
      unit: 'ratio',
    },
    () => replayCatchFraction(s.keys.retention, resumeDelay.min, resumeDelay.max),
    replayCatchReasons(s),
    `simulated: 1 - duplicatesBySource.replay / (crash.probability actions). The crash count is not reported, but each action crashes with probability ${p} independently, and a missed replay commits exactly once more, so replay duplicates are binomial (actions, crash.probability (1 - c)): a sound estimate at any crash probability (at 1 the crash count is the action count), with the exact (Clopper-Pearson) interval mapped through it. ${
      everyReplayCaught(s)
        ? `Exact: retention outlasts the latest resume plus two longest steps (${proseDuration(segmentSpan(s))} each), so no replay is missed`
        : `The closed form takes the step's end as the commit; they are at most ${proseDuration(callSpan(s))} apart, which moves the fraction by at most ${String(Number((callSpan(s) / (resumeDelay.max - resumeDelay.min)).toPrecision(2)))}`
    }`,
  );
}

function perDayRow(s: Scenario, r: RunResult): Comparison {
  const rate = s.arrivals.rate;
  const perDay = (perThousand: number): number => duplicatesPerDay(rate, perThousand / 1000);
  const ci = r.intervals['duplicatesPerThousand'];
  const closed = scopeNoneReasons(s).every((reason) => reason === false);
  return {
    name: ROW.perDay,
    formula: `rate 86,400 duplicatesPerThousand / 1000, rate = ${rateText(s)}`,
    closedForm: closed ? perDay(1000 * scopeNoneExpectations(closedFormInputs(s)).duplicates) : null,
    simulated: perDay(r.metrics.duplicatesPerThousand),
    interval: ci === undefined ? null : { low: perDay(ci.low), high: perDay(ci.high) },
    unit: 'count',
    applies: true,
    why:
      (closed
        ? 'arithmetic on duplicates per 1000: the closed form scales the scope-none expectation, the simulated value and its interval scale the run'
        : 'arithmetic on the simulated duplicates per 1000 and its interval; no closed form for the rate itself here (see duplicates per 1000)') +
      (usesProfile(s) ? PROFILE_PER_DAY : ''),
  };
}
