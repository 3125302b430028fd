// Retry backoff policies (MODEL.md step 6). One small pure function per jitter, so a
// new policy is a new case here and nowhere else.
import type { Jitter } from './scenario.js';

export interface BackoffPolicy {
  base: number;
  multiplier: number;
  max: number;
  jitter: Jitter;
}

/**
 * The wait before attempt k + 1, given the uniform draw u of attempt k. `previous` is the
 * last decorrelated value of this tool call (base before its first retry); the return
 * value becomes the next `previous`.
 */
export function backoffDelay(policy: BackoffPolicy, k: number, u: number, previous: number): number {
  const { base, max } = policy;
  switch (policy.jitter) {
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

/** d = min(max, base * multiplier^k); a zero base stays zero when multiplier^k overflows. */
function capped({ base, multiplier, max }: BackoffPolicy, k: number): number {
  return base === 0 ? 0 : Math.min(max, base * multiplier ** k);
}
