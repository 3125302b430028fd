// openai (openai-node): chat.completions.create with the client's defaults: maxRetries 2,
// timeout 600 s (its own AbortController per attempt), no idempotency header.
import type { Script } from '../script.js';
import type { Fetch } from '../transport.js';
import { observe, type Replies, type Run, type SdkDriver } from './driver.js';

/** OpenAI.DEFAULT_TIMEOUT. */
export const OPENAI_TIMEOUT = 600_000;

/** A chat completion and an API error, as the API sends them. */
export const OPENAI_REPLIES: Replies = {
  ok: () => ({
    id: 'chatcmpl-conformance',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: 'gpt-4o-mini',
    choices: [
      { index: 0, message: { role: 'assistant', content: 'ok', refusal: null }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }),
  error: (status) => ({ error: { message: `status ${status}`, type: 'server_error', param: null, code: null } }),
};

/** One chat completion through a fresh client at its defaults (loaded before the clock is faked). */
export async function loadOpenaiCall(): Promise<(fetch: Fetch) => Promise<unknown>> {
  const { default: OpenAI } = await import('openai');
  return (fetch) =>
    new OpenAI({ apiKey: 'sk-conformance', fetch }).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
}

export const openaiDriver: SdkDriver = {
  name: 'openai',
  packages: ['openai'],
  timeout: OPENAI_TIMEOUT,
  run: async (script: Script, seed: number): Promise<Run> =>
    observe(script, seed, OPENAI_TIMEOUT, OPENAI_REPLIES, await loadOpenaiCall()),
};
