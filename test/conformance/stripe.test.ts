// stripe@23.2.0, as observed: 2 retries of 409, 503 and timeouts (80 s a try); both waits
// exactly 0.5 s: max(0.5, min(0.5 x 2^(k-2), 5) x U(0.5, 1)) s never rises above the floor
// for k = 1, 2.
import { stripeDriver } from '../../src/conformance/sdks/stripe.js';
import { describeDriver } from './behaviour.js';

describeDriver(stripeDriver, {
  outcomes: {
    'every attempt times out': [3, 'error'],
    'every attempt gets 503': [3, 'error'],
    'every attempt gets 409': [3, 'error'],
    'first 1 fails, then 200': [2, 'ok'],
    'first 2 fail, then 200': [3, 'ok'],
    'reply after the timeout': [3, 'error'],
  },
  delays: [
    [500, 500],
    [500, 500],
  ],
});
