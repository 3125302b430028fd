// Which committed scenario, with which overrides, each number and figure simulates. Numbers
// and charts that show the same quantity use the same reference, so they share one run.
import type { ScenarioRef } from '../model/article.js';

export function ref(file: string, ...sets: string[]): ScenarioRef {
  return { file, sets };
}

export const DEFAULTS = 'scenarios/article-defaults.yaml';
export const SLOW = 'scenarios/slow-service.yaml';
export const KEY_SCOPES = 'scenarios/figures/key-scopes.yaml';
export const REFUNDS = [
  'scenarios/refunds-1-no-key.yaml',
  'scenarios/refunds-2-call-key.yaml',
  'scenarios/refunds-3-intent-key.yaml',
  'scenarios/refunds-4-retention-1h.yaml',
] as const;

// Action counts: enough that each interval separates what the figure is about (43.8 from
// q = 41.9 alone needs about 200,000), small enough that `idemsim figures` runs in seconds.

/** One attempt per action (no retries, no re-plans): slow and unknown shares are binomial. */
export const oneAttempt = (file: string): ScenarioRef =>
  ref(file, `actions=${file === SLOW ? 50_000 : 200_000}`, 'client.retries=0', 'agent.replan.probability=0');

/** The defaults as they are, long enough for the 43.8 per thousand. */
export const blindRetries = (): ScenarioRef => ref(DEFAULTS, 'actions=200000');

/** Blind retries without re-plans, at a reply loss and retry count (the retries chart). */
export const retryGrid = (replyLossPercent: number, retries: number): ScenarioRef =>
  ref(
    DEFAULTS,
    'actions=40000',
    'agent.replan.probability=0',
    `network.replyLoss=${replyLossPercent}%`,
    `client.retries=${retries}`,
  );

/** Per-intent keys at a retention, no crashes: the key store's steady state. */
export const keyStore = (retention: string): ScenarioRef =>
  ref(DEFAULTS, 'actions=20000', 'keys.scope=intent', `keys.retention=${retention}`);

/** Per-intent keys, every step crashing once and resuming U(2 min, 20 min) later. */
export const crashReplay = (retention: string): ScenarioRef =>
  ref(DEFAULTS, 'actions=20000', 'keys.scope=intent', 'agent.crash.probability=1', `keys.retention=${retention}`);

export const keyScope = (scope: string): ScenarioRef => ref(KEY_SCOPES, `keys.scope=${scope}`);

/** The worked example's step 1..4, as committed. */
export function refunds(step: 1 | 2 | 3 | 4): ScenarioRef {
  const file = REFUNDS[step - 1];
  if (file === undefined) throw new RangeError(`article: no worked-example step ${step}`);
  return ref(file);
}

/**
 * The worked example's refund tool as the article's sentence models it: ambiguous first
 * attempts retried blindly, without the step-1 scenario's re-plans and crash replays.
 */
export const refundRetriesOnly = (): ScenarioRef =>
  ref(REFUNDS[0], 'agent.replan.probability=0', 'agent.crash.probability=0');

/** Retentions drawn in the retention chart; the numbers use 5m, 1h and 24h among them. */
export const RETENTIONS = ['5m', '10m', '15m', '20m', '30m', '1h', '6h', '24h'] as const;
