// Reading recommend's own options: --prefer (a ranking to replace the default one),
// --skip-guard (guards to drop), the sizing flags, and --vary / --fix (the search space). Each returns its problems as lines
// for the command line to report, never throws.
import { METRIC_NAMES, metricInfo } from '../model/metrics.js';
import type { PrecisionGoal } from '../model/precision.js';
import type { Scenario } from '../model/scenario.js';
import { parseActionCap, parsePrecisions } from '../scenario/precision.js';
import { closest } from '../scenario/suggest.js';
import { parseVary } from '../scenario/vary.js';
import { GUARD_METRICS } from './guards.js';
import { searchSpace, varyDimension, type Dimension } from './space.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** `--prefer a,b`: the ranking, lowest first; undefined when not given. */
export function parsePrefer(arg: string | undefined): Parsed<string[] | undefined> {
  if (arg === undefined) return { ok: true, value: undefined };
  const names = arg.split(',').map((s) => s.trim());
  const problems = names
    .filter((n) => metricInfo(n) === undefined)
    .map((n) => {
      const near = closest(n, METRIC_NAMES);
      return `--prefer: unknown metric '${n}'; ${near !== undefined ? `did you mean '${near}'?` : `the metrics are ${METRIC_NAMES.join(', ')}`}`;
    });
  if (new Set(names).size !== names.length) problems.push('--prefer: each metric may be named once');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: names };
}

/** `--skip-guard METRIC` (repeatable), or `all`. */
export function parseSkipGuards(args: readonly string[]): Parsed<string[]> {
  const known: readonly string[] = [...GUARD_METRICS, 'all'];
  const problems = args
    .filter((a) => !known.includes(a))
    .map((a) => {
      const near = closest(a, known);
      return `--skip-guard ${a}: not a guard; ${near !== undefined ? `did you mean '${near}'? ` : ''}the guards are ${GUARD_METRICS.join(', ')} (or all)`;
    });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: [...args] };
}

export function parseGoals(args: readonly string[]): Parsed<PrecisionGoal[]> {
  const { goals, problems } = parsePrecisions(args);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: goals };
}

const MAX_MAX_ACTIONS = 100_000_000;

/** `--max-actions N` for the search's reruns. */
export function parseMaxActions(arg: string | undefined, fallback: number): Parsed<number> {
  if (arg === undefined) return { ok: true, value: fallback };
  const cap = parseActionCap(arg, MAX_MAX_ACTIONS, 500_000);
  return typeof cap === 'number' ? { ok: true, value: cap } : { ok: false, problems: [cap] };
}

/** The search space: the default dimensions with `--vary` replacing or adding one and `--fix` removing one. */
export function parseSpace(base: Scenario, varyArgs: readonly string[], fix: readonly string[]): Parsed<Dimension[]> {
  const problems: string[] = [];
  const varies: Dimension[] = [];
  for (const arg of varyArgs) {
    const outcome = parseVary(arg);
    // Its patch writes fields by name, and a layer is an item of a list: a sweep varies one.
    if (outcome.ok && outcome.vary.path.startsWith('client.layers[')) {
      problems.push(
        `--vary ${outcome.vary.path}: recommend does not search a retry layer's members; compare them with idemsim sweep --vary ${outcome.vary.path}=...`,
      );
    } else if (outcome.ok) varies.push(varyDimension(outcome.vary));
    else problems.push(`--vary ${outcome.message}`);
  }
  const paths = varies.map((v) => v.path);
  if (new Set(paths).size !== paths.length) problems.push('--vary: each path may be varied once');
  for (const path of fix) {
    if (paths.includes(path)) problems.push(`--fix ${path}: also given to --vary; use one or the other`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const searchable = searchSpace(base, varies, []).map((d) => d.path);
  for (const path of fix) {
    if (!searchable.includes(path)) {
      problems.push(`--fix ${path}: not a searched dimension; the dimensions are ${searchable.join(', ')}`);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const dims = searchSpace(base, varies, fix);
  if (dims.length === 0)
    return { ok: false, problems: ['recommend: nothing left to search; drop a --fix or add a --vary'] };
  return { ok: true, value: dims };
}
