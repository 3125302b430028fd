// The fake transport: a fetch that answers every request of one call as its script says,
// on the fake clock, and records when each request was sent. No reply carries Retry-After
// (or retry-after-ms, or a should-retry header): the comparison is of the clients' own backoff.
import type { CallClock } from './fake-clock.js';
import type { Script } from './script.js';

/** The part of fetch the SDKs call. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface TransportOptions {
  script: Script;
  clock: CallClock;
  /** The client's per-attempt timeout (ms): a late reply arrives `lateBy` ms after it. */
  timeout: number;
  /** The body of a 200, one the SDK accepts as the call's result. */
  ok: () => unknown;
  /** The body of an error reply with `status`, as the service would send it. */
  error: (status: number) => unknown;
}

export interface FakeTransport {
  fetch: Fetch;
  /** Each request's send time, ms on the fake clock from the call's start. */
  sends: number[];
}

export function fakeTransport(options: TransportOptions): FakeTransport {
  const { script, clock } = options;
  const sends: number[] = [];
  const fetch: Fetch = (_input, init) => {
    sends.push(clock.now());
    const attempt = sends.length - 1;
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    switch (script.kind) {
      case 'status':
        return Promise.resolve(reply(script.status, options.error(script.status)));
      case 'failThenOk':
        return Promise.resolve(
          attempt < script.failures ? reply(script.status, options.error(script.status)) : reply(200, options.ok()),
        );
      case 'timeout':
        return hang(signal, undefined);
      case 'lateReply':
        return hang(signal, { after: options.timeout + script.lateBy, body: options.ok });
    }
  };
  return { fetch, sends };
}

/**
 * A request the server does not answer in time: it ends only when the client's signal
 * aborts (rejecting with the signal's reason, as fetch does), or, for a late reply, with a
 * 200 `after` ms from its send, if the client has not aborted it by then.
 */
function hang(signal: AbortSignal | undefined, late: { after: number; body: () => unknown } | undefined) {
  return new Promise<Response>((resolve, reject) => {
    const timer = late && setTimeout(() => resolve(reply(200, late.body())), late.after);
    signal?.addEventListener(
      'abort',
      () => {
        if (timer !== undefined) clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Node's fetch (undici) waits this long for a reply's headers by default (headersTimeout). */
export const UNDICI_HEADERS_TIMEOUT = 300_000;

/**
 * What Node's fetch rejects with at undici's headersTimeout: `TypeError: fetch failed`, its
 * cause a HeadersTimeoutError. What a client that sets no timeout of its own gets in Node.
 */
export function undiciHeadersTimeout(): unknown {
  const cause = Object.assign(new Error('Headers Timeout Error'), {
    name: 'HeadersTimeoutError',
    code: 'UND_ERR_HEADERS_TIMEOUT',
  });
  return new TypeError('fetch failed', { cause });
}

/** The reason of `AbortSignal.timeout(ms)`: a DOMException named TimeoutError. */
export function abortSignalTimeout(): unknown {
  return new DOMException('The operation was aborted due to timeout', 'TimeoutError');
}

/**
 * `fetch` with a per-attempt timeout of `ms`, failing with `reason()`. AbortSignal.timeout
 * and undici run on Node's own timers, which the fake clock does not reach: the timeout
 * here is a fake-clock setTimeout that aborts the request with the reason the real one gives.
 */
export function withFetchTimeout(fetch: Fetch, ms: number, reason: () => unknown): Fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const outer = init?.signal ?? undefined;
    const onAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(reason()), ms);
    try {
      return await fetch(input, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  };
}
