// Streaming mean and variance (Welford's algorithm, sample variance with n - 1), and the
// normal-approximation 95% interval MODEL.md asks for: mean +- 1.96 s / sqrt(n).
import type { Interval } from '../model/result.js';
import type { WelfordState } from '../model/tally-state.js';

/** The 97.5th percentile of the standard normal distribution. */
export const Z975 = 1.959963984540054;

export class Welford {
  n = 0;
  mean = 0;
  private m2 = 0;

  static fromState(state: WelfordState): Welford {
    const w = new Welford();
    w.n = state.n;
    w.mean = state.mean;
    w.m2 = state.m2;
    return w;
  }

  state(): WelfordState {
    return { n: this.n, mean: this.mean, m2: this.m2 };
  }

  /** Adds another accumulator's values (Chan et al.'s pairwise update): as if pushed here. */
  merge(other: Welford): void {
    if (other.n === 0) return;
    if (this.n === 0) {
      Object.assign(this, other.state());
      return;
    }
    const n = this.n + other.n;
    const delta = other.mean - this.mean;
    this.mean += (delta * other.n) / n;
    this.m2 += other.m2 + (delta * delta * this.n * other.n) / n;
    this.n = n;
  }

  push(x: number): void {
    this.n++;
    const delta = x - this.mean;
    this.mean += delta / this.n;
    this.m2 += delta * (x - this.mean);
  }

  /** Sample variance (n - 1 in the denominator); 0 below two observations. */
  get variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : 0;
  }

  /** 95% interval of the mean, scaled by `scale` (e.g. 1000 for "per thousand"). */
  interval(scale = 1): Interval {
    const half = this.n > 0 ? Z975 * Math.sqrt(this.variance / this.n) : 0;
    return { low: (this.mean - half) * scale, high: (this.mean + half) * scale };
  }
}
