// `--rare`: tune the tilts on pilot runs (cross-entropy), then run batches of the scenario
// under them until the actions asked for, or the precision asked for, is reached. Pure:
// scenario in, estimates out. Each batch is the scenario run anew on its own seed, so the
// weighted sums of independent actions simply add up across batches.
import type { Scenario } from '../model/scenario.js';
import { RARE_COUNTS, type RareCount, type RareEstimate, type RareResult } from '../model/rare.js';
import { RARE_SITES, RARE_SITE_NAMES, RETRY_SITES, Rare, RareSite } from './rare.js';
import { Sim, paramsOf, type Params } from './state.js';
import { run } from './simulate.js';
import { exp, log } from '../stats/libm.js';

/** z of a 95% two-sided interval. */
const Z95 = 1.959963984540054;
/** Pilot runs of the cross-entropy tuning, their size, and how much of the old tilt each keeps. */
const PILOTS = 4;
const PILOT_ACTIONS = 20_000;
const SMOOTHING = 0.3;
/** The first tilt of a rare site (nominal chance below it), and the bounds of any tilt. */
const FIRST_TILT = 0.1;
const MAX_TILT = 0.9;

export interface RareOptions {
  /** The count the tilts are tuned for (default duplicates): only its estimate is trustworthy. */
  target?: RareCount;
  /** Stop once this count's 95% half-width is at most `relative` of its estimate. */
  precision?: { count: RareCount; relative: number };
  /** Stop once this says the estimates so far are enough (bounds decided: check --until-decided). */
  enough?: (so: RareResult) => boolean;
  /** Never simulate more actions than this (precision runs). */
  maxActions?: number;
  /** Told the actions done after each batch. */
  onBatch?: (done: number) => void;
}

/** Each site's nominal chance in `p` (the slow tail: the chance the service time's radius passes the timeout's z). */
export function nominalChances(p: Params): Float64Array {
  const chances = new Float64Array(RARE_SITES);
  chances[RareSite.requestLoss] = p.requestLoss;
  chances[RareSite.replyLoss] = p.replyLoss;
  chances[RareSite.error] = p.errorRate;
  const z = p.sigma > 0 && Number.isFinite(p.timeout) ? log(p.timeout / p.median) / p.sigma : Infinity;
  chances[RareSite.slowTail] = z === Infinity ? 0 : exp((-Math.max(0, z) * Math.max(0, z)) / 2);
  chances[RareSite.agentCrash] = p.crashMax > 0 ? p.crashProbability : 0;
  chances[RareSite.replan] = p.replanMax > 0 ? p.replanProbability : 0;
  chances[RareSite.serverCrash] = p.serverCrash;
  chances[RareSite.failure] = p.failure;
  for (const site of [RareSite.requestLoss, RareSite.replyLoss, RareSite.error, RareSite.slowTail])
    chances[RETRY_SITES + site] = chances[site] as number;
  // The resume delay is uniform: the chance it passes the retention (a replay then finds no record).
  const span = p.resumeMax - p.resumeMin;
  const late = span > 0 ? (p.resumeMax - p.retention) / span : p.resumeMin > p.retention ? 1 : 0;
  chances[RareSite.lateResume] = p.crashMax > 0 && p.scope !== 'none' ? Math.min(1, Math.max(0, late)) : 0;
  return chances;
}

export function simulateRare(scenario: Scenario, options: RareOptions = {}): RareResult {
  const p = paramsOf(scenario);
  const nominal = nominalChances(p);
  const target = RARE_COUNTS.indexOf(options.target ?? 'duplicates');
  const tilted = tune(scenario, nominal, target);
  const total = new Rare(nominal, tilted, target);
  const maxActions = options.maxActions ?? Infinity;
  const sized = options.precision !== undefined || options.enough !== undefined;
  let batches = 0;
  for (;;) {
    runBatch(scenario, `${String(scenario.seed)}/rare/${batches}`, total);
    batches++;
    options.onBatch?.(total.n);
    if (!sized || total.n + scenario.actions > maxActions) break;
    const so = resultOf(total, batches, nominal, tilted, scenario);
    if (options.enough !== undefined && !options.enough(so)) continue;
    if (options.precision === undefined) break;
    const e = so.estimates[options.precision.count];
    if (e.high !== null && e.mean > 0 && Z95 * e.se <= options.precision.relative * e.mean) break;
  }
  return resultOf(total, batches, nominal, tilted, scenario);
}

