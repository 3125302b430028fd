// Two layers of retries, as observed. langgraph(openai): each of LangGraph's 3 attempts is
// a whole openai call of 3 attempts, so 9 sends, but a 409 stops at openai's 3 (LangGraph
// does not retry the ConflictError's status). ai(openai): ai's loop retries only its own
// APICallError, so what the openai client throws passes through: openai's 3 sends alone.
import { describe, expect, it } from 'vitest';
import { SCRIPTS, type Script } from '../../src/conformance/script.js';
import { aiOpenaiDriver } from '../../src/conformance/sdks/ai-openai.js';
import type { Run } from '../../src/conformance/sdks/driver.js';
import { langgraphOpenaiDriver } from '../../src/conformance/sdks/langgraph-openai.js';
import { describeDriver, delaysOf, threeTries } from './behaviour.js';

const OPENAI_DELAYS: [number, number][] = [
  [375, 500],
  [750, 1000],
];

describeDriver(langgraphOpenaiDriver, {
  outcomes: {
    'every attempt times out': [9, 'error'],
    'every attempt gets 503': [9, 'error'],
    'every attempt gets 409': [3, 'error'],
    'first 1 fails, then 200': [2, 'ok'],
    'first 2 fail, then 200': [3, 'ok'],
    'reply after the timeout': [9, 'error'],
  },
  // openai's two waits inside each LangGraph attempt, LangGraph's wait between them.
  delays: [...OPENAI_DELAYS, [500, 1500], ...OPENAI_DELAYS, [1000, 2000], ...OPENAI_DELAYS],
});

describeDriver(aiOpenaiDriver, {
  outcomes: threeTries(),
  delays: OPENAI_DELAYS,
});

describe('ai(openai)', () => {
  it("passes the openai client's own error on, not wrapped in ai's RetryError", async () => {
    const script = SCRIPTS['every attempt gets 503'] as Script;
    const run: Run = await aiOpenaiDriver.run(script, 1);
    expect(run).toMatchObject({ error: { status: 503 } });
    expect((run.error as Error).constructor.name).toBe('InternalServerError');
    expect(delaysOf(run, script, aiOpenaiDriver.timeout)).toHaveLength(2);
  });
});
