// Replicas put back together: every replica of 1..N once, all made by one idemsim from the
// same scenarios (as given, with the same seed), so each scenario's N replicas pool into
// the result `run --replicas N` prints in one process.
import type { Scenario } from '../../model/scenario.js';
import { canonicalScenario } from '../../model/canonical-scenario.js';
import { MergeError, listed } from './merge-sweep.js';
import type { ReplicaPart, ReplicaRun } from '../../saved/replica-part.js';

/** Each scenario as given, beside its replicas in replica order. */
export function mergeReplicaParts(
  parts: readonly { file: string; part: ReplicaPart }[],
): { base: Scenario; replicas: ReplicaRun[] }[] {
  const first = parts[0];
  if (first === undefined) throw new MergeError('merge: name the parts to merge');
  const { of, idemsim } = first.part;
  const bases = JSON.stringify(first.part.runs.map((r) => canonicalScenario(r.base)));
  const byReplica = new Map<number, { file: string; part: ReplicaPart }>();
  for (const entry of parts) {
    const { file, part } = entry;
    if (part.idemsim !== idemsim) {
      throw new MergeError(
        `${file}: made by idemsim ${part.idemsim}, ${first.file} by ${idemsim}; merge parts of one version`,
      );
    }
    if (part.of !== of || JSON.stringify(part.runs.map((r) => canonicalScenario(r.base))) !== bases) {
      throw new MergeError(
        `${file}: a replica of other scenarios than ${first.file}'s (or of another --replicas count); merge the replicas of one run`,
      );
    }
    const again = byReplica.get(part.replica);
    if (again !== undefined) {
      throw new MergeError(`${file}: replica ${part.replica}/${of} again (also ${again.file}); name each part once`);
    }
    byReplica.set(part.replica, entry);
  }
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((r) => !byReplica.has(r));
  if (missing.length > 0) {
    throw new MergeError(
      `merge: ${listed(missing.map((r) => `replica ${r}/${of}`))} missing; replicas merge from all ${of} parts`,
    );
  }
  const ordered = Array.from({ length: of }, (_, i) => (byReplica.get(i + 1) as { part: ReplicaPart }).part);
  return first.part.runs.map((run, k) => ({
    base: run.base,
    replicas: ordered.map((part) => part.runs[k] as ReplicaRun),
  }));
}
