// stripe@23.2.0, as observed: 2 retries of 409, 503 and timeouts (80 s a try); both waits
// exactly 0.5 s: max(0.5, min(0.5 x 2^(k-2), 5) x U(0.5, 1)) s never rises above the floor
// for k = 1, 2.
import { stripeDriver } from '../../src/conformance/sdks/stripe.js';
import { describeDriver, threeTries } from './behaviour.js';

describeDriver(stripeDriver, {
  outcomes: threeTries(),
  delays: [
    [500, 500],
    [500, 500],
  ],
});
