// No scenario the loader accepts runs for ever: an action that sends more than 500 attempts
// stops the run, and so does a run past 2,000,000 events that has taken more than 1,000
// for each action arrived. Both stops are RunLimitErrors naming the scenario and the limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/sim/simulate.js';
import {
  EVENTS_PER_ACTION,
  MAX_ATTEMPTS_PER_ACTION,
  MIN_EVENTS,
  RunLimitError,
  overEventLimit,
} from '../../src/sim/run-limits.js';
import { LIMITS } from '../../src/model/limits.js';
import { scenarioWith } from './helpers.js';

/** Every call times out and every failure is re-planned and replayed: a storm without end. */
const storm = scenarioWith((s) => {
  s.name = 'storm';
  s.actions = 50;
  s.client.retries = LIMITS.maxRetries;
  s.client.backoff = { ...s.client.backoff, base: 0, max: 0 };
  s.network.replyLoss = 1;
  s.agent.replan = { ...s.agent.replan, probability: 1, max: LIMITS.maxRepeats };
  s.agent.crash = { ...s.agent.crash, probability: 1, max: LIMITS.maxRepeats };
});

describe('run limits', () => {
  it('stops a retry storm at the attempts limit, naming the scenario and the fields to lower', () => {
    expect(() => simulate(storm)).toThrow(RunLimitError);
    expect(() => simulate(storm)).toThrow(
      /^scenario "storm": the run stopped when action 1 sent more than 500 attempts, the limit for one action: .*lower client\.retries/,
    );
  });

  it('the events limit: past the floor, more than the allowance per arrived action', () => {
    expect(overEventLimit(MIN_EVENTS, 1)).toBe(false);
    expect(overEventLimit(MIN_EVENTS + 1, 1)).toBe(true);
    expect(overEventLimit(MIN_EVENTS * 10, (MIN_EVENTS * 10) / EVENTS_PER_ACTION)).toBe(false);
    expect(overEventLimit(MIN_EVENTS * 10, (MIN_EVENTS * 10) / EVENTS_PER_ACTION - 1)).toBe(true);
  });

  it('a run that stays under both limits is not stopped, whatever its retries, re-plans and crashes', () => {
    // Heavy but finite: every call fails half the time; no action comes near 500 attempts.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 2 }),
        (retries, replans, crashes) => {
          const s = scenarioWith((x) => {
            x.actions = 200;
            x.client.retries = retries;
            x.service.errorRate = 0.5;
            x.agent.replan = { ...x.agent.replan, probability: 1, max: replans };
            x.agent.crash = { ...x.agent.crash, probability: 0.5, max: crashes };
          });
          const result = simulate(s);
          expect(result.metrics.attemptsPerAction).toBeLessThanOrEqual(MAX_ATTEMPTS_PER_ACTION);
        },
      ),
      { seed: 1612, numRuns: 25 },
    );
  });

  it('every scenario ends: it completes or stops at a limit, never anything else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LIMITS.maxRetries }),
        fc.integer({ min: 0, max: LIMITS.maxRepeats }),
        fc.integer({ min: 0, max: LIMITS.maxRepeats }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (retries, replans, crashes, loss) => {
          const s = scenarioWith((x) => {
            x.actions = 20;
            x.client.retries = retries;
            x.client.backoff = { ...x.client.backoff, base: 0, max: 0 };
            x.network.replyLoss = loss;
            x.agent.replan = { ...x.agent.replan, probability: 1, max: replans };
            x.agent.crash = { ...x.agent.crash, probability: 1, max: crashes };
          });
          try {
            expect(Number.isFinite(simulate(s).metrics.attemptsPerAction)).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(RunLimitError);
          }
        },
      ),
      { seed: 2026, numRuns: 30 },
    );
  });
});
