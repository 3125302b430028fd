// Retry backoff policies (MODEL.md step 6). One small pure function per jitter, so a
// new policy is a new case here and nowhere else.
import { type JitterSpec, isAdditive, isProportional } from './scenario.js';

export interface BackoffPolicy {
  base: number;
  multiplier: number;
  max: number;
  jitter: JitterSpec;
  /** No backoff below this, after the jitter (MODEL.md D); 0: no floor. */
  floor: number;
}

/**
 * The wait before attempt k + 1, given the uniform draw u of attempt k, before the floor.
 * `previous` is the last decorrelated value of this tool call (base before its first
 * retry); the return value becomes the next `previous` (MODEL.md: the value before the
 * floor), and `floored` turns it into the wait.
 */
export function backoffDelay(policy: BackoffPolicy, k: number, u: number, previous: number): number {
  const { base, max } = policy;
  const jitter = policy.jitter;
  if (isProportional(jitter)) {
    // Real clients' shape: d * U(lo, hi), not capped again.
    const [lo, hi] = jitter.proportional;
    return capped(policy, k) * (lo + u * (hi - lo));
  }
  if (isAdditive(jitter)) {
    // LangGraph's shape: d + U(lo, hi) milliseconds, not capped again either.
    const [lo, hi] = jitter.additive;
    return capped(policy, k) + lo + u * (hi - lo);
  }
  switch (jitter) {
    case 'none':
      return capped(policy, k);
    case 'full':
      return u * capped(policy, k);
    case 'equal': {
      const d = capped(policy, k);
      return d / 2 + (u * d) / 2;
    }
    case 'decorrelated':
      return Math.min(max, base + u * (3 * previous - base));
  }
}

/** The wait a backoff value gives: raised to the policy's floor. */
export function floored(policy: BackoffPolicy, delay: number): number {
  return delay < policy.floor ? policy.floor : delay;
}

/** d = min(max, base * multiplier^k); a zero base stays zero when multiplier^k overflows. */
function capped({ base, multiplier, max }: BackoffPolicy, k: number): number {
  return base === 0 ? 0 : Math.min(max, base * power(multiplier, k));
}

/**
 * m^k for a retry's index k, by k multiplications: plain arithmetic gives the same bits in
 * every JavaScript engine, where `**` may round differently from one to the next (the lab
 * runs in a browser), and it is exact while the power is a double's integer or dyadic
 * fraction (2^k, 1.5^k up to k = 33): the multipliers clients use.
 */
function power(m: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k && Number.isFinite(r) && r !== 0; i++) r *= m;
  return r;
}
