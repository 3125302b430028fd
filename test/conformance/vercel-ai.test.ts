// ai@6.0.333 with @ai-sdk/openai@3.0.141, as observed: one layer of retries (the provider
// sends through the given fetch and does not retry), 2 retries, waits of exactly 2 s then
// 4 s (no jitter), 409 retried like 503; a timeout retried only when fetch fails with a
// TypeError (undici), never when it is an AbortSignal's TimeoutError.
import { describe, expect, it } from 'vitest';
import { SCRIPTS, type Script } from '../../src/conformance/script.js';
import { vercelAiDriver } from '../../src/conformance/sdks/vercel-ai.js';
import { abortSignalTimeout } from '../../src/conformance/transport.js';
import { describeDriver, threeTries } from './behaviour.js';

describeDriver(vercelAiDriver(), {
  outcomes: threeTries(),
  delays: [
    [2000, 2000],
    [4000, 4000],
  ],
});

describe('ai and the way an attempt times out', () => {
  const timeout = SCRIPTS['every attempt times out'] as Script;

  it("has no per-attempt timeout: the driver's 300 s is Node's fetch (undici headersTimeout), retried as a network error", async () => {
    const driver = vercelAiDriver();
    expect(driver.timeout).toBe(300_000);
    const run = await driver.run(timeout, 1);
    expect(run).toMatchObject({ result: 'error', error: { name: 'AI_RetryError' } });
    expect(run.sends).toEqual([0, 302_000, 606_000]);
  });

  it('does not retry the TimeoutError of AbortSignal.timeout: the call ends with the first attempt', async () => {
    const run = await vercelAiDriver({ ms: 10_000, reason: abortSignalTimeout }).run(timeout, 1);
    expect(run).toMatchObject({ sends: [0], result: 'error', error: { name: 'TimeoutError' } });
  });
});
