// The words and notations idemsim's output uses besides the rows' labels, as
// `idemsim help metrics` explains them after the rows: how a value and its interval read,
// what "per day", "steady state" and a percentile mean, and the verdicts of check and
// recommend. In MODEL.md's and docs/reference/intervals.md's terms.

export interface Term {
  term: string;
  meaning: string;
}

export const TERMS: readonly Term[] = [
  {
    term: '[low, high]',
    meaning:
      'The 95% confidence interval of the value before it: the true value of this configuration lies in it with 95% ' +
      'confidence, whatever the count (docs/reference/intervals.md gives the method of each metric). More actions ' +
      '(--actions, --precision) narrow it. A value without brackets has none: counts, peaks and maxima are exactly ' +
      'what this run saw, and an interval of zero width at the value is not shown.',
  },
  {
    term: '0 [0, x]',
    meaning:
      'Nothing was counted, yet the rate is not shown to be zero: a true rate as high as x would still count nothing ' +
      'in about one run of this length out of 40. Nothing counted in n actions reads [0, 3.69/n] (× 1000 per ' +
      'thousand), so only more actions bring x down.',
  },
  {
    term: 'action, step, tool call, attempt',
    meaning:
      'An action is one thing the agent means to do once, run as one agent step. A step execution calls the tool; a ' +
      'tool call sends one attempt (request) and, after a timeout, 409 or 503, retries. A re-plan is the model ' +
      'calling the tool again after a tool call failed; a crash replay is the runtime running the step again after ' +
      'its worker died before the checkpoint.',
  },
  {
    term: 'execution, commit',
    meaning:
      'An execution is the service running the side effect; it commits when the effect takes place (the refund is ' +
      'paid). A duplicate is a second or later commit for one action; a lost action has no commit.',
  },
  {
    term: '/ 1000, / action',
    meaning: 'Per 1000 actions and per action: never per attempt or per tool call.',
  },
  {
    term: 'per day',
    meaning:
      "A rate per 1000 actions at the scenario's arrival rate for 24 hours: rate / 1000 × arrivals.rate × 86,400. " +
      'Shown only for a run whose arrival rate and conditions hold throughout (no arrivals.profile, no incidents).',
  },
  {
    term: 'rate (409, 422, dedup hit)',
    meaning:
      'A share of the attempts whose key the service looked up (not of all attempts), counted when the answer was ' +
      'sent, whether or not the reply then arrived.',
  },
  {
    term: 'count (share%)',
    meaning: 'Under Responses, a count of attempts beside its share of all attempts.',
  },
  {
    term: 'p50, p95, p99, max, mean',
    meaning:
      'Percentiles: p95 is the value 95% of observations do not exceed (nearest rank); p50 is the median. max is ' +
      'the largest this run saw (no interval); mean the average.',
  },
  {
    term: 'call latency, step latency',
    meaning:
      "Call: from a tool call's first request to its result, retries and backoffs included. Step: per action, from " +
      'its arrival to the end of its first step execution, re-plans included, crash replays not.',
  },
  {
    term: 'steady state',
    meaning:
      "The key-store size a long-running service at the scenario's arrival rate holds, whatever the run's length " +
      "(Little's law). The peak, by contrast, is what this run reached, and a run shorter than the retention never " +
      'fills the store.',
  },
  {
    term: 'n/a',
    meaning:
      'Not available: in a table of several scenarios, a row of a feature this scenario does not use; a metric ' +
      'that a saved summary predates (idemsim report); a per-day figure of a run that is an episode, with the ' +
      'reason: "n/a (profile)" or "n/a (incidents)".',
  },
  {
    term: 'N replicas',
    meaning:
      'A column headed name (N replicas) pools N independent runs of the scenario (run --replicas), each on its own ' +
      'seed: N times the actions, and intervals that account for how runs differ from one another.',
  },
  {
    term: 'pass, fail, undecided',
    meaning:
      'check and recommend judge a bound on the interval, not the value: it passes when the whole interval meets ' +
      'it, fails when none of it does, and is undecided when the interval straddles the limit: the run was too ' +
      'short to tell, and --until-decided runs as many actions as it takes. The --fail-on gates of diff and ' +
      'check --baseline are judged together on the change between two runs, so that a comparison with no real ' +
      'change fails any of them with at most the stated false-alarm rate (5%; docs/ci.md).',
  },
];
