// What every article number is made of: the article's arithmetic beside the simulator's
// exact expectation, and a simulated share or per-action mean with its 95% interval.
import { closedFormInputs } from '../analytic/inputs.js';
import type { ScopeNoneInput } from '../analytic/retries.js';
import type { ArticleNumber } from '../model/article.js';
import type { Formula } from '../model/comparison.js';
import type { Interval } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { clopperPearson } from '../stats/exact.js';

export const SECONDS_PER_DAY = 86_400;

/** Scope `none`'s inputs for a scenario (re-plans left out unless asked for). */
export function scopeNoneInput(s: Scenario, withReplans: boolean): ScopeNoneInput {
  const inputs = closedFormInputs(s);
  return withReplans ? inputs : { ...inputs, replan: undefined };
}

export type Arithmetic = Pick<ArticleNumber, 'formula' | 'closedForm' | 'expected' | 'applies'>;
export type Simulated = Pick<ArticleNumber, 'simulated' | 'interval' | 'measure' | 'intervalKind'>;

/** The article's arithmetic beside the simulator's exact expectation (the same formula unless given). */
export function arithmetic(closed: Formula, expected: Formula = closed): Arithmetic {
  return { formula: closed.formula, closedForm: closed.value, expected, applies: true };
}

export function share(successes: number, trials: number, measure: string): Simulated {
  const interval = clopperPearson(successes, trials);
  if (interval === null) throw new Error(`article: ${successes} of ${trials} is no share (${measure})`);
  return { simulated: successes / trials, interval, measure, intervalKind: { kind: 'share', successes, trials } };
}

export function mean(value: number, interval: Interval | undefined, measure: string, scale = 1): Simulated {
  if (interval === undefined) throw new Error(`article: the run reported no interval for ${measure}`);
  return {
    simulated: value * scale,
    interval: { low: interval.low * scale, high: interval.high * scale },
    measure,
    intervalKind: { kind: 'mean' },
  };
}
