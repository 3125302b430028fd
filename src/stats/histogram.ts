// A streaming log-linear histogram for latencies in ms: 1024 buckets per power of two
// (bucket width under 0.1% of the value), so memory is fixed whatever the run length.
// Quantiles use the nearest-rank definition (the smallest value with at least p * n
// observations at or below it), reported as the midpoint of the bucket holding that
// rank, clamped to the exact observed minimum and maximum. Values from 2^44 ms (about 557
// years) share one overflow bucket that says only "at least 2^44 ms": a quantile whose
// rank falls there is open-ended, reported as Infinity (JSON writes null) with its
// interval's low end at 2^44 ms or below, never as a finite number that could be hundreds
// of times below the truth. The count, extremes and mean are kept exactly, whatever the values.
import type { Interval } from '../model/result.js';
import type { HistogramState } from '../model/tally-state.js';
import { Welford, Z975 } from './welford.js';

const SUB_BITS = 10;
const MIN_EXPONENT = -20; // values below 2^-20 ms (about 1 ns) share the zero bucket
const MAX_EXPONENT = 44; // values from 2^44 ms (about 557 years) share the overflow bucket
const BUCKETS = (MAX_EXPONENT - MIN_EXPONENT) << SUB_BITS;
const FIRST = (1023 + MIN_EXPONENT) << SUB_BITS;
/** The bucket of every value from 2^44 ms up (Infinity included), above the last one of width 2^34 ms. */
const OVERFLOW = BUCKETS + 1;

/** The smallest time the histogram cannot resolve, ms: its overflow bucket starts there. */
export const HISTOGRAM_LIMIT_MS = 2 ** MAX_EXPONENT;

/** Each bucket's relative width bound: a reported quantile below the limit is within half of it (2^-11) of the value of its rank. */
export const HISTOGRAM_RELATIVE_ERROR = 2 ** -(SUB_BITS + 1);

/**
 * Whether metric `name`'s value is a quantile whose rank lies past HISTOGRAM_LIMIT_MS: held
 * as Infinity, it is known only to be at least that (its interval's low end says so).
 */
export function isOpenEnded(name: string, value: number): boolean {
  return value === Infinity && isQuantile(name);
}

/** Whether metric `name` is a quantile (`latency.call.p95`): the metrics the histogram reports. */
export function isQuantile(name: string): boolean {
  return /\.p\d+$/.test(name);
}

