// The search space: one ordered list of candidate values per dimension. The defaults are
// derived from the scenario (timeouts from the service's p50 to its p99.9, retention from
// the shortest repeat to beyond the longest resume); `--vary` replaces or adds a dimension
// and `--fix` removes one. Candidate values are "nice" (300ms, 1.2s, 25m) so that the
// recommended patch reads like something a person would write.
import { standardNormalQuantile } from '../analytic/index.js';
import { segmentSpan } from '../analytic/spans.js';
import type { Scenario } from '../model/scenario.js';
import { durationLiteral } from '../scenario/units.js';
import type { Vary } from '../model/sweep.js';
import { valueAt } from '../model/fields.js';

export interface Dimension {
  path: string;
  /** `--set path=value` per candidate, in order. */
  sets: string[];
  values: (number | string | boolean)[];
  labels: string[];
  /** Ordered dimensions are refined by halving steps; unordered ones are searched whole. */
  ordered: boolean;
  source: 'default' | 'vary';
  /** The index of the scenario's own value, when it is a candidate: a point there leaves the field as it was. */
  given: number | null;
}

/** z of the 99.9th percentile. */
const Z999 = standardNormalQuantile(0.999);
/** Most candidates per derived dimension: enough resolution, few refinement rounds. */
const MAX_CANDIDATES = 17;

export const DEFAULT_PATHS = [
  'client.timeout',
  'client.retries',
  'client.backoff.base',
  'keys.retention',
  'keys.scope',
] as const;

/**
 * The key scopes searched from each scope a scenario may have: the designs that key the
 * same logical action, so that a change of scope changes how repeats are recognised, not
 * what the agent does. `business` is never proposed (it merges distinct actions whose
 * arguments are equal), nor are `none` and `attempt` (they recognise no repeat), nor
 * `payload` from another scope (a changed argument then makes a new action).
 */
export const SCOPES_SEARCHED: Readonly<Record<string, readonly string[]>> = {
  none: ['none', 'call', 'intent'],
  attempt: ['attempt', 'call', 'intent'],
  call: ['call', 'intent'],
  payload: ['payload', 'intent'],
  intent: ['intent'],
  business: ['business'],
};

/** The dimensions searched when no --vary or --fix says otherwise; each holds the scenario's own value. */
export function defaultDimensions(s: Scenario): Dimension[] {
  const { median, sigma } = s.service.latency;
  const hedge = s.client.hedge;
  const dims: Dimension[] = [
    withGiven(durationDim('client.timeout', median, median * Math.exp(sigma * Z999)), s.client.timeout),
    // Hedging excludes retries (and so their backoff): its own two knobs are searched instead,
    // a hedge from the service's median to its p99.9, one to three hedges.
    ...(hedge === 'none'
      ? [
          withGiven(numberDim('client.retries', [0, 1, 2, 3, 4, 5]), s.client.retries),
          withGiven(durationDim('client.backoff.base', 50, 2000), s.client.backoff.base),
        ]
      : [
          withGiven(durationDim('client.hedge.after', median, median * Math.exp(sigma * Z999)), hedge.after),
          withGiven(numberDim('client.hedge.max', [1, 2, 3]), hedge.max),
        ]),
  ];
  // Retention matters only when there is a key (or the search may choose one).
  const [lo, hi] = retentionRange(s);
  dims.push(withGiven(durationDim('keys.retention', lo, hi), s.keys.retention));
  const scopes = SCOPES_SEARCHED[s.keys.scope] ?? [s.keys.scope];
  if (scopes.length > 1) {
    dims.push({
      path: 'keys.scope',
      sets: scopes.map((v) => `keys.scope=${v}`),
      values: [...scopes],
      labels: [...scopes],
      ordered: false,
      source: 'default',
      given: 0,
    });
  }
  return dims;
}

/** The dimension with `value` among its candidates, in order, and marked as the scenario's own. */
function withGiven(d: Dimension, value: number): Dimension {
  if (!Number.isFinite(value)) return d;
  const at = d.values.indexOf(value);
  if (at >= 0) return { ...d, given: at };
  const i = d.values.findIndex((v) => (v as number) > value);
  const k = i < 0 ? d.values.length : i;
  // Written as its neighbours are: plain numbers (retries, hedges) or durations.
  const plain = d.labels.every((l, i) => l === String(d.values[i]));
  const label = plain ? String(value) : durationLiteral(value);
  return {
    ...d,
    values: [...d.values.slice(0, k), value, ...d.values.slice(k)],
    sets: [...d.sets.slice(0, k), `${d.path}=${label}`, ...d.sets.slice(k)],
    labels: [...d.labels.slice(0, k), label, ...d.labels.slice(k)],
    given: k,
  };
}

