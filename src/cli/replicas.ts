// `run --replicas N [--replica I]`: independent replications of each scenario on derived
// seeds. With --replica, this process runs replica I alone and prints its part for
// `idemsim merge`; without, it runs all N one after another and prints them pooled, which
// is exactly what merging the N parts prints.
import type { ScenarioRun } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { replicaPartDocument, type ReplicaPart, type ReplicaRun } from '../report/parts/replica.js';
import { PART_VERSION } from '../report/parts/read.js';
import { poolReplicas, replicaScenario } from '../sim/replicas.js';
import { simulateWithState } from '../sim/simulate.js';
import type { CommandContext } from './context.js';
import { InputError } from './errors.js';
import { startProgress } from './progress.js';
import { partCount, type Share } from './shard.js';

export interface ReplicaFlags {
  replicas?: string;
  replica?: string;
  format?: string;
  out?: string;
  precision?: readonly string[];
  maxActions?: string;
}

/** The replication asked for, checked before anything runs; null without --replicas. */
export function replicationOf(flags: ReplicaFlags): { of: number; replica: number | null } | null {
  if (flags.replicas === undefined) {
    if (flags.replica !== undefined) throw new InputError('--replica I needs --replicas N: replica I of how many?');
    return null;
  }
  const of = partCount('--replicas', flags.replicas);
  const replica = flags.replica === undefined ? null : partCount('--replica', flags.replica);
  if (replica !== null && replica > of) {
    throw new InputError(`--replica: ${replica} is not one of --replicas ${of}; replicas are numbered 1 to ${of}`);
  }
  if ((flags.precision ?? []).length > 0 || flags.maxActions !== undefined) {
    throw new InputError(
      '--replicas runs each replica at --actions; --precision and --max-actions size a single run: use one or the other',
    );
  }
  if (flags.out !== undefined) {
    throw new InputError(
      "--replicas writes no report folder (a report draws one run's traces); drop --out, or run one seed with --out",
    );
  }
  if (replica !== null && flags.format !== undefined && flags.format !== 'json') {
    throw new InputError(`--replica prints the replica's part as JSON for \`idemsim merge\`; drop --format ${flags.format}`);
  }
  return { of, replica };
}

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
    const { result, state } = simulateWithState(scenario, { onProgress: progress.reporter(0) });
    return { base, scenario, result, state };
  } finally {
    progress.finish();
  }
}
