// openai@6.49.0 and @anthropic-ai/sdk@1.16.0, as observed: 2 retries of everything
// scripted (409 and 503 too), the k-th wait min(0.5 x 2^(k-1), 8) s x U(0.75, 1), 600 s a try.
import { anthropicDriver } from '../../src/conformance/sdks/anthropic.js';
import { openaiDriver } from '../../src/conformance/sdks/openai.js';
import { describeDriver, type Behaviour, threeTries } from './behaviour.js';

const STAINLESS: Behaviour = {
  outcomes: threeTries(),
  delays: [
    [375, 500],
    [750, 1000],
  ],
};

describeDriver(openaiDriver, STAINLESS);
describeDriver(anthropicDriver, STAINLESS);
