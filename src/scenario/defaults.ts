// The built-in defaults as a normalized scenario: blind retries, no key (MODEL.md defaults).
import type { Scenario } from './types.js';

export const DEFAULT_SCENARIO_NAME = 'article-defaults';

export function defaultScenario(): Scenario {
  return {
    name: DEFAULT_SCENARIO_NAME,
    description: '',
    seed: 1,
    actions: 4000,
    arrivals: { rate: 50 },
    service: { latency: { median: 300, sigma: 0.6 }, errorRate: 0, concurrency: 'unlimited' },
    network: { requestLoss: 0, replyLoss: 0.02 },
    client: {
      timeout: 1000,
      retries: 3,
      backoff: { base: 100, multiplier: 2, max: 10_000, jitter: 'full' },
      deadline: 'none',
    },
    keys: {
      scope: 'none',
      retention: 3_600_000,
      claim: 'atomic',
      raceWindow: 5,
      fingerprint: true,
      recordBytes: 200,
    },
    agent: {
      replan: { probability: 0.6, max: 3, delay: { min: 2000, max: 120_000 }, argsChange: 0 },
      crash: { probability: 0, max: 1, resumeDelay: { min: 120_000, max: 1_200_000 } },
      identicalRepeats: 0,
    },
    expect: {},
  };
}
