// A sweep shard's part written: shard I of N simulates the points whose index (in the order
// the sweep lists them) is I - 1 modulo N, and prints them with everything `idemsim merge`
// needs to put the whole sweep back together: the sweep's dimensions and metrics, the
// scenario as given (for a merged report's scenario.yaml), and each point's run.
import { canonicalScenario } from '../../model/canonical-scenario.js';
import type { SweepPart } from '../../saved/sweep-part.js';
import { runEntry } from './run.js';

export function sweepPartDocument(part: SweepPart, partVersion: number): unknown {
  const { sweep } = part;
  return {
    idemsim: part.idemsim,
    part: { version: partVersion, kind: 'sweep', shard: part.shard, of: part.of, points: part.points },
    sweep: {
      name: sweep.name,
      vary: sweep.vary.map((v) => ({ path: v.path, kind: v.kind, sets: v.sets, values: v.values, labels: v.labels })),
      metrics: sweep.metrics,
      dims: sweep.dims.map(({ path, spec }) => ({ path, spec })),
      scenario: canonicalScenario(sweep.base),
    },
    points: part.runs.map(({ index, run }) => ({ index, at: run.at, ...runEntry(run.scenario, run.result) })),
  };
}
