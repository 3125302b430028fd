// The scripted faults of the conformance harness: what the fake transport answers to every
// request of one tool call. The real SDKs (sdks/) and idemsim's model (model-side.ts) run
// the same script, and their attempts are compared.

export type Script =
  /** No reply ever: every attempt ends by the client's own timeout. */
  | { kind: 'timeout' }
  /** Every attempt is answered at once with this status. */
  | { kind: 'status'; status: 409 | 503 }
  /** The first `failures` attempts are answered at once with `status`, then a 200. */
  | { kind: 'failThenOk'; failures: number; status: 503 }
  /** Every attempt's 200 arrives `lateBy` ms after the client's timeout has fired. */
  | { kind: 'lateReply'; lateBy: number };

/** One tool call under a script, as the client saw it. */
export interface Observed {
  /** Each request's send time, ms on the fake clock from the call's start (the first is 0). */
  sends: number[];
  /** How the call ended for its caller: a 200, or an error. */
  result: 'ok' | 'error';
}

/** The scripts every preset runs, by name. */
export const SCRIPTS: Readonly<Record<string, Script>> = {
  'every attempt times out': { kind: 'timeout' },
  'every attempt gets 503': { kind: 'status', status: 503 },
  'every attempt gets 409': { kind: 'status', status: 409 },
  'first 1 fails, then 200': { kind: 'failThenOk', failures: 1, status: 503 },
  'first 2 fail, then 200': { kind: 'failThenOk', failures: 2, status: 503 },
  'reply after the timeout': { kind: 'lateReply', lateBy: 1000 },
};
