// Importance sampling for rare counts (`--rare`): the uniforms that start a duplicate chain
// (a lost request or reply, a 503, the slow tail of the service time, an agent crash, a
// re-plan, a worker crash, a failed execution) are drawn from a tilted law that makes the
// rare outcome common, and each action carries the likelihood ratio of its draws.
//
// A tilt maps a uniform u' to u piecewise linearly so that the event u < p (p the nominal
// chance) has chance q: u = u' p / q below q, p + (u' - q)(1 - p)/(1 - q) above. Whatever
// the simulator then does with u, the action's weight (the product of these maps' slopes)
// makes the weighted count unbiased for the nominal law: E_q[w x] = E_p[x]. The estimator
// is the weighted mean over independent actions, with a CLT interval.
import type { Action, Call } from './events.js';
import { RARE_COUNTS } from '../model/rare.js';

/** The tilted draws, by site. */
export const RareSite = {
  requestLoss: 0,
  replyLoss: 1,
  error: 2,
  /** The service time's radius beyond the client timeout's z (the slow tail). */
  slowTail: 3,
  agentCrash: 4,
  replan: 5,
  serverCrash: 6,
  failure: 7,
  /** A crashed agent resuming after the key's retention (the last link of a replay duplicate). */
  lateResume: 12,
} as const;
export type RareSite = (typeof RareSite)[keyof typeof RareSite];
/**
 * A call's first attempt and its later ones are tilted apart (the four attempt sites again,
 * from RETRY_SITES on): what starts a chain is usually the first attempt's loss, and a
 * retry's draws are better left near their own law.
 */
export const RETRY_SITES = 8;
export const RARE_SITES = 13;
export const RARE_SITE_NAMES = [
  'network.requestLoss (first attempts)',
  'network.replyLoss (first attempts)',
  'service.errorRate (first attempts)',
  'service time beyond the timeout (first attempts)',
  'agent.crash.probability',
  'agent.replan.probability',
  'service.crash.probability',
  'service.failure.probability',
  'network.requestLoss (retries)',
  'network.replyLoss (retries)',
  'service.errorRate (retries)',
  'service time beyond the timeout (retries)',
  'agent.crash.resumeDelay beyond keys.retention',
] as const;

const COUNTS = RARE_COUNTS.length;

/** Sums over actions of one count x with weight w: for the estimate, its interval and the plain variance. */
export interface RareSums {
  /** Sum of w x, of (w x)^2, and of w x^2 (for x's variance under the nominal law). */
  wx: number;
  wx2: number;
  wxx: number;
}

export class Rare {
  /** Sums of w and w^2 over the actions finished, and how many. */
  n = 0;
  w = 0;
  w2 = 0;
  readonly sums: RareSums[] = RARE_COUNTS.map(() => ({ wx: 0, wx2: 0, wxx: 0 }));
  /** Cross-entropy sums per site, over actions with the target count: weighted trials and events. */
  readonly ceTrials = new Float64Array(RARE_SITES);
  readonly ceEvents = new Float64Array(RARE_SITES);
  /** Weighted count of actions with the target count (the rare outcome the tilt is tuned to). */
  ceHits = 0;
  /** Actions with a non-zero count, per count. */
  readonly hits = new Float64Array(RARE_COUNTS.length);

  /**
   * `p`: each site's nominal chance; `q`: its tilted chance (q = p: not tilted); `target`:
   * the count (index in RARE_COUNTS) whose non-zero actions the cross-entropy sums follow.
   */
  constructor(
    readonly p: Float64Array,
    readonly q: Float64Array,
    readonly target = 0,
  ) {}

  /** The action's state: weight 1, no trial yet. */
  open(): Float64Array {
    const state = new Float64Array(1 + 2 * RARE_SITES);
    state[0] = 1;
    return state;
  }

  /** `u` drawn under the tilt of `site`, mapped to the nominal law; the slope goes into the action's weight. */
  tilt(action: Action, site: RareSite, u: number): number {
    const state = action.rare as Float64Array;
    const p = this.p[site] as number;
    const q = this.q[site] as number;
    const event = u < q;
    state[1 + site] = (state[1 + site] as number) + 1;
    if (event) state[1 + RARE_SITES + site] = (state[1 + RARE_SITES + site] as number) + 1;
    if (q === p) return u;
    if (event) {
      state[0] = (state[0] as number) * (p / q);
      return (u * p) / q;
    }
    state[0] = (state[0] as number) * ((1 - p) / (1 - q));
    return p + ((u - q) * (1 - p)) / (1 - q);
  }

  /** As `tilt`, for an event that is u > 1 - p (the service time's large radius). */
  tiltUpper(action: Action, site: RareSite, u: number): number {
    return 1 - this.tilt(action, site, 1 - u);
  }

  /** Adds the hit counts of `other`, a batch run under the same tilts. */
  hitsAdd(other: Rare): void {
    for (let i = 0; i < COUNTS; i++) this.hits[i] = (this.hits[i] as number) + (other.hits[i] as number);
  }

  /** Action `action` has ended with these counts (RARE_COUNTS' order). */
  record(action: Action, counts: readonly number[]): void {
    const state = action.rare as Float64Array;
    const w = state[0] as number;
    this.n++;
    this.w += w;
    this.w2 += w * w;
    for (let i = 0; i < COUNTS; i++) {
      const x = counts[i] as number;
      if (x === 0) continue;
      const s = this.sums[i] as RareSums;
      this.hits[i] = (this.hits[i] as number) + 1;
      s.wx += w * x;
      s.wx2 += w * x * w * x;
      s.wxx += w * x * x;
    }
    if ((counts[this.target] as number) > 0) {
      this.ceHits += w;
      for (let site = 0; site < RARE_SITES; site++) {
        this.ceTrials[site] = (this.ceTrials[site] as number) + w * (state[1 + site] as number);
        this.ceEvents[site] = (this.ceEvents[site] as number) + w * (state[1 + RARE_SITES + site] as number);
      }
    }
  }
}

/** Attempt `k`'s draws, once taken into `call`: its request, 503, service-time radius and reply tilted. */
export function tiltAttempt(rare: Rare, call: Call, k: number): void {
  const action = call.action;
  const at = (k === 0 ? 0 : RETRY_SITES) as RareSite;
  call.uRequest = rare.tilt(action, (at + RareSite.requestLoss) as RareSite, call.uRequest);
  call.uError = rare.tilt(action, (at + RareSite.error) as RareSite, call.uError);
  call.uService1 = rare.tiltUpper(action, (at + RareSite.slowTail) as RareSite, call.uService1);
  call.uReply = rare.tilt(action, (at + RareSite.replyLoss) as RareSite, call.uReply);
}
