// Closed forms that rule a point out without simulating it. A point is pruned only when
// the closed form is a bound the simulation cannot beat, or an exact expectation that
// breaks the target by more than three rough standard errors, so that noise could not
// have made the simulated point feasible.
import { scopeNoneExpectations } from '../analytic/index.js';
import { closedFormInputs } from '../analytic/inputs.js';
import { scopeNoneReasons } from '../analytic/applies.js';
import type { Scenario } from '../model/scenario.js';
import type { Target } from '../model/bounds.js';
import { meets } from '../stats/bounds.js';

export interface Pruned {
  /** The target the closed form breaks. */
  target: Target;
  /** The closed form's value of the target's metric. */
  closedForm: number;
  why: string;
}

/** Why this point need not be simulated, or undefined when it must be. */
export function prune(s: Scenario, targets: readonly Target[]): Pruned | undefined {
  const forms = closedForms(s);
  for (const target of targets) {
    const form = forms[target.metric];
    if (form === undefined) continue;
    const { kind, value, se, why } = form;
    const upper = target.op === '<=' || target.op === '<';
    // A lower bound can only rule out upper targets; an expectation rules out either side.
    if (kind === 'lower' && !upper) continue;
    const slack = kind === 'lower' ? 0 : 3 * se;
    const tested = upper ? value - slack : value + slack;
    if (!meets(target, tested)) return { target, closedForm: value, why };
  }
  return undefined;
}

interface Form {
  kind: 'lower' | 'expectation';
  value: number;
  /** A rough standard error of the simulated estimate (expectations only). */
  se: number;
  why: string;
}

function closedForms(s: Scenario): Record<string, Form> {
  const forms: Record<string, Form> = {};
  const bytes = keyStoreLowerBound(s);
  if (bytes !== undefined) {
    forms['keyStore.steadyStateBytes'] = {
      kind: 'lower',
      value: bytes,
      se: 0,
      why: 'key store >= rate * retention * recordBytes (every action claims a key that lives at least the retention)',
    };
  }
  if (scopeNoneExact(s)) {
    const e = scopeNoneExpectations(closedFormInputs(s));
    const n = s.actions;
    // Rare counts are roughly Poisson: the standard error of a mean m over n actions is about sqrt(m / n).
    const se = (mean: number): number => Math.sqrt(Math.max(mean, 1 / n) / n);
    const why = 'scope none, unlimited concurrency, no crashes, no deadline: exact expectation (scopeNoneExpectations)';
    forms['duplicatesPerThousand'] = {
      kind: 'expectation',
      value: 1000 * e.duplicates,
      se: 1000 * se(e.duplicates),
      why,
    };
    forms['lostPerThousand'] = { kind: 'expectation', value: 1000 * e.lost, se: 1000 * se(e.lost), why };
    forms['attemptsPerAction'] = { kind: 'expectation', value: e.attempts, se: se(e.attempts - 1), why };
    forms['executionsPerAction'] = { kind: 'expectation', value: e.executions, se: se(e.executions - 1 + e.lost), why };
  }
  return forms;
}

function scopeNoneExact(s: Scenario): boolean {
  return scopeNoneReasons(s).every((r) => r === false);
}

/**
 * rate * retention * recordBytes bytes when every action claims at least one key that
 * lives at least the retention (claim to commit + retention): a key scope, no request
 * loss or 503 (an action could then claim nothing), no merged identical repeats. Without
 * E[S]: its sample mean is noisy, and minutes of retention dwarf it.
 */
function keyStoreLowerBound(s: Scenario): number | undefined {
  const scope = s.keys.scope;
  if (scope === 'none') return undefined;
  if (s.network.requestLoss > 0 || s.service.errorRate > 0) return undefined;
  if ((scope === 'business' || scope === 'payload') && s.agent.identicalRepeats > 0) return undefined;
  return s.arrivals.rate * (s.keys.retention / 1000) * s.keys.recordBytes;
}
