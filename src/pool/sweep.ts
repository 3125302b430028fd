// A sweep: every combination of the --vary values (the first dimension outermost), each a
// scenario built from the same file and seed, so points share their random draws (common
// random numbers) and differences between neighbours come from the parameter.
import { formatIssue, type LoadOutcome } from '../scenario/index.js';
import { MAX_SWEEP_POINTS, atOf, type SweepPoint, type Vary } from '../model/sweep.js';

/**
 * The points of a sweep, each loaded through `load(pointSets)` (the file with the base
 * --set overrides and this point's values). Returns every loader issue of every point.
 */
export function sweepPoints(
  vary: readonly Vary[],
  load: (pointSets: readonly string[]) => LoadOutcome,
): { ok: true; points: SweepPoint[] } | { ok: false; problems: string[] } {
  const total = vary.reduce((n, v) => n * v.values.length, 1);
  if (total > MAX_SWEEP_POINTS) {
    return {
      ok: false,
      problems: [`--vary: ${total} points; a sweep takes at most ${MAX_SWEEP_POINTS}`],
    };
  }
  const points: SweepPoint[] = [];
  const problems = new Set<string>();
  for (let i = 0; i < total; i++) {
    const at = atOf(i, vary);
    const outcome = load(at.map((j, d) => (vary[d] as Vary).sets[j] as string));
    if (outcome.ok) points.push({ at, scenario: outcome.scenario });
    else for (const issue of outcome.issues) problems.add(formatIssue(issue));
  }
  return problems.size > 0 ? { ok: false, problems: [...problems] } : { ok: true, points };
}
