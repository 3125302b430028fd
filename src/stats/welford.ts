// Streaming mean and variance (Welford's algorithm, sample variance with n - 1), and the
// normal-approximation 95% interval MODEL.md asks for: mean +- 1.96 s / sqrt(n).
import type { Interval } from '../model/result.js';

/** The 97.5th percentile of the standard normal distribution. */
export const Z975 = 1.959963984540054;

export class Welford {
  n = 0;
  mean = 0;
  private m2 = 0;

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
