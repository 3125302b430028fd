// The points of a `--compare` (presets, handlers), simulated one after the other in this
// process with one progress line for them all: a handful of runs, each already seeded.
import type { Scenario } from '../model/scenario.js';
import type { RunResult } from '../model/result.js';
import { simulate } from '../sim/simulate.js';
import type { CommandContext } from './context.js';
import { startProgress } from './progress.js';

export function simulateEach<P extends { scenario: Scenario }>(
  points: readonly P[],
  ctx: CommandContext,
): (P & { result: RunResult })[] {
  const total = points.reduce((sum, point) => sum + point.scenario.actions, 0);
  const progress = startProgress(ctx, total);
  let before = 0;
  try {
    return points.map((point) => {
      const options = progress.options(before);
      before += point.scenario.actions;
      return { ...point, result: simulate(point.scenario, options) };
    });
  } finally {
    progress.finish();
  }
}
