// Which configuration is better. By default: what the user said they care about first
// (each target's metric in target order: lower is better for an upper bound, higher for a
// lower one), then load on the service (attempts per action), then the key store, then
// p95 call latency as a tie-break; `--prefer` replaces the list (lowest first). Values are
// compared at three significant digits (a rate per thousand first in steps of what its run
// cannot tell from none, keyValue), so that a byte of key store does not outrank a
// real difference in load, and on the search's runs, which share one seed (common random
// numbers). Exact ties go to the point earlier in grid order. The Pareto front: the
// feasible points no other feasible point beats on every ranking metric (of equals, the
// first in grid order).
import type { Target } from '../model/bounds.js';
import { isUpper } from '../stats/bounds.js';
import { metricUnit, metricValue } from '../model/metrics.js';
import { ZERO_EVENTS_HIGH, zeroEventRate } from '../stats/exact.js';
import type { RankingRule } from '../model/recommend.js';
import type { Point } from './point.js';

export interface RankKey {
  metric: string;
  better: 'lower' | 'higher';
}

/** After the targets' own metrics: load, then key store, then latency (a tie-break). */
export const DEFAULT_AFTER_TARGETS: readonly string[] = [
  'attemptsPerAction',
  'keyStore.steadyStateBytes',
  'latency.call.p95',
];

const DIGITS = 3;

/** The ranking: --prefer when given, else the user's targets' metrics then DEFAULT_AFTER_TARGETS. */
export function rankingKeys(userTargets: readonly Target[], prefer: readonly string[] | undefined): RankKey[] {
  if (prefer !== undefined) return prefer.map((metric) => ({ metric, better: 'lower' }));
  const keys: RankKey[] = [];
  const seen = new Set<string>();
  for (const t of userTargets) {
    if (seen.has(t.metric)) continue;
    seen.add(t.metric);
    keys.push({ metric: t.metric, better: isUpper(t.op) ? 'lower' : 'higher' });
  }
  for (const metric of DEFAULT_AFTER_TARGETS) {
    if (!seen.has(metric)) keys.push({ metric, better: 'lower' });
  }
  return keys;
}

export function rankingRule(keys: readonly RankKey[], prefer: boolean): RankingRule {
  const list = keys.map((k) => `${k.metric} (${k.better})`).join(', then ');
  const rule = prefer
    ? `--prefer: ${list}`
    : `the targets' metrics first, then load (attemptsPerAction), key store, and p95 call latency as a tie-break: ${list}`;
  return {
    metrics: keys.map((k) => ({ ...k })),
    source: prefer ? 'prefer' : 'default',
    rule: `${rule}; values at ${DIGITS} significant digits on the search's runs (one seed for every point), a rate per thousand in steps from zero of what its run cannot tell from none (${ZERO_EVENTS_HIGH.toPrecision(3)} / actions: a point that saw one event ties with one that saw none)`,
  };
}

/**
 * A value rounded to the compared precision, signed so that smaller is better. A rate per
 * thousand is first taken in steps of what its run cannot tell from none (the 95% upper
 * bound of zero events: 3.69 / actions, per thousand), so that a point that saw one
 * duplicate and one that saw none are equal on that key, and the next key decides.
 */
function keyValue(p: Point, key: RankKey): number {
  const result = p.search?.result;
  if (result === undefined) return Infinity;
  const x = metricValue(result.metrics, key.metric);
  if (!Number.isFinite(x)) return Infinity;
  const step = metricUnit(key.metric) === 'perThousand' ? zeroEventRate(result.metrics.actions, 1000) : 0;
  const stepped = step > 0 ? Math.floor(x / step) * step : x;
  const rounded = stepped === 0 ? 0 : Number(stepped.toPrecision(DIGITS));
  return key.better === 'lower' ? rounded : -rounded;
}

/** Better first by the ranking keys, then grid order. */
export function compareByRank(a: Point, b: Point, keys: readonly RankKey[]): number {
  for (const key of keys) {
    const d = keyValue(a, key) - keyValue(b, key);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return gridOrder(a, b);
}

function gridOrder(a: Point, b: Point): number {
  for (let i = 0; i < a.idx.length; i++) {
    const d = (a.idx[i] as number) - (b.idx[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * At least as good on every key and better on one; of two points equal on every key the
 * one earlier in grid order dominates, so that the front lists trade-offs, not twins.
 */
export function dominates(a: Point, b: Point, keys: readonly RankKey[]): boolean {
  let better = false;
  for (const key of keys) {
    const x = keyValue(a, key);
    const y = keyValue(b, key);
    if (x > y) return false;
    if (x < y) better = true;
  }
  return better || (a !== b && gridOrder(a, b) < 0);
}

/**
 * The distance of an infeasible point: the sum over targets of its normalised violation,
 * max(0, -margin), on the search's point estimates (0 for a point inside every bound).
 */
export function distanceOf(p: Point): number {
  const judged = p.search?.judged;
  if (judged === undefined) return Infinity;
  return judged.reduce((sum, j) => sum + Math.max(0, -j.margin), 0);
}

export const DISTANCE_RULE =
  'sum over targets of max(0, -margin), margin = (limit - value) / scale for an upper bound ((value - limit) / scale for a lower one), scale = max(|limit|, a floor in the metric unit), on the search run';

/** Closest first: by distance, then by rank. */
export function compareByDistance(a: Point, b: Point, keys: readonly RankKey[]): number {
  const d = distanceOf(a) - distanceOf(b);
  if (d !== 0 && !Number.isNaN(d)) return d;
  return compareByRank(a, b, keys);
}

/** The points no other point of the list dominates, in the list's order. */
export function paretoFront(points: readonly Point[], keys: readonly RankKey[]): Point[] {
  return points.filter((p) => !points.some((q) => q !== p && dominates(q, p, keys)));
}