const scratch = new Float64Array(1);
const words = new Uint32Array(scratch.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

function bucketOf(value: number): number {
  if (!(value >= 2 ** MIN_EXPONENT)) return 0;
  scratch[0] = value;
  const b = ((words[HI] as number) >>> (20 - SUB_BITS)) - FIRST + 1;
  return b > BUCKETS ? OVERFLOW : b;
}

function lowerEdge(bucket: number): number {
  if (bucket === 0) return 0;
  words[HI] = (bucket - 1 + FIRST) << (20 - SUB_BITS);
  words[1 - HI] = 0;
  return scratch[0] as number;
}

/** The number of buckets, the zero and overflow buckets included (for readers of a state). */
export const HISTOGRAM_BUCKETS = OVERFLOW + 1;

/** Buckets a histogram first holds around its first value: 2^8 times either way of it. */
const FIRST_SPAN = 16 << SUB_BITS;

export class Histogram {
  /**
   * The counts of buckets base .. base + counts.length - 1; the others are empty. The window
   * grows to take in a bucket outside it, so a histogram of latencies between 10 ms and 10 s
   * holds about 10,000 buckets, not all 65,537 (which would be 0.5 MB a histogram).
   */
  private counts = new Float64Array(0);
  private base = 0;
  count = 0;
  min = Infinity;
  max = -Infinity;
  /** Exact mean and variance alongside the buckets, for the mean's interval. */
  readonly moments = new Welford();
  /**
   * The running counts between the extremes' buckets (runningCounts), made when a quantile
   * is first asked (a report asks a dozen of the same histogram) and made again after the
   * count, a bucket or an extreme has changed.
   */
  private running: { count: number; sums: Float64Array; from: number } | null = null;

  record(value: number): void {
    const i = bucketOf(value) - this.base;
    if (i >= 0 && i < this.counts.length) this.counts[i] = (this.counts[i] as number) + 1;
    else this.add(i + this.base, 1);
    this.count++;
    this.moments.push(value);
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  /** Adds n to bucket b, widening the window to take it in first if need be. */
  private add(b: number, n: number): void {
    this.running = null;
    if (b < this.base || b >= this.base + this.counts.length) this.widen(b);
    const i = b - this.base;
    this.counts[i] = (this.counts[i] as number) + n;
  }

  /** A window that holds bucket b and every bucket it held: at least twice as wide, when it grows. */
  private widen(b: number): void {
    const length = this.counts.length;
    const lo = length === 0 ? b : Math.min(this.base, b);
    const hi = length === 0 ? b + 1 : Math.max(this.base + length, b + 1);
    const span = Math.max(FIRST_SPAN, 2 * length, hi - lo);
    const base = Math.max(0, Math.min(lo - Math.floor((span - (hi - lo)) / 2), HISTOGRAM_BUCKETS - span));
    const counts = new Float64Array(Math.min(span, HISTOGRAM_BUCKETS));
    if (length > 0) counts.set(this.counts, this.base - base);
    this.counts = counts;
    this.base = base;
  }

  /** Calls f with every non-empty bucket and its count, in bucket order. */
  private forEachBucket(f: (bucket: number, n: number) => void): void {
    this.counts.forEach((n, i) => {
      if (n > 0) f(i + this.base, n);
    });
  }

  get mean(): number {
    return this.moments.mean;
  }

  static fromState(state: HistogramState): Histogram {
    const h = new Histogram();
    for (const [bucket, n] of state.buckets) h.add(bucket, n);
    h.count = state.count;
    h.min = state.min;
    h.max = state.max;
    h.moments.merge(Welford.fromState(state.moments));
    return h;
  }

  state(): HistogramState {
    const buckets: [number, number][] = [];
    this.forEachBucket((bucket, n) => buckets.push([bucket, n]));
    return { count: this.count, min: this.min, max: this.max, moments: this.moments.state(), buckets };
  }

  /** Adds another histogram's observations: counts add, extremes widen, moments pool. */
  merge(other: Histogram): void {
    other.forEachBucket((bucket, n) => this.add(bucket, n));
    this.count += other.count;
    this.min = Math.min(this.min, other.min);
    this.max = Math.max(this.max, other.max);
    // The running counts span the extremes' buckets, which a part without observations
    // can still move.
    this.running = null;
    this.moments.merge(other.moments);
  }

  /** The value of rank r (1-based, ascending); 0 for an empty histogram, Infinity (open-ended) in the overflow bucket. */
  atRank(rank: number): number {
    if (this.count === 0) return 0;
    const r = Math.min(this.count, Math.max(1, rank));
    const b = r * 2 <= this.count ? this.bucketFromBelow(r) : this.bucketFromAbove(r);
    if (b === OVERFLOW) return Infinity;
    const mid = b === 0 ? 0 : (lowerEdge(b) + lowerEdge(b + 1)) / 2;
    return Math.min(this.max, Math.max(this.min, mid));
  }

  /**
   * The first bucket whose running count, from the minimum's bucket, reaches r: the walk up
   * from the minimum's bucket would stop there. Buckets below the minimum's and above the
   * maximum's are empty, and counts are whole numbers, so it is also where a walk down from
   * the maximum's stops (bucketFromAbove), the one atRank takes past the middle rank.
   */
  private bucketFromBelow(r: number): number {
    const first = bucketOf(this.min);
    const last = bucketOf(this.max);
    // A state whose minimum lies above its maximum (a hand-made part): the walk never started.
    if (first > last) return last;
    return this.firstReaching(r, first, last);
  }

  /**
   * The bucket a walk down from the maximum's stops at: the highest b whose count below it,
   * the total less the counts from b up to the maximum's bucket, is under r, or the
   * minimum's bucket.
   */
  private bucketFromAbove(r: number): number {
    const last = bucketOf(this.max);
    return this.firstReaching(r - this.count + this.countTo(last), bucketOf(this.min), last);
  }

  /** The lowest bucket b in [from, to) whose countTo(b) reaches `target`, or `to` (by bisection). */
  private firstReaching(target: number, from: number, to: number): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = lo + ((hi - lo) >> 1);
      if (this.countTo(mid) >= target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The observations from the minimum's bucket up to bucket b, b included (0 below the minimum's). */
  private countTo(b: number): number {
    if (this.running === null || this.running.count !== this.count) this.running = this.runningCounts();
    const { sums, from } = this.running;
    const i = b - from;
    if (i < 0 || sums.length === 0) return 0;
    return sums[Math.min(i, sums.length - 1)] as number;
  }

  /**
   * The running counts of the window's buckets from the minimum's to the maximum's, for the
   * histogram's count now, from `from` (the first of them). Both searches look only between
   * those two buckets and use only differences of running counts, so the buckets outside
   * (empty, but for a hand-made part) need not be summed: a report of a run of one action
   * reads one bucket, where summing each histogram's whole window (16,384 buckets at first)
   * cost about 10 ms of CPU at the command's start. The answers are the old walks' as long
   * as the counts are exact doubles (under 2^53); above, summing fewer buckets rounds less.
   */
  private runningCounts(): { count: number; sums: Float64Array; from: number } {
    const counts = this.counts;
    const from = Math.max(this.base, bucketOf(this.min));
    const to = Math.min(this.base + counts.length - 1, bucketOf(this.max));
    const sums = new Float64Array(Math.max(0, to - from + 1));
    let seen = 0;
    for (let i = 0; i < sums.length; i++) sums[i] = seen += counts[from - this.base + i] as number;
    return { count: this.count, sums, from };
  }

  /** Nearest-rank quantile for p in (0, 1]; Infinity when its rank lies at or above 2^44 ms (open-ended). */
  quantile(p: number): number {
    return this.atRank(Math.ceil(p * this.count));
  }

  /**
   * Distribution-free 95% interval for the p-quantile: the order statistics at the
   * binomial ranks n p -+ 1.96 sqrt(n p (1 - p)) (normal approximation to the binomial).
   * A rank beyond the observations leaves that end open: a run of 30 calls says nothing
   * about how high the p99 may be (the high end is Infinity), nor below the smallest
   * value how low the p1 may be (the low end is 0: the values recorded are never negative).
   * A rank in the overflow bucket is known only to be at least 2^44 ms: a low end there is
   * 2^44 ms, a high end Infinity.
   */
  quantileInterval(p: number): Interval {
    const n = this.count;
    if (n === 0) return { low: 0, high: 0 };
    const spread = Z975 * Math.sqrt(n * p * (1 - p));
    const lowRank = Math.floor(n * p - spread);
    const highRank = Math.ceil(n * p + spread) + 1;
    const low = lowRank < 1 ? 0 : Math.min(this.atRank(lowRank), HISTOGRAM_LIMIT_MS);
    return { low, high: highRank > n ? Infinity : this.atRank(highRank) };
  }
}
