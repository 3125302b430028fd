// How an attempt and a tool call end: what each layer of the attempt lifecycle (service,
// attempt, call, agent: lifecycle.ts) returns to the layer above, so none calls upward.

/** How an attempt ended, as the client saw it. */
export const Outcome = {
  executed: 0,
  stored: 1,
  conflict: 2,
  mismatch: 3,
  rejected: 4,
  slow: 5,
  replyLost: 6,
  requestLost: 7,
  serverCrash: 8,
  /** A 500 (MODEL.md F): the execution failed, or the key store answered the 500 it holds. */
  serverError: 9,
} as const;
export type Outcome = (typeof Outcome)[keyof typeof Outcome];

/** No attempt ended: it is still in flight (its reply or its timer will end it), or a timer was stale. */
export const NOT_ENDED = -1;
export type AttemptEnd = Outcome | typeof NOT_ENDED;

/**
 * Where a tool call stands after one of its attempts ended (or a hedge fell due): `mismatch`
 * is a failure by a 422, which no retry layer retries (MODEL.md E); `conflict` an unknown
 * outcome whose last attempt got a 409, which a layer with `retryConflicts: false` does not retry.
 */
export const CallEnd = { open: 0, succeeded: 1, failed: 2, unknown: 3, mismatch: 4, conflict: 5 } as const;
export type CallEnd = (typeof CallEnd)[keyof typeof CallEnd];
