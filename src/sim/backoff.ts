// Retry backoff policies (MODEL.md step 6). One small pure function per jitter, so a
// new policy is a new case here and nowhere else.
import type { Jitter } from '../scenario/types.js';

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
  const { base, multiplier, max } = policy;
  switch (policy.jitter) {
    case 'none':
      return Math.min(max, base * multiplier ** k);
    case 'full':
      return u * Math.min(max, base * multiplier ** k);
    case 'equal': {
      const d = Math.min(max, base * multiplier ** k);
      return d / 2 + (u * d) / 2;
    }
    case 'decorrelated':
      return Math.min(max, base + u * (3 * previous - base));
  }
}
