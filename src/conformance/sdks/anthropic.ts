// @anthropic-ai/sdk: messages.create with the client's defaults: maxRetries 2, and the
// non-streaming timeout of a small max_tokens, 600 s (its own AbortController per attempt).
import type { Script } from '../script.js';
import type { Fetch } from '../transport.js';
import { observe, type Replies, type Run, type SdkDriver } from './driver.js';

/** BaseAnthropic.DEFAULT_TIMEOUT, and calculateNonstreamingTimeout's for max_tokens 16. */
const TIMEOUT = 600_000;

/** A message and an API error, as the API sends them. */
const REPLIES: Replies = {
  ok: () => ({
    id: 'msg_conformance',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text: 'ok' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  }),
  error: (status) => ({ type: 'error', error: { type: 'api_error', message: `status ${status}` } }),
};

async function loadCall(): Promise<(fetch: Fetch) => Promise<unknown>> {
  const { default: Anthropic } = await import('@anthropic-ai/sdk');
  return (fetch) =>
    new Anthropic({ apiKey: 'sk-ant-conformance', fetch }).messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 16,
      messages: [{ role: 'user', content: 'hi' }],
    });
}

export const anthropicDriver: SdkDriver = {
  name: 'anthropic',
  packages: ['@anthropic-ai/sdk'],
  timeout: TIMEOUT,
  run: async (script: Script, seed: number): Promise<Run> => observe(script, seed, TIMEOUT, REPLIES, await loadCall()),
};
