// A sweep: every combination of the --vary values (the first dimension outermost), each a
// scenario built from the same file and seed, so points share their random draws (common
// random numbers) and differences between neighbours come from the parameter.
import { type Issue, formatIssue, type LoadOutcome } from '../scenario/index.js';
import { setFile } from '../scenario/sets.js';
import { MAX_SWEEP_POINTS, atOf, type SweepPoint, type Vary } from '../model/sweep.js';

/**
 * The points of a sweep, each loaded through `load(pointSets)` (the file with the base
 * --set overrides and this point's values). Returns every loader issue of every point, once:
 * an issue in a point's own value names its dimension (`names[d]`, default `--vary PATH`)
 * rather than the --set it became, so that a dimension every point refuses (a layer the
 * scenario lacks) is one line, not one per value.
 */
export function sweepPoints(
  vary: readonly Vary[],
  load: (pointSets: readonly string[]) => LoadOutcome,
  names: readonly string[] = vary.map((v) => `--vary ${v.path}`),
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
    const pointSets = at.map((j, d) => (vary[d] as Vary).sets[j] as string);
    const outcome = load(pointSets);
    if (outcome.ok) points.push({ at, scenario: outcome.scenario });
    else for (const issue of outcome.issues) problems.add(pointProblem(issue, pointSets, names));
  }
  return problems.size > 0 ? { ok: false, problems: [...problems] } : { ok: true, points };
}

function pointProblem(issue: Issue, pointSets: readonly string[], names: readonly string[]): string {
  const d = pointSets.findIndex((set) => issue.file === setFile(set));
  return d < 0 ? formatIssue(issue) : `${names[d] ?? ''}: ${issue.message.replace(/[\r\n]+/g, ' ')}`;
}
