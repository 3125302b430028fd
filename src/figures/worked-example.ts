// The worked example's numbers: refunds executed twice with no key, a second and a day, and
// the three counts of duplicates a day the article, the numbers table and the worked
// example's chart each give, with what makes them differ, from one set of runs.
import { duplicatesPerDay } from '../analytic/cost.js';
import { closedFormInputs } from '../analytic/inputs.js';
import { scopeNoneExpectations } from '../analytic/retries.js';
import { PROSE, formatCount, formatDecimal, formatPercent } from '../format/format.js';
import type { ArticleNumber, NoKeyPerDay, ScenarioRef, SimulatedPoint } from '../model/article.js';
import { SECONDS_PER_DAY, arithmetic, mean, scopeNoneInput } from './number-parts.js';
import { refundRetriesOnly, refunds } from './refs.js';
import type { Runs } from './runs.js';

/** A run's duplicates a day at its own rate, with the 95% interval of its duplicates per 1,000 actions. */
export function simulatedPerDay(runs: Runs, r: ScenarioRef): SimulatedPoint {
  const perDay = (runs.scenario(r).arrivals.rate * SECONDS_PER_DAY) / 1000;
  const result = runs.run(r);
  const ci = result.intervals['duplicatesPerThousand'];
  if (ci === undefined) throw new Error(`article: ${r.file} reported no duplicates interval`);
  return {
    value: result.metrics.duplicatesPerThousand * perDay,
    interval: { low: ci.low * perDay, high: ci.high * perDay },
  };
}

/** Duplicate refunds a day with no key: the article's arithmetic, blind retries alone, and step 1 as committed. */
export function noKeyPerDay(runs: Runs): NoKeyPerDay {
  const s = runs.scenario(refundRetriesOnly());
  const { rate } = s.arrivals;
  const { q } = closedFormInputs(s);
  // The article's "about 4% of first attempts": q to a whole percent.
  const articleQ = Math.round(100 * q) / 100;
  return {
    file: refunds(1).file,
    rate,
    q,
    article: { q: articleQ, value: duplicatesPerDay(rate, articleQ) },
    retriesOnly: simulatedPerDay(runs, refundRetriesOnly()),
    committed: simulatedPerDay(runs, refunds(1)),
  };
}

export function workedExample(runs: Runs): ArticleNumber[] {
  const r = refundRetriesOnly();
  const s = runs.scenario(r);
  const result = runs.run(r);
  const noKey = noKeyPerDay(runs);
  const { rate, q } = noKey;
  const { retries } = s.client;
  const exact = scopeNoneExpectations(scopeNoneInput(s, false)).duplicates;
  const exactFormula = `${rate}/s x (q + q^2 + q^3): each of the ${retries} blind retries of an ambiguous attempt`;
  const dpt = result.metrics.duplicatesPerThousand;
  const ci = result.intervals['duplicatesPerThousand'];
  const file = noKey.file.split('/').pop() ?? noKey.file;
  const note =
    "The article's sentence models blind retries only, so the scenario turns off the step-1 file's re-plans and crash replays.";
  const perSecond = (perDay: number): string => formatDecimal(perDay / SECONDS_PER_DAY);
  const articleQ = formatPercent(noKey.article.q, PROSE);
  // Counts as the page writes them, and a difference of two as a reader would take it from them.
  const [retriesOnly, committed] = [noKey.retriesOnly.value, noKey.committed.value].map(Math.round) as [number, number];
  const perDayAside =
    'Three counts of duplicate refunds a day with no key, each from its own inputs. ' +
    `The article's arithmetic gives ${formatCount(noKey.article.value)}: ${rate}/s x q rounded to ${articleQ} x 86,400 s, ` +
    `one duplicate per ambiguous first attempt (the closed form, ${formatCount(duplicatesPerDay(rate, q))}, keeps q = ${formatDecimal(q)}). ` +
    `This row's ${formatCount(retriesOnly)} simulates ${file} with its re-plans and crash replays off, blind retries only, as the article's sentence models them; ` +
    `a retry that ends ambiguous too is retried again, up to ${retries} retries in all, and runs the refund once more (expected ${formatCount(duplicatesPerDay(rate, exact))}). ` +
    `The worked-example chart's ${formatCount(committed)} is ${file} as committed, its re-plans and crash replays included (${formatCount(committed - retriesOnly)} more).`;
  const perSecondAside =
    // The article's own precision: 50/s x 4% is "2", not "2.00".
    `The article's arithmetic: ${rate}/s x q rounded to ${articleQ} = ${Number((rate * noKey.article.q).toPrecision(3))} a second ` +
    `(the closed form keeps q = ${formatDecimal(q)}). With its re-plans and crash replays, ${file} as committed runs ` +
    `${perSecond(noKey.committed.value)} refunds a second twice: the worked-example chart's ${formatCount(committed)} a day.`;
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
      aside: perSecondAside,
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
      aside: perDayAside,
    },
  ];
}
