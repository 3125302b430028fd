// Times the simulator cannot measure, refused at load: the latency histogram's buckets end
// at 2^44 ms (about 557 years), beyond which every value shares the top bucket, so a step's
// p95 could read hundreds of times below the truth. A run whose arrivals and longest action
// (every timeout, backoff, re-plan delay and resume delay at its longest: analytic/spans.ts)
// stay within 2^44 ms measures every call and step latency in its own bucket, and its
// clock, a double of milliseconds, resolves them to well under a microsecond.
import { actionSpan, callSpan } from '../analytic/spans.js';
import type { Scenario } from '../model/scenario.js';
import { type Issue, issueAt } from './issues.js';
import * as msg from './messages.js';
import { type MapNode, nodeAt } from './tree.js';

/** The longest time a run may reach, ms: the latency histogram's top bucket starts there. */
export const MAX_RUN_TIME_MS = 2 ** 44;

/** The longest time a run of `s` can reach, ms (arrivals, then the longest action), and the field that adds most. */
export function runTimeBound(s: Scenario): { ms: number; field: string } {
  const lastStep = s.arrivals.profile.at(-1);
  const arrivals = lastStep !== undefined ? lastStep.until : (1000 * s.actions) / s.arrivals.rate;
  const { crash, replan } = s.agent;
  const parts: [string, number][] = [
    [lastStep !== undefined ? 'arrivals.profile' : 'arrivals.rate', arrivals],
    ['agent.crash.resumeDelay', (crash.probability > 0 ? crash.max : 0) * crash.resumeDelay.max],
    ['agent.replan.delay', (replan.probability > 0 ? replan.max : 0) * replan.delay.max],
    ['client.timeout', callSpan(s)],
  ];
  const [field] = parts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { ms: arrivals + actionSpan(s), field };
}

/** An issue at the field that adds most, when a run of `s` could pass MAX_RUN_TIME_MS. */
export function checkRunTime(root: MapNode, s: Scenario, issues: Issue[]): void {
  const { ms, field } = runTimeBound(s);
  if (ms <= MAX_RUN_TIME_MS) return;
  const node = nodeAt(root, field.split('.'));
  issues.push(issueAt(node?.pos ?? root.pos, field, msg.runTooLong(field, ms, MAX_RUN_TIME_MS)));
}
