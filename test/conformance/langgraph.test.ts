// @langchain/langgraph@1.7.3 (@langchain/core@1.4.0), as observed: retryPolicy {} gives 3
// attempts; the k-th wait min(0.5 x 2^(k-1), 128) s + U(0, 1) s (jitter added, not scaled);
// 409 is not retried, 503 is; a timeout is retried unless it surfaces as an AbortError.
import { describe, expect, it } from 'vitest';
import { SCRIPTS, type Script } from '../../src/conformance/script.js';
import { langgraphDriver } from '../../src/conformance/sdks/langgraph.js';
import { abortSignalTimeout } from '../../src/conformance/transport.js';
import { describeDriver, threeTries } from './behaviour.js';

describeDriver(langgraphDriver(), {
  outcomes: threeTries(false),
  delays: [
    [500, 1500],
    [1000, 2000],
  ],
});

describe('langgraph and the way a node times out', () => {
  const timeout = SCRIPTS['every attempt times out'] as Script;

  it("has no timeout of its own: the driver's 300 s is Node's fetch (undici headersTimeout), a TypeError it retries", async () => {
    const driver = langgraphDriver();
    expect(driver.timeout).toBe(300_000);
    const run = await driver.run(timeout, 1);
    expect(run).toMatchObject({ result: 'error', error: { name: 'TypeError', message: 'fetch failed' } });
    expect(run.sends).toHaveLength(3);
  });

  it('retries the TimeoutError of AbortSignal.timeout', async () => {
    const run = await langgraphDriver({ ms: 10_000, reason: abortSignalTimeout }).run(timeout, 1);
    expect(run.sends).toHaveLength(3);
  });

  it("retries the NodeTimeoutError of the node's own `timeout` option", async () => {
    const run = await langgraphDriver({ ms: 10_000, reason: 'node-option' }).run(timeout, 1);
    expect(run).toMatchObject({ error: { name: 'NodeTimeoutError' } });
    expect(run.sends).toHaveLength(3);
  });

  it('does not retry an AbortError (a plain controller.abort() at the timeout)', async () => {
    const aborted = () => new DOMException('This operation was aborted', 'AbortError');
    const run = await langgraphDriver({ ms: 10_000, reason: aborted }).run(timeout, 1);
    expect(run.sends).toEqual([0]);
  });
});
