// `run --replicas N [--replica I]`: independent replications of each scenario on derived
// seeds. With --replica, this process runs replica I alone and prints its part for
// `idemsim merge`; without, it runs all N one after another and prints them pooled, which
// is exactly what merging the N parts prints.
import type { ScenarioRun } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { replicaPartDocument } from '../report/parts/replica.js';
import { PART_VERSION } from '../saved/part.js';
import type { ReplicaPart, ReplicaRun } from '../saved/replica-part.js';
import { poolReplicas, replicaScenario } from '../sim/replicas.js';
import { simulateWithState } from '../sim/simulate.js';
import type { CommandContext } from './context.js';
import { startProgress } from './progress.js';
import type { Share } from './shard.js';

/** Replica `share.index` of every scenario, as the part `idemsim merge` reads. */
export function runReplica(scenarios: readonly Scenario[], share: Share, version: string, ctx: CommandContext): string {
  const runs = scenarios.map((base) => replicaRun(base, share.index, ctx));
  const part: ReplicaPart = { idemsim: version, replica: share.index, of: share.of, runs };
  // One line: the tallies' histograms hold thousands of [bucket, count] pairs.
  return `${JSON.stringify(replicaPartDocument(part, PART_VERSION))}\n`;
}

/** All `of` replicas of every scenario, pooled. */
export function runAllReplicas(scenarios: readonly Scenario[], of: number, ctx: CommandContext): ScenarioRun[] {
  return scenarios.map((base) => {
    const replicas = Array.from({ length: of }, (_, i) => replicaRun(base, i + 1, ctx));
    return pooledRun(base, replicas);
  });
}

/** Replicas of one scenario pooled: the scenario shown with every replica's actions. */
export function pooledRun(base: Scenario, replicas: readonly ReplicaRun[]): ScenarioRun {
  const actions = replicas.reduce((sum, r) => sum + r.scenario.actions, 0);
  return { scenario: { ...base, actions }, result: poolReplicas(base, replicas), replicas: replicas.length };
}

function replicaRun(base: Scenario, replica: number, ctx: CommandContext): ReplicaRun {
  const scenario = replicaScenario(base, replica);
  const progress = startProgress(ctx, scenario.actions);
  try {
    const { result, state } = simulateWithState(scenario, progress.options(0));
    return { base, scenario, result, state };
  } finally {
    progress.finish();
  }
}
