// Shared by the driver tests: what an SDK was observed to do under each script of
// script.ts, as a table, and the checks that pin a driver to it. The delays are the waits
// between one attempt's end and the next send: the gap between two sends, less the
// attempt's own length (0 for a reply at once, the timeout for a request never answered).
import { describe, expect, it } from 'vitest';
import { SCRIPTS, type Script } from '../../src/conformance/script.js';
import type { Run, SdkDriver } from '../../src/conformance/sdks/driver.js';

/** The scripts of script.ts, by name: a script added there fails every driver until described. */
export type ScriptName =
  | 'every attempt times out'
  | 'every attempt gets 503'
  | 'every attempt gets 409'
  | 'first 1 fails, then 200'
  | 'first 2 fail, then 200'
  | 'reply after the timeout';

export interface Behaviour {
  /** Requests sent, and how the call ended, under each script. */
  outcomes: Record<ScriptName, [sends: number, result: 'ok' | 'error']>;
  /**
   * [min, max] of the k-th wait, ms, over seeds, for every retry of a call that keeps
   * failing (a call that stops early uses the first ones). min = max: no jitter.
   */
  delays: readonly [number, number][];
}

/**
 * Three tries of every failure scripted, as most clients make them: 3 sends and an error
 * where every attempt fails, 2 or 3 sends and a 200 where one succeeds. A client that does
 * not retry a 409 (`retries409: false`) stops at the first.
 */
export function threeTries(retries409 = true): Behaviour['outcomes'] {
  return {
    'every attempt times out': [3, 'error'],
    'every attempt gets 503': [3, 'error'],
    'every attempt gets 409': [retries409 ? 3 : 1, 'error'],
    'first 1 fails, then 200': [2, 'ok'],
    'first 2 fail, then 200': [3, 'ok'],
    'reply after the timeout': [3, 'error'],
  };
}

/** Seeds each script runs with: enough that the smallest and largest draws reach near the range's ends. */
const SEEDS = Array.from({ length: 50 }, (_, k) => k + 1);

/** The delays a run shows: each gap between sends, less the attempt it follows. */
export function delaysOf(run: Run, script: Script, timeout: number): number[] {
  const attempt = script.kind === 'timeout' || script.kind === 'lateReply' ? timeout : 0;
  return run.sends.slice(1).map((send, k) => send - (run.sends[k] as number) - attempt);
}

/** One describe block: the driver's outcomes, delays and determinism under every script. */
export function describeDriver(driver: SdkDriver, behaviour: Behaviour): void {
  describe(`${driver.name} (${driver.packages.join(', ')})`, () => {
    for (const [name, script] of Object.entries(SCRIPTS)) {
      const outcome = behaviour.outcomes[name as ScriptName] as Behaviour['outcomes'][ScriptName] | undefined;
      if (outcome === undefined) throw new Error(`no outcome for the script '${name}'`);
      const [sends, result] = outcome;
      it(`sends ${sends} and ends ${result} when ${name}`, async () => {
        for (const seed of [1, 2, 3]) {
          const run = await driver.run(script, seed);
          expect(run.sends).toHaveLength(sends);
          expect(run.result).toBe(result);
          expect(run.sends[0]).toBe(0);
        }
      });
    }

    for (const name of ['every attempt gets 503', 'every attempt times out'] as const) {
      it(`waits ${behaviour.delays.map(([lo, hi]) => (lo === hi ? `${lo}` : `${lo}..${hi}`)).join(', ')} ms between attempts when ${name}`, async () => {
        const script = SCRIPTS[name] as Script;
        const seen: number[][] = behaviour.delays.map(() => []);
        for (const seed of SEEDS) {
          const delays = delaysOf(await driver.run(script, seed), script, driver.timeout);
          expect(delays).toHaveLength(behaviour.delays.length);
          delays.forEach((delay, k) => seen[k]?.push(delay));
        }
        behaviour.delays.forEach(([lo, hi], k) => {
          const values = seen[k] as number[];
          const margin = 0.15 * (hi - lo) + 1e-6;
          // Within the range, and reaching near both ends: the range is the jitter's, not a part of it.
          expect(Math.min(...values)).toBeGreaterThanOrEqual(lo - 1e-6);
          expect(Math.max(...values)).toBeLessThanOrEqual(hi + 1e-6);
          expect(Math.min(...values)).toBeLessThanOrEqual(lo + margin);
          expect(Math.max(...values)).toBeGreaterThanOrEqual(hi - margin);
        });
      });
    }

    it('gives the same sends for the same seed', async () => {
      const script = SCRIPTS['every attempt gets 503'] as Script;
      const first = await driver.run(script, 7);
      expect((await driver.run(script, 7)).sends).toEqual(first.sends);
    });
  });
}
