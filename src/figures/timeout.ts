// Figure 1's data: P(S > T) for a lognormal service time against the client timeout, for
// the normal service and one four times slower, and each at its own timeout.
import type { TimeoutFigure, TimeoutService } from '../model/article.js';
import { refText } from '../model/article.js';
import { closedFormInputs } from '../analytic/inputs.js';
import type { Scenario } from '../model/scenario.js';
import { DEFAULTS, SLOW, ref } from './refs.js';
import type { Runs } from './runs.js';

const DOMAIN: readonly [number, number] = [100, 10_000];
/** Points per decade on the curve: smooth at the chart's width. */
const PER_DECADE = 80;

function service(scenario: Scenario): TimeoutService {
  const decades = Math.log10(DOMAIN[1] / DOMAIN[0]);
  const curve = Array.from({ length: decades * PER_DECADE + 1 }, (_, i) => {
    const timeout = DOMAIN[0] * 10 ** (i / PER_DECADE);
    return { timeout, pSlow: closedFormInputs({ ...scenario, client: { ...scenario.client, timeout } }).pSlow };
  });
  return { scenario, curve, pSlow: closedFormInputs(scenario).pSlow };
}

export function timeoutFigure(runs: Runs): TimeoutFigure {
  return {
    domain: DOMAIN,
    services: [DEFAULTS, SLOW].map((file) => service(runs.scenario(ref(file)))),
    sources: [
      'closed form P(S > T) = 1 - Phi(ln(T / median) / sigma)',
      ...[DEFAULTS, SLOW].map((file) => `service from ${refText(ref(file))}`),
    ],
  };
}
