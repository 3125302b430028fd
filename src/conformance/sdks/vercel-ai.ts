// vercel-ai: generateText from `ai` at its default maxRetries (2), its model from
// @ai-sdk/openai (createOpenAI({ fetch })): the provider sends the request itself, through
// the fetch it is given, and throws an APICallError that ai's retry loop
// (retryWithExponentialBackoffRespectingRetryHeaders) reads. One layer of retries, not two.
import type { Script } from '../script.js';
import { undiciHeadersTimeout, withFetchTimeout, UNDICI_HEADERS_TIMEOUT, type Fetch } from '../transport.js';
import { observe, type Replies, type Run, type SdkDriver } from './driver.js';

/** A Responses API reply (what `openai(modelId)` calls) and an API error. */
const REPLIES: Replies = {
  ok: () => ({
    id: 'resp_conformance',
    object: 'response',
    created_at: 1_767_225_600,
    status: 'completed',
    model: 'gpt-4o-mini',
    output: [
      {
        type: 'message',
        id: 'msg_conformance',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'ok', annotations: [] }],
      },
    ],
    usage: {
      input_tokens: 1,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 1,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 2,
    },
    incomplete_details: null,
    error: null,
  }),
  error: (status) => ({ error: { message: `status ${status}`, type: 'server_error', param: null, code: null } }),
};

/** How an attempt is timed out: neither ai nor the provider sets a per-attempt timeout. */
export interface FetchTimeout {
  ms: number;
  reason: () => unknown;
}

/** The default: Node's fetch at undici's headersTimeout, what the provider's fetch gets in Node. */
export const UNDICI_FETCH_TIMEOUT: FetchTimeout = { ms: UNDICI_HEADERS_TIMEOUT, reason: undiciHeadersTimeout };

async function loadCall(timeout: FetchTimeout): Promise<(fetch: Fetch) => Promise<unknown>> {
  const { generateText } = await import('ai');
  const { createOpenAI } = await import('@ai-sdk/openai');
  return (fetch) => {
    const provider = createOpenAI({
      apiKey: 'sk-conformance',
      fetch: withFetchTimeout(fetch, timeout.ms, timeout.reason),
    });
    return generateText({ model: provider('gpt-4o-mini'), prompt: 'hi' });
  };
}

export function vercelAiDriver(timeout: FetchTimeout = UNDICI_FETCH_TIMEOUT): SdkDriver {
  return {
    name: 'vercel-ai',
    packages: ['ai', '@ai-sdk/openai'],
    timeout: timeout.ms,
    run: async (script: Script, seed: number): Promise<Run> =>
      observe(script, seed, timeout.ms, REPLIES, await loadCall(timeout)),
  };
}
