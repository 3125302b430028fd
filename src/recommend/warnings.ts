// What looks wrong in the scenario itself, said before the answer: a resume delay with no
// crashes to resume from, a timeout below the service's p99 (it cuts off work that still
// commits), a retention within 10% of the longest resume delay (a replay near the end of
// the window pays again). The same timeout check on the recommended configuration.
import { standardNormalQuantile } from '../analytic/index.js';
import { pSlow } from '../analytic/inputs.js';
import { intentLike, segmentSpan } from '../analytic/spans.js';
import { proseDuration } from '../format/format.js';
import type { Warning } from '../model/recommend.js';
import type { Scenario } from '../model/scenario.js';
import { durationLiteral } from '../scenario/units.js';
import { yaml } from '../scenario/yaml-lib.js';
import { niceDurations } from './space.js';

const Z99 = standardNormalQuantile(0.99);
/** A retention this close to the longest resume delay (relative) is a coin toss for late replays. */
const NEAR = 0.1;

/** Whether a field was written: in the file's YAML, or by a `--set` on it or inside it. */
export function writtenIn(text: string | undefined, sets: readonly string[]): (path: string) => boolean {
  let doc: unknown;
  try {
    doc = text === undefined ? undefined : yaml().parse(text);
  } catch {
    doc = undefined;
  }
  return (path) => {
    if (sets.some((s) => s.startsWith(`${path}=`) || s.startsWith(`${path}.`))) return true;
    let node = doc;
    for (const key of path.split('.')) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
      node = (node as Record<string, unknown>)[key];
    }
    return true;
  };
}

export function scenarioWarnings(s: Scenario, written: (path: string) => boolean): Warning[] {
  const warnings: Warning[] = [];
  const { probability, max, resumeDelay } = s.agent.crash;
  const crashes = probability > 0 && max > 0;
  if (!crashes && written('agent.crash.resumeDelay')) {
    warnings.push({
      code: 'resumeDelayWithoutCrashes',
      about: 'scenario',
      message: `agent.crash.resumeDelay is set but ${probability === 0 ? 'agent.crash.probability is 0' : 'agent.crash.max is 0'}: no step is ever replayed, so the resume delay changes nothing (and no retention is needed to outlast it); set a crash probability if replays are what you mean to model`,
    });
  }
  const timeout = timeoutWarning(s, 'scenario');
  if (timeout !== undefined) warnings.push(timeout);
  const near = Math.abs(s.keys.retention - resumeDelay.max) <= NEAR * resumeDelay.max;
  if (crashes && intentLike(s) && near) {
    const step = segmentSpan(s);
    const needed = resumeDelay.max + 2 * step;
    const suggestion = niceDurations(needed, needed).at(-1) ?? needed;
    warnings.push({
      code: 'retentionNearResume',
      about: 'scenario',
      message: `keys.retention ${durationLiteral(s.keys.retention)} is within 10% of the longest resume delay (${durationLiteral(resumeDelay.max)}): a step replayed late in that window finds its record expired and runs again. A record outlives every replay when the retention is at least the longest resume delay plus twice the longest step (${proseDuration(resumeDelay.max)} + 2 x ${proseDuration(step)} = ${proseDuration(needed)}): e.g. keys.retention ${durationLiteral(suggestion)}`,
    });
  }
  return warnings;
}

/** The recommended configuration's timeout, when it is below the service's p99 and differs from the scenario's. */
export function recommendedWarnings(base: Scenario, chosen: Scenario): Warning[] {
  if (chosen.client.timeout === base.client.timeout) return [];
  const w = timeoutWarning(chosen, 'recommended');
  return w === undefined ? [] : [w];
}

function timeoutWarning(s: Scenario, about: Warning['about']): Warning | undefined {
  const { median, sigma } = s.service.latency;
  const p99 = median * Math.exp(sigma * Z99);
  const timeout = s.client.timeout;
  if (!(timeout < p99)) return undefined;
  const share = pSlow(median, sigma, timeout);
  const whose = about === 'scenario' ? 'client.timeout' : 'the recommended client.timeout';
  return {
    code: 'timeoutBelowP99',
    about,
    message: `${whose} ${durationLiteral(timeout)} is below the service's p99 (${proseDuration(p99)}): ${percent(share)} of executions outlast it, each a timeout on work that still commits (an unknown outcome or a false failure, and a repeat for the key store to catch)`,
  };
}

function percent(share: number): string {
  const p = 100 * share;
  return `${p >= 10 ? p.toFixed(0) : p >= 1 ? p.toFixed(1) : p.toPrecision(2)}%`;
}
