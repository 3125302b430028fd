// langgraph(openai): the stack of an agent whose LangGraph node calls the OpenAI SDK. The
// node runs chat.completions.create on a client at its defaults (2 retries, 600 s per
// attempt), under LangGraph's default retry policy: each of LangGraph's attempts is a
// whole openai call, with its own retries.
import type { Script } from '../script.js';
import { observe, type Run, type SdkDriver } from './driver.js';
import { loadGraphCall } from './langgraph.js';
import { loadOpenaiCall, OPENAI_REPLIES, OPENAI_TIMEOUT } from './openai.js';

export const langgraphOpenaiDriver: SdkDriver = {
  name: 'langgraph(openai)',
  packages: ['@langchain/langgraph', '@langchain/core', 'openai'],
  timeout: OPENAI_TIMEOUT,
  run: async (script: Script, seed: number): Promise<Run> => {
    const openaiCall = await loadOpenaiCall();
    // No timeout of the driver's: the openai client times each attempt out itself.
    const graphCall = await loadGraphCall((fetch) => openaiCall(fetch), undefined);
    return observe(script, seed, OPENAI_TIMEOUT, OPENAI_REPLIES, graphCall);
  },
};
