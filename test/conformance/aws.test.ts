// @smithy/util-retry@4.6.2 (@smithy/core@3.41.1, whose 2026 retry behaviour is on for good),
// as observed through the real retryMiddleware: 3 attempts; 503 and timeouts retried, 409 not
// (a client error); the k-th wait floor(U(0, 1) x min(50 x 2^(k-1), 20000)) ms: full jitter
// on a 50 ms base.
import { describe, expect, it } from 'vitest';
import { StandardRetryStrategy as CoreStrategy } from '@smithy/core/retry';
import { DEFAULT_MAX_ATTEMPTS, INITIAL_RETRY_TOKENS, Retry, StandardRetryStrategy } from '@smithy/util-retry';
import { awsStandardDriver } from '../../src/conformance/sdks/aws.js';
import { describeDriver, threeTries } from './behaviour.js';

describeDriver(awsStandardDriver, {
  outcomes: threeTries(false),
  delays: [
    [0, 49],
    [0, 99],
  ],
});

describe('@smithy/util-retry standard mode', () => {
  it('is the strategy @smithy/core builds for a client (util-retry re-exports it)', () => {
    expect(StandardRetryStrategy).toBe(CoreStrategy);
  });

  it('has the 2026 values: 3 attempts, a 500-token quota, retries costing 14 (throttling 5), bases 50 ms and 1 s', () => {
    expect(Retry.v2026).toBe(true);
    expect(DEFAULT_MAX_ATTEMPTS).toBe(3);
    expect(INITIAL_RETRY_TOKENS).toBe(500);
    expect([Retry.cost(), Retry.throttlingCost()]).toEqual([14, 5]);
    expect([Retry.delay(), Retry.throttlingDelay()]).toEqual([50, 1000]);
  });

  it('takes 14 tokens for a retried 503 and gives them back on the success after it', async () => {
    const strategy = new StandardRetryStrategy(DEFAULT_MAX_ATTEMPTS);
    const token = await strategy.acquireInitialRetryToken('');
    const retry = await strategy.refreshRetryTokenForRetry(token, { errorType: 'TRANSIENT' });
    expect(strategy.getCapacity()).toBe(500 - 14);
    strategy.recordSuccess(retry);
    expect(strategy.getCapacity()).toBe(500);
  });
});
