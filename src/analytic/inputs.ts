// The closed forms' inputs: the one step from a scenario to the quantities MODEL.md's
// arithmetic is written in (P(S > T), q, x, y, E[S], ...). The analytic forms, explain,
// the recommend search's pruning and the article's figures all start from here.
import { standardNormalUpperTail } from '../stats/normal.js';
import type { Scenario } from '../model/scenario.js';

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

/** A scenario in the symbols of MODEL.md's closed forms. */
export interface ClosedFormInputs {
  /** P(S > T): an execution outlasts the client's timeout. */
  pSlow: number;
  /** q: an executed attempt ends unknown to the client (slow, or its reply lost). */
  q: number;
  /** a: a request never reaches the service. */
  requestLoss: number;
  /** b: the service refuses a request (503) before any work. */
  errorRate: number;
  replyLoss: number;
  /** x = (1 - a)(1 - b): a sent attempt executes. */
  x: number;
  /** y = x (1 - q): a sent attempt executes and its 200 arrives in time. */
  y: number;
  /**
   * R: retries after the first attempt of each tool call. With retry layers (MODEL.md E),
   * which retry only a failed call, (R + 1) is the product of every layer's attempts.
   */
  retries: number;
  /** Re-plans after a failed tool call: probability p, at most M per step execution. */
  replan: { probability: number; max: number };
  /** Crash replays: probability per step execution. */
  crash: number;
  /** E[S] = median exp(sigma^2 / 2), ms. */
  meanService: number;
}

export function closedFormInputs(s: Scenario): ClosedFormInputs {
  const { median, sigma } = s.service.latency;
  const slow = pSlow(median, sigma, s.client.timeout);
  const q = unknownShare(slow, s.network.replyLoss);
  const x = (1 - s.network.requestLoss) * (1 - s.service.errorRate);
  return {
    pSlow: slow,
    q,
    requestLoss: s.network.requestLoss,
    errorRate: s.service.errorRate,
    replyLoss: s.network.replyLoss,
    x,
    y: x * (1 - q),
    retries: s.client.layers.reduce((n, layer) => n * (layer.retries + 1), s.client.retries + 1) - 1,
    replan: { probability: s.agent.replan.probability, max: s.agent.replan.max },
    crash: s.agent.crash.probability,
    meanService: lognormalMean(median, sigma),
  };
}
