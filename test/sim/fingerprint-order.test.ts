// keys.fingerprintWhileRunning (an extension of MODEL.md F): a handler that looks at the
// record's state before its fingerprint (node-idempotency) answers 409 to a changed payload
// while the first request runs, and compares fingerprints only once the record is done.
import { describe, expect, it } from 'vitest';
import type { KeyOp } from '../../src/model/keyops.js';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from './helpers.js';

/** Slow executions behind a short timeout, and re-plans that change the arguments soon after. */
const changing = (whileRunning: boolean): Scenario =>
  scenarioWith((s) => {
    s.seed = 'order';
    s.actions = 5_000;
    s.service.latency = { median: 1500, sigma: 0.6 };
    s.client.timeout = 1000;
    s.client.retries = 1;
    s.agent.replan = { ...s.agent.replan, probability: 0.8, max: 2, delay: { min: 100, max: 2000 }, argsChange: 1 };
    s.keys.scope = 'intent';
    s.keys.fingerprintWhileRunning = whileRunning;
  });

/** Each lookup's outcome with the state the simulator's record of its key was in: done or running. */
function lookupsByState(scenario: Scenario): { outcome: string; done: boolean }[] {
  const done = new Map<number, boolean>();
  const seen: { outcome: string; done: boolean }[] = [];
  simulate(scenario, {
    onKeyOp: (op: KeyOp) => {
      if (op.op === 'lookup') {
        seen.push({ outcome: op.outcome, done: done.get(op.key) === true });
        if (op.exec >= 0) done.set(op.key, false);
      } else if (op.op === 'commit') done.set(op.key, true);
      else done.delete(op.key);
    },
  });
  return seen;
}

describe('keys.fingerprintWhileRunning', () => {
  it('false: a changed payload gets 409 while the record runs, the mismatch status only once it is done', () => {
    const lookups = lookupsByState(changing(false));
    const mismatches = lookups.filter((l) => l.outcome === 'mismatch');
    expect(mismatches.length).toBeGreaterThan(0);
    expect(mismatches.every((l) => l.done)).toBe(true);
  });

  it('true (the default, MODEL.md): a changed payload gets the mismatch status while the record runs too', () => {
    const lookups = lookupsByState(changing(true));
    expect(lookups.some((l) => l.outcome === 'mismatch' && !l.done)).toBe(true);
  });

  it('false turns those running mismatches into 409s, which the client retries, on the same seed', () => {
    const first = simulate(changing(true)).metrics;
    const second = simulate(changing(false)).metrics;
    const running = lookupsByState(changing(true)).filter((l) => l.outcome === 'mismatch' && !l.done).length;
    expect(running).toBeGreaterThan(0);
    // A 409 is retried where a mismatch ended the call: fewer mismatches, more conflicts.
    expect(second.mismatchRate).toBeLessThan(first.mismatchRate);
    expect(second.conflictRate).toBeGreaterThan(first.conflictRate);
  });

  it('the node-idempotency profile sets it to false; the others leave the default', async () => {
    const { HANDLERS } = await import('../../src/presets/handlers.js');
    expect(HANDLERS['node-idempotency'].keys.fingerprintWhileRunning).toBe(false);
    for (const name of ['reference', 'powertools', 'express-idempotency', 'stripe'] as const)
      expect(HANDLERS[name].keys.fingerprintWhileRunning).toBeUndefined();
  });
});
