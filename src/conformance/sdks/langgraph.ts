// langgraph: a one-node StateGraph whose node POSTs with fetch, the node added with
// `retryPolicy: {}` (LangGraph's defaults, read in its _runWithRetry: maxAttempts 3,
// initialInterval 500 ms, backoffFactor 2, maxInterval 128 s, jitter + U(0, 1 s), and the
// default retryOn, which skips AbortError, ECONNABORTED and statuses 400-407 and 409).
// The node throws an error carrying the reply's status for a non-2xx reply, as an HTTP
// client does; retryOn reads `status`.
import type { Script } from '../script.js';
import { undiciHeadersTimeout, withFetchTimeout, UNDICI_HEADERS_TIMEOUT, type Fetch } from '../transport.js';
import { observe, type Replies, type Run, type SdkDriver } from './driver.js';

const REPLIES: Replies = {
  ok: () => ({ ok: true }),
  error: (status) => ({ error: `status ${status}` }),
};

/** How the node's attempt is timed out: LangGraph sets no timeout on a node by default. */
export interface NodeTimeout {
  ms: number;
  /** A fetch-level timeout, failing with this reason; or LangGraph's own node `timeout` option. */
  reason: (() => unknown) | 'node-option';
}

/** The default: Node's fetch at undici's headersTimeout, what a node that sets none gets. */
export const UNDICI_NODE_TIMEOUT: NodeTimeout = { ms: UNDICI_HEADERS_TIMEOUT, reason: undiciHeadersTimeout };

/** A graph of one node that runs `body`, with LangGraph's default retry policy, invoked once. */
export async function loadGraphCall(
  body: (fetch: Fetch, signal: AbortSignal | undefined) => Promise<unknown>,
  timeout: NodeTimeout | undefined,
): Promise<(fetch: Fetch) => Promise<unknown>> {
  const { Annotation, StateGraph, START, END } = await import('@langchain/langgraph');
  const State = Annotation.Root({ reply: Annotation<unknown> });
  return (rawFetch) => {
    const fetch =
      timeout === undefined || timeout.reason === 'node-option'
        ? rawFetch
        : withFetchTimeout(rawFetch, timeout.ms, timeout.reason);
    // logWarning only stops the console line LangGraph prints on each retry.
    const options = {
      retryPolicy: { logWarning: false },
      ...(timeout?.reason === 'node-option' ? { timeout: timeout.ms } : {}),
    };
    const graph = new StateGraph(State)
      .addNode('call', async (_state, config) => ({ reply: await body(fetch, config.signal) }), options)
      .addEdge(START, 'call')
      .addEdge('call', END)
      .compile();
    return graph.invoke({});
  };
}

/** The node's body: one POST through fetch, its reply's status thrown as an error's `status`. */
async function post(fetch: Fetch, signal: AbortSignal | undefined): Promise<unknown> {
  const response = await fetch('https://tools.example/refund', { method: 'POST', signal });
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  return response.json();
}

export function langgraphDriver(timeout: NodeTimeout = UNDICI_NODE_TIMEOUT): SdkDriver {
  return {
    name: 'langgraph',
    packages: ['@langchain/langgraph', '@langchain/core'],
    timeout: timeout.ms,
    run: async (script: Script, seed: number): Promise<Run> =>
      observe(script, seed, timeout.ms, REPLIES, await loadGraphCall(post, timeout)),
  };
}
