// A share counted per key lookup (409s, 422s, stored 200s) when lookups come in clusters:
// one action's retries are looked up one after another and tend to get the same answer,
// so the lookups are not independent trials. The streaming sums of each action's pair
// (lookups, answers of one kind) give the ratio's variance with actions as the units
// (the linearised ratio estimator), and from it the design effect of the exact interval.
import type { Interval } from '../model/result.js';
import type { RatioState } from '../model/tally-state.js';
import { TAIL, clopperPearson } from './exact.js';

export class RatioMoments {
  /** Units (actions) pushed. */
  n = 0;
  x = 0;
  y = 0;
  private xx = 0;
  private yy = 0;
  private xy = 0;

  static fromState(state: RatioState): RatioMoments {
    const r = new RatioMoments();
    Object.assign(r, state);
    return r;
  }

  state(): RatioState {
    return { n: this.n, x: this.x, y: this.y, xx: this.xx, yy: this.yy, xy: this.xy };
  }

  /** Adds another's units: the sums simply add. */
  merge(other: RatioMoments): void {
    const o = other.state();
    this.n += o.n;
    this.x += o.x;
    this.y += o.y;
    this.xx += o.xx;
    this.yy += o.yy;
    this.xy += o.xy;
  }

  /** One action: `trials` lookups, `hits` of them answered with the counted kind. */
  push(trials: number, hits: number): void {
    this.n++;
    this.x += trials;
    this.y += hits;
    this.xx += trials * trials;
    this.yy += hits * hits;
    this.xy += trials * hits;
  }

  /** hits / trials over every unit; 0 with no trials. */
  get ratio(): number {
    return this.x > 0 ? this.y / this.x : 0;
  }

  /**
   * The exact 95% interval of the share (Clopper-Pearson), on the effective number of
   * trials that clustering leaves (the design effect, never below 1). Null with no trials.
   */
  interval(): Interval | null {
    if (this.x === 0) return null;
    return clopperPearson(this.y, this.x, TAIL, this.designEffect());
  }

  /** Variance of the ratio with actions as units, over its variance if trials were independent. */
  private designEffect(): number {
    const r = this.ratio;
    if (r === 0 || r === 1 || this.n < 2) return 1;
    const residuals = this.yy - 2 * r * this.xy + r * r * this.xx;
    const clustered = (residuals * this.n) / ((this.n - 1) * this.x * this.x);
    const independent = (r * (1 - r)) / this.x;
    return Math.max(1, clustered / independent);
  }
}
