// recommend's --help: what the search does, judges and ranks, and examples that run as
// written in a clone of the repository.
import { formatCount } from '../format/format.js';

/** Actions each point is first simulated with, unless --actions says otherwise. */
export const DEFAULT_RECOMMEND_ACTIONS = 20_000;
/** Cap of a point's rerun until decided (and of --precision), unless --max-actions says otherwise. */
export const DEFAULT_RECOMMEND_MAX_ACTIONS = 200_000;
/** Verification runs up to this many times the search's cap. */
export const VERIFY_CAP_FACTOR = 10;
/** The recommendation and its runner-ups: confirmed and verified together. */
export const ANSWERS = 4;

/** What --actions means here: the search's count per point, whatever the file says. */
export const ACTIONS_HELP = `actions each point is simulated with first (default: ${formatCount(DEFAULT_RECOMMEND_ACTIONS)}, whatever the file's actions: says; --precision and undecided bounds rerun with more)`;

export const DESCRIPTION = [
  'Search the client and key settings for the configuration that does what the targets ask and no harm.',
  [
    'Guards: besides your targets, recommend adds bounds of its own and prints each one: unknown outcomes, lost',
    'actions and false failures no worse than the scenario as given (the upper end of its 95% interval, from a run',
    "of the file like every point's), and latency.step.p95 within client.deadline when one is set. A --target (or",
    'expect: bound) on the same metric replaces a guard; --skip-guard METRIC drops one.',
  ],
  [
    'Feasible: every target and guard passes on its 95% interval (the whole interval within the bound). Each point',
    `is simulated with --actions actions (default ${formatCount(DEFAULT_RECOMMEND_ACTIONS)}, whatever the file's actions: says) on the scenario's seed (common random numbers);`,
    'a point that leaves a bound undecided while every estimate is within its bound is rerun with more actions until',
    `each bound is decided or --max-actions (default ${formatCount(DEFAULT_RECOMMEND_MAX_ACTIONS)}), in rank order and only while it could be the`,
    'answer or a listed runner-up. A point whose estimate breaks a bound is not rerun (--until-decided reruns every',
    'point).',
  ],
  [
    "Ranking among feasible points: the targets' metrics in target order (lower first for an upper bound, higher",
    'first for a lower one), then attempts per action (load on the service), then the key store, then p95 call',
    'latency as a tie-break; values compared at 3 significant digits on the search runs. --prefer replaces it.',
  ],
  [
    `Verification: the best feasible point and up to ${ANSWERS - 1} runner-ups of the Pareto front are rerun on another seed (the`,
    `scenario's followed by "-verify", e.g. 1-verify) until every bound is decided, up to ${VERIFY_CAP_FACTOR} x --max-actions; one`,
    'that fails is not recommended and the next is tried. Both runs are printed.',
  ],
  [
    'Nothing feasible: the closest configuration is printed, by the sum over targets of the normalised violation',
    'max(0, (value - limit) / scale), among simulated points only (pruned ones are simulated first).',
  ],
  '--strict is gone: judging is always on the interval.',
]
  .map((p) => (typeof p === 'string' ? p : p.join(' ')))
  .join('\n\n');

export const EXAMPLES = `
Examples:
  $ npx idemsim recommend scenarios/refunds-slow-tail.yaml --target 'duplicatesPerThousand<=0.1' \\
      --target 'keyStore.steadyStateBytes<100MB'
      fewest duplicates and the smallest key store that do no harm, verified on seed 1-verify
  $ npx idemsim recommend scenarios/refunds-slow-tail.yaml --target 'latency.call.p95<=2s' \\
      --prefer attemptsPerAction --fix keys.retention
  $ npx idemsim recommend scenarios/refunds-4-retention-1h.yaml --target 'duplicatesPerThousand<=0.1' \\
      --skip-guard falseFailuresPerThousand
  $ npx idemsim recommend scenarios/refunds-3-intent-key.yaml --target 'duplicatesPerThousand<=0.1' \\
      --until-decided --max-actions 500000

On a terminal, each round of simulation draws a progress line on stderr: its
points done and the time left (the search's rounds depend on what it finds, so
there is no overall total); --quiet drops it.
EXPR is METRIC<=VALUE (or >=, <, >), the value in the metric's unit as in an expect: block (5s, 64MB,
1%); the file's expect: bounds are targets too, and a flag on a metric replaces them.
Exit codes: 0 a verified recommendation, 1 nothing searched is feasible (the closest configuration is
printed) or nothing feasible passed verification, 2 bad input, 70 internal error.`;
