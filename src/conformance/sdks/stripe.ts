// stripe (stripe-node): refunds.create, a POST, with the client's defaults: maxNetworkRetries
// 2, timeout 80 s, and its own Idempotency-Key on every POST, reused on each retry. The HTTP
// client is the SDK's own fetch client (Stripe.createFetchHttpClient) over the fake fetch: its
// AbortController ends an attempt at the timeout.
import type { Script } from '../script.js';
import type { Fetch } from '../transport.js';
import { observe, type Replies, type Run, type SdkDriver } from './driver.js';

/** DEFAULT_TIMEOUT of stripe.core. */
const TIMEOUT = 80_000;

/** A refund and an API error, as the API sends them. */
const REPLIES: Replies = {
  ok: () => ({
    id: 're_conformance',
    object: 'refund',
    amount: 100,
    currency: 'usd',
    charge: 'ch_conformance',
    created: 1_767_225_600,
    status: 'succeeded',
  }),
  error: (status) => ({ error: { type: 'api_error', message: `status ${status}` } }),
};

async function loadCall(): Promise<(fetch: Fetch) => Promise<unknown>> {
  const { default: Stripe } = await import('stripe');
  return (fetch) =>
    new Stripe('sk_test_conformance', { httpClient: Stripe.createFetchHttpClient(fetch) }).refunds.create({
      charge: 'ch_conformance',
    });
}

export const stripeDriver: SdkDriver = {
  name: 'stripe',
  packages: ['stripe'],
  timeout: TIMEOUT,
  run: async (script: Script, seed: number): Promise<Run> => observe(script, seed, TIMEOUT, REPLIES, await loadCall()),
};
