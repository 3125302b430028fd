// How often a single executed attempt ends in a timeout the client cannot interpret:
// the lognormal service time overruns the client's timeout, or the reply is lost.
import { standardNormalUpperTail } from './normal.js';

/**
 * P(S > T) for a lognormal service time S = median * exp(sigma * Z) and timeout T (same
 * unit): 1 - Phi(ln(T / median) / sigma). With sigma 0 the service time is the median.
 */
export function pSlow(median: number, sigma: number, timeout: number): number {
  if (sigma === 0) return median > timeout ? 1 : 0;
  return standardNormalUpperTail(Math.log(timeout / median) / sigma);
}

/**
 * q = 1 - (1 - pSlow)(1 - replyLoss): the chance that an attempt which executed ends as
 * a timeout (slow or reply lost), i.e. the side effect happened but the client is unsure.
 */
export function unknownShare(slow: number, replyLoss: number): number {
  return 1 - (1 - slow) * (1 - replyLoss);
}

/** Mean of the lognormal service time: median * exp(sigma^2 / 2). */
export function lognormalMean(median: number, sigma: number): number {
  return median * Math.exp((sigma * sigma) / 2);
}
