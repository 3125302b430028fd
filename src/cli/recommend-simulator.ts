// The simulator recommend's search runs its points with: worker threads, and a progress
// line per round of simulation on a terminal.
import type { Sizing } from '../model/precision.js';
import type { Scenario } from '../model/scenario.js';
import type { SimRun } from '../recommend/point.js';
import type { Simulate } from '../recommend/search.js';
import { simulateAll, simulateAllSized } from '../pool/pool.js';
import type { CommandContext } from './context.js';
import { clockOf, startPoints } from './progress.js';

/**
 * Points on worker threads, with a progress line per round of simulation on a terminal
 * (the search, its confirmations and the verification each simulate in rounds; how many
 * rounds the search takes depends on what it finds, so each round has its own bar).
 */
export function simulator(jobs: number, ctx: CommandContext, ceiling: number): Simulate {
  const since = clockOf(ctx)();
  let round = 0;
  return async (scenarios: readonly Scenario[], sizing: Sizing | null): Promise<SimRun[]> => {
    round += 1;
    const progress = startPoints(ctx, { total: scenarios.length, label: `round ${round}`, since });
    const onDone = (done: number): void => progress.update(done);
    try {
      if (sizing !== null) return await simulateAllSized(scenarios, sizing, jobs, ceiling, onDone);
      const results = await simulateAll(scenarios, jobs, ceiling, onDone);
      return results.map((result, i) => ({
        result,
        sizing: { actions: (scenarios[i] as Scenario).actions, rounds: 1, stoppedBy: 'precision', needed: null },
      }));
    } finally {
      progress.finish();
    }
  };
}