/**
 * From the shortest delay after which a repeat can outlive one call (a re-plan's, else a
 * replay's, else the timeout) to twice the longest resume delay (twice the longest step
 * without crashes): a record must outlive the repeats it is meant to catch.
 */
export function retentionRange(s: Scenario): [number, number] {
  const replans = s.agent.replan.probability > 0 && s.agent.replan.max > 0;
  const crashes = s.agent.crash.probability > 0 && s.agent.crash.max > 0;
  const lo = replans ? s.agent.replan.delay.min : crashes ? s.agent.crash.resumeDelay.min : s.client.timeout;
  const hi = 2 * (crashes ? s.agent.crash.resumeDelay.max : segmentSpan(s));
  return [Math.max(1000, lo), Math.max(2 * Math.max(1000, lo), hi)];
}

/** An ordered dimension of numbers, each set as it is written (the scenario's own value not marked). */
export function numberDim(path: string, values: number[]): Dimension {
  return {
    path,
    sets: values.map((v) => `${path}=${v}`),
    values,
    labels: values.map(String),
    ordered: true,
    source: 'default',
    given: null,
  };
}

function durationDim(path: string, lo: number, hi: number): Dimension {
  const values = thin(niceDurations(lo, hi), MAX_CANDIDATES);
  return {
    path,
    sets: values.map((v) => `${path}=${v}`),
    values,
    labels: values.map(durationLiteral),
    ordered: true,
    source: 'default',
    given: null,
  };
}

const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];
const MINUTES = [
  1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 45, 50, 60, 75, 90, 120, 180, 240, 360, 480, 720, 1440,
];

/** Round durations from the largest one <= lo to the smallest one >= hi (ms). */
export function niceDurations(lo: number, hi: number): number[] {
  const all: number[] = [];
  for (let e = 0; e <= 4; e++) for (const m of MANTISSAS) all.push(m * 10 ** e);
  const below = all.filter((v) => v < 60_000);
  const nice = [...below, ...MINUTES.map((m) => m * 60_000)];
  const first = Math.max(0, nice.filter((v) => v <= lo).length - 1);
  let last = nice.findIndex((v) => v >= hi);
  if (last < 0) last = nice.length - 1;
  return nice.slice(first, last + 1);
}

/** At most n values, spread evenly over the list and keeping both ends. */
function thin(values: number[], n: number): number[] {
  if (values.length <= n) return values;
  const picked = new Set<number>();
  for (let i = 0; i < n; i++) picked.add(Math.round((i * (values.length - 1)) / (n - 1)));
  return [...picked].map((i) => values[i] as number);
}

/** A --vary dimension: numeric values sorted ascending, so that it can be refined. */
export function varyDimension(vary: Vary): Dimension {
  const numeric = vary.values.every((v) => typeof v === 'number');
  const order = vary.values.map((_, i) => i);
  if (numeric) order.sort((a, b) => (vary.values[a] as number) - (vary.values[b] as number));
  return {
    path: vary.path,
    sets: order.map((i) => vary.sets[i] as string),
    values: order.map((i) => vary.values[i] as number | string | boolean),
    labels: order.map((i) => vary.labels[i] as string),
    ordered: numeric,
    source: 'vary',
    given: null,
  };
}

/**
 * The defaults, with each --vary replacing the default of its path (or added after them)
 * and each --fix removing its path. A `keys.retention` default is dropped when the scope
 * is `none` and is not itself searched: retention then changes nothing.
 */
export function searchSpace(s: Scenario, varies: readonly Dimension[], fixed: readonly string[]): Dimension[] {
  // A --vary list that holds the scenario's own value marks it, so that a point there leaves the field as it was.
  const given = (d: Dimension): Dimension => {
    const at = d.values.findIndex((v) => v === valueAt(s, d.path));
    return at < 0 ? d : { ...d, given: at };
  };
  const byPath = new Map(varies.map((d) => [d.path, given(d)]));
  const dims = defaultDimensions(s).map((d) => byPath.get(d.path) ?? d);
  for (const v of byPath.values()) if (!dims.some((d) => d.path === v.path)) dims.push(v);
  const scopeSearched = dims.some((d) => d.path === 'keys.scope' && !fixed.includes(d.path));
  return dims.filter(
    (d) =>
      !fixed.includes(d.path) &&
      !(d.path === 'keys.retention' && d.source === 'default' && s.keys.scope === 'none' && !scopeSearched) &&
      d.values.length > 0,
  );
}