/** The sums of `total`, its tilts and its scenario, as the result: estimates of every count, the target's first. */
function resultOf(total: Rare, batches: number, nominal: Float64Array, tilted: Float64Array, scenario: Scenario): RareResult {
  const estimates = Object.fromEntries(RARE_COUNTS.map((name, i) => [name, estimate(total, i)])) as Record<
    RareCount,
    RareEstimate
  >;
  return {
    target: RARE_COUNTS[total.target] as RareCount,
    actions: total.n,
    pilotActions: PILOTS * Math.min(PILOT_ACTIONS, scenario.actions),
    batches,
    effectiveSampleSize: total.w2 > 0 ? (total.w * total.w) / total.w2 : 0,
    tilts: RARE_SITE_NAMES.map((site, i) => ({ site, nominal: nominal[i] as number, tilted: tilted[i] as number })),
    estimates,
  };
}

/** One run of the scenario on `seed`, its weighted sums added to `into`. */
function runBatch(scenario: Scenario, seed: string, into: Rare, actions = scenario.actions): void {
  const batch = new Rare(into.p, into.q, into.target);
  const sim = new Sim(paramsOf({ ...scenario, seed, actions }), scenario.arrivals.rate, { rare: batch });
  run(sim);
  into.n += batch.n;
  into.w += batch.w;
  into.w2 += batch.w2;
  batch.sums.forEach((s, i) => {
    const to = into.sums[i] as (typeof into.sums)[number];
    to.wx += s.wx;
    to.wx2 += s.wx2;
    to.wxx += s.wxx;
  });
  into.hitsAdd(batch);
  for (let site = 0; site < RARE_SITES; site++) {
    into.ceTrials[site] = (into.ceTrials[site] as number) + (batch.ceTrials[site] as number);
    into.ceEvents[site] = (into.ceEvents[site] as number) + (batch.ceEvents[site] as number);
  }
  into.ceHits += batch.ceHits;
}

/**
 * Cross-entropy tuning (de Boer et al. 2005): start every rare site at FIRST_TILT, run a
 * pilot, and move each site's chance to its weighted rate among the actions that had the
 * target count (the chance that makes those actions most likely), smoothed; a pilot without
 * one doubles the tilts instead.
 */
function tune(scenario: Scenario, nominal: Float64Array, target: number): Float64Array {
  const q = nominal.map((p) => (p > 0 && p < FIRST_TILT ? FIRST_TILT : p));
  const actions = Math.min(PILOT_ACTIONS, scenario.actions);
  for (let round = 0; round < PILOTS; round++) {
    const pilot = new Rare(nominal, q, target);
    runBatch(scenario, `${String(scenario.seed)}/rare-pilot/${round}`, pilot, actions);
    for (let site = 0; site < RARE_SITES; site++) {
      const p = nominal[site] as number;
      if (p <= 0 || p >= 1) continue;
      const trials = pilot.ceTrials[site] as number;
      const next =
        pilot.ceHits > 0 && trials > 0
          ? (pilot.ceEvents[site] as number) / trials
          : Math.min(MAX_TILT, 2 * (q[site] as number));
      const smoothed = (1 - SMOOTHING) * next + SMOOTHING * (q[site] as number);
      q[site] = Math.min(MAX_TILT, Math.max(p / 2, smoothed));
    }
  }
  return q;
}

/** The weighted mean of count `i` per action, with its CLT interval and the variance it saved. */
function estimate(total: Rare, i: number): RareEstimate {
  const n = total.n;
  const s = total.sums[i] as (typeof total.sums)[number];
  const hits = total.hits[i] as number;
  const mean = n > 0 ? s.wx / n : 0;
  if (hits === 0 || n < 2) return { mean: 0, se: 0, low: 0, high: null, hits, varianceReduction: null };
  const variance = Math.max(0, (s.wx2 - n * mean * mean) / (n - 1));
  const se = Math.sqrt(variance / n);
  const plain = Math.max(0, s.wxx / n - mean * mean);
  return {
    mean,
    se,
    low: Math.max(0, mean - Z95 * se),
    high: mean + Z95 * se,
    hits,
    varianceReduction: variance > 0 ? plain / variance : null,
  };
}
