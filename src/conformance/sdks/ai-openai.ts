// ai(openai): ai's retry loop around the OpenAI SDK. ai has no adapter for the openai
// package (@ai-sdk/openai sends its own requests: see vercel-ai.ts); the way to put one
// under generateText is a LanguageModelV3 of one's own whose doGenerate calls the SDK, as
// here, with the client at its defaults and generateText at its default maxRetries.
// ai retries only an APICallError (or GatewayError) marked retryable: what the openai
// client throws after its own retries is neither, so ai passes it on at once.
import type { LanguageModel } from 'ai';
import type { Script } from '../script.js';
import type { Fetch } from '../transport.js';
import { observe, type Run, type SdkDriver } from './driver.js';
import { loadOpenaiCall, OPENAI_REPLIES, OPENAI_TIMEOUT } from './openai.js';

/** A language model whose every generation is one openai chat completion. */
function openaiSdkModel(openaiCall: (fetch: Fetch) => Promise<unknown>, fetch: Fetch): LanguageModel {
  return {
    specificationVersion: 'v3',
    provider: 'openai-sdk',
    modelId: 'gpt-4o-mini',
    supportedUrls: {},
    doGenerate: async () => {
      await openaiCall(fetch);
      return {
        content: [{ type: 'text', text: 'ok' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      };
    },
    doStream: () => Promise.reject(new Error('not streamed here')),
  };
}

export const aiOpenaiDriver: SdkDriver = {
  name: 'ai(openai)',
  packages: ['ai', 'openai'],
  timeout: OPENAI_TIMEOUT,
  run: async (script: Script, seed: number): Promise<Run> => {
    const { generateText } = await import('ai');
    const openaiCall = await loadOpenaiCall();
    return observe(script, seed, OPENAI_TIMEOUT, OPENAI_REPLIES, (fetch) =>
      generateText({ model: openaiSdkModel(openaiCall, fetch), prompt: 'hi' }),
    );
  },
};
