// The one-line docs of the words of the field table's enums (fields.ts): what each key
// scope, jitter, claim and error policy means, for the JSON Schema and the reference; and the
// one-line docs of the compound fields.

export const PRESET_DOC = 'a real client whose documented defaults fill the client fields the scenario does not set';
export const THROTTLE_DOC = 'a retry token bucket shared by the run (the AWS SDK retry quota); none: no quota';
export const BUDGET_DOC = "retries at once as a share of the run's attempts in flight (Envoy); none: no budget";
export const HEDGE_DOC = 'gRPC-style hedging: another attempt every `after` until a reply; needs retries: 0';
export const LAYERS_DOC =
  'retry loops around the client, innermost first: each { preset, retries, backoff, timeout, deadline, newCall }';
export const PROFILE_DOC = 'a piecewise-constant rate from time 0: steps { until, rate }, then the base rate';
export const INCIDENTS_DOC = 'windows [at, at + for) that change latency, errors or losses; the last listed wins';

export const JITTER_DOCS: Readonly<Record<string, string>> = {
  none: 'wait exactly d = min(max, base * multiplier^k)',
  full: 'wait uniform between 0 and d',
  equal: 'wait d/2 plus uniform between 0 and d/2',
  decorrelated: 'wait min(max, uniform between base and 3 * the previous wait)',
  proportional: 'wait d * uniform(lo, hi), 0 <= lo <= hi, hi may exceed 1 (real clients)',
  additive: 'wait d + uniform(lo, hi), lo and hi durations, 0 <= lo <= hi, not capped by max (LangGraph)',
};

export const SCOPE_DOCS: Readonly<Record<string, string>> = {
  none: 'no key: every request executes',
  attempt: 'a fresh id per attempt: deduplicates nothing, yet stores a record per attempt',
  call: "the tool call's id: deduplicates transport retries, not re-plans or replays",
  payload: "a hash of the call's arguments: misses repeats whose arguments changed, merges identical requests",
  intent: 'run id + step, saved before the call: deduplicates every repeat while the record lives',
  business: 'the business identity (order + line): like intent, but merges genuine identical requests',
};

export const CLAIM_DOCS: Readonly<Record<string, string>> = {
  atomic: 'the lookup claims the key in one step: a concurrent repeat gets 409',
  'read-then-write': 'a repeat inside raceWindow of the claim also executes (a race)',
};

export const KEY_ERRORS_DOCS: Readonly<Record<string, string>> = {
  store: 'the record keeps the 500: a repeat gets it back (Stripe, node-idempotency)',
  delete: 'the record is deleted: a repeat executes again (Powertools, express-idempotency)',
};
