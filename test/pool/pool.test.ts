// The sweep pool as built (its workers are the built worker.js): the main thread and the
// workers share the points, the results come back in point order whatever ran them, and a
// point that throws on either side rejects the whole run instead of hanging it.
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario, type Scenario } from '../../src/model/scenario.js';
import { requireBuild } from '../cli/binary.js';

type Pool = typeof import('../../src/pool/pool.js');

let pool: Pool;

beforeAll(async () => {
  requireBuild();
  pool = (await import(new URL('../../dist/pool/pool.js', import.meta.url).href)) as Pool;
});

function point(seed: number): Scenario {
  return { ...defaultScenario(), seed, actions: 2000 };
}

/** Refused by simulate() itself (the loader refuses it first): hedging with retries. */
function failing(): Scenario {
  const scenario = defaultScenario();
  return { ...scenario, client: { ...scenario.client, hedge: { after: 500, max: 2 } } };
}

describe('sweep pool', () => {
  it('gives every jobs count the results of one thread, in point order', async () => {
    const scenarios = [1, 2, 3, 4, 5].map(point);
    const alone = await pool.simulateAll(scenarios, 1, 1e9);
    for (const jobs of [2, 3, 8]) {
      const counts: number[] = [];
      const shared = await pool.simulateAll(scenarios, jobs, 1e9, (done) => counts.push(done));
      expect(JSON.stringify(shared)).toBe(JSON.stringify(alone));
      expect(counts).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('rejects when a point fails on a worker or on the main thread', async () => {
    // The main thread takes the first point, a long one: the worker, started meanwhile, takes
    // the failing second. The run rejects whichever thread gets it.
    const long = { ...point(1), actions: 200_000 };
    await expect(pool.simulateAll([long, failing(), point(2)], 2, 1e9)).rejects.toThrow(/client.hedge/);
    await expect(pool.simulateAll([failing(), point(1), point(2)], 2, 1e9)).rejects.toThrow(/client.hedge/);
  });

  it('returns only once every worker thread has exited', async () => {
    // A process that exits while a worker is still starting or tearing down can wait for it
    // for ever in Node's shutdown: the pool leaves no worker behind. Counted as the threads
    // of this process (Linux), after a first sweep has started whatever the runtime keeps.
    const threads = (): number => readdirSync('/proc/self/task').length;
    const scenarios = [1, 2, 3, 4, 5, 6].map(point);
    await pool.simulateAll(scenarios, 4, 1e9);
    const before = threads();
    for (let i = 0; i < 3; i++) {
      // Points that end before a worker has started, and points that outlast its start.
      await pool.simulateAll(i === 0 ? [point(1), point(2)] : scenarios, 4, 1e9);
      expect(threads()).toBe(before);
    }
  });
});
