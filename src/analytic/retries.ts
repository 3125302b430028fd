// Expected load, duplicates and losses per action for blind retries (scope `none`):
// MODEL.md's general closed form, extended to re-plans for the article's defaults.
//
// When it is exact for the simulator: scope `none` (also `attempt`, whose fresh keys never
// deduplicate); crash probability 0 (a replay would add a whole step); deadline `none`
// (a deadline can cut retries short); unlimited concurrency (a queue adds a wait before
// the service time, which changes q and couples actions); and re-plans off
// (replan.probability 0 or replan.max 0) unless `replan` is given. Then every attempt is
// independent of the ones before it given that it is sent: it executes with x = (1-a)(1-b),
// and an executed attempt ends ok with 1 - q, since its reply leaves at t + S and a reply
// arriving exactly at the timeout counts as arrived (P(S = T) = 0). MODEL.md's "retry"
// after a lost request, a 503 and an executed-but-unknown attempt are then one event: any
// non-ok outcome, so backoff, timing and arrival order play no part.
import type { ClosedFormInputs } from './inputs.js';

/** The closed-form inputs the scope-none forms read; re-plans omitted mean none (MODEL.md's form). */
export type ScopeNoneInput = Pick<ClosedFormInputs, 'requestLoss' | 'errorRate' | 'q' | 'retries'> &
  Partial<Pick<ClosedFormInputs, 'replan'>>;

/** Expected values per logical action. */
export interface ScopeNoneExpectations {
  toolCalls: number;
  attempts: number;
  executions: number;
  /** E[max(0, commits - 1)]. */
  duplicates: number;
  /** P(no commit). */
  lost: number;
}

export function scopeNoneExpectations(input: ScopeNoneInput): ScopeNoneExpectations {
  const { requestLoss: a, errorRate: b, q, retries: R } = input;
  const x = (1 - a) * (1 - b);
  const y = x * (1 - q);
  let perCall = 0; // E = sum_{k=0..R} (1 - y)^k: attempt k is sent iff k earlier ones failed
  for (let k = 0; k <= R; k++) perCall += (1 - y) ** k;
  const callFails = (1 - y) ** (R + 1);
  const callLost = (1 - x) ** (R + 1); // a call that never executed
  const p = input.replan?.probability ?? 0;
  const M = input.replan?.max ?? 0;
  // Call j + 1 is made iff call j failed and the model re-planned (at most M times); each
  // call repeats the same attempt process. The action is lost iff every call it made
  // executed nothing (such a call always fails), the last one without a further re-plan.
  let toolCalls = 0;
  let lost = 0;
  for (let j = 0; j <= M; j++) {
    toolCalls += (p * callFails) ** j;
    lost += (p * callLost) ** j * callLost * (j < M ? 1 - p : 1);
  }
  const executions = x * perCall * toolCalls;
  return {
    toolCalls,
    attempts: perCall * toolCalls,
    executions,
    duplicates: executions - (1 - lost),
    lost,
  };
}

/**
 * Expected tool calls per action that return `unknown`: a call fails with its last attempt
 * a timeout. An attempt times out if its request is lost, its 503 reply is lost, or it
 * executed and ended unknown; same exactness conditions as scopeNoneExpectations.
 */
export function scopeNoneUnknownPerAction(input: ScopeNoneInput & Pick<ClosedFormInputs, 'replyLoss'>): number {
  const { requestLoss: a, errorRate: b, q, retries: R, replyLoss } = input;
  const x = (1 - a) * (1 - b);
  const y = x * (1 - q);
  const timeout = a + (1 - a) * b * replyLoss + x * q;
  return (1 - y) ** R * timeout * scopeNoneExpectations(input).toolCalls;
}

/**
 * Expected duplicates per action for scope `none` when each action's step also crashes
 * with probability c (at most once) and is replayed as a whole new segment. Under scope
 * `none` the replay is an independent copy of the step: commits add up, E = (1 + c) E_seg,
 * and the action is lost only if every segment it ran committed nothing. Same exactness
 * conditions as scopeNoneExpectations otherwise (no deadline, unlimited concurrency).
 */
export function scopeNoneDuplicatesWithReplays(input: ScopeNoneInput, crash: number): number {
  const segment = scopeNoneExpectations(input);
  const lost = segment.lost * (1 - crash + crash * segment.lost);
  return (1 + crash) * segment.executions - (1 - lost);
}
