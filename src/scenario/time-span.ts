// Times the simulator cannot measure, refused at load: the latency histogram resolves times
// below 2^44 ms (about 557 years), and from there every value shares its overflow bucket,
// which says only "at least 2^44 ms" (stats/histogram.ts). A run whose arrivals and longest
// action (every timeout, backoff, re-plan delay, read before a repeat and resume delay at
// its longest: analytic/spans.ts) stay within 2^44 ms measures every call and step latency
// in its own bucket, and its clock, a double of milliseconds, resolves them to a few
// microseconds. The service time has no longest value (a lognormal's tail is unbounded,
// and sigma may be 10): a call still ends by its timeout, and a queue wait that passes
// 2^44 ms is reported open-ended; but a median past it, alone or times an incident's
// latencyFactor, would leave most executions outlasting everything idemsim measures, so
// that is refused too.
import { actionSpan, callSpan } from '../analytic/spans.js';
import type { Scenario } from '../model/scenario.js';
import { HISTOGRAM_LIMIT_MS } from '../stats/histogram.js';
import { type Issue, type Pos, issueAt } from './issues.js';
import * as msg from './messages.js';
import { type MapNode, type TreeNode, findEntry, nodeAt } from './tree.js';

/** The longest time a run may reach, ms: the latency histogram's overflow bucket starts there. */
export const MAX_RUN_TIME_MS = HISTOGRAM_LIMIT_MS;

/** A time a scenario can reach, ms, and the field (a dotted path, list items by index) that adds most to it. */
export interface TimeBound {
  ms: number;
  field: string;
}

/**
 * The reads before a repeat (agent.checkFirst) one action can make at most: one before each
 * re-plan call of each segment and one before each replay (MODEL.md C); each lasts the
 * read's latency, which no other span counts.
 */
function checkReads(s: Scenario): number {
  const { checkFirst, replan, crash } = s.agent;
  if (checkFirst.probability === 0) return 0;
  const replans = replan.probability > 0 ? replan.max : 0;
  const crashes = crash.probability > 0 ? crash.max : 0;
  return (crashes + 1) * replans + crashes;
}

/** The longest time a run of `s` can reach, ms (arrivals, then the longest action), and the field that adds most. */
export function runTimeBound(s: Scenario): TimeBound {
  const lastStep = s.arrivals.profile.at(-1);
  const arrivals = lastStep !== undefined ? lastStep.until : (1000 * s.actions) / s.arrivals.rate;
  const { crash, replan } = s.agent;
  const reads = checkReads(s) * s.agent.checkFirst.latency;
  const parts: [string, number][] = [
    [lastStep !== undefined ? 'arrivals.profile' : 'arrivals.rate', arrivals],
    ['agent.crash.resumeDelay', (crash.probability > 0 ? crash.max : 0) * crash.resumeDelay.max],
    ['agent.replan.delay', (replan.probability > 0 ? replan.max : 0) * replan.delay.max],
    ['client.timeout', callSpan(s)],
    ['agent.checkFirst.latency', reads],
  ];
  const [field] = parts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { ms: arrivals + actionSpan(s) + reads, field };
}

/**
 * The median service time of the executions where it is longest: service.latency's median
 * times the largest incident latencyFactor (a factor replaces the base, it never multiplies
 * another, and outside every window the factor is 1). The field is the median when it
 * passes the limit alone, else the incident whose factor takes it there.
 */
export function serviceMedianBound(s: Scenario): TimeBound {
  const median = s.service.latency.median;
  const factors = s.incidents.map((incident) => incident.latencyFactor ?? 1);
  const top = factors.reduce((a, b) => Math.max(a, b), 1);
  const i = factors.indexOf(top);
  const field = median > MAX_RUN_TIME_MS || i < 0 ? 'service.latency.median' : `incidents[${i}].latencyFactor`;
  return { ms: median * top, field };
}

/** The first time of `s` past MAX_RUN_TIME_MS, and what it is, or undefined when the run stays within it. */
export function timeBeyondLimit(s: Scenario): (TimeBound & { kind: 'run' | 'service' }) | undefined {
  const run = runTimeBound(s);
  if (run.ms > MAX_RUN_TIME_MS) return { ...run, kind: 'run' };
  const service = serviceMedianBound(s);
  if (service.ms > MAX_RUN_TIME_MS) return { ...service, kind: 'service' };
  return undefined;
}

/** An issue at the field that adds most, when a run of `s` could pass MAX_RUN_TIME_MS. */
export function checkRunTime(root: MapNode, s: Scenario, issues: Issue[]): void {
  const beyond = timeBeyondLimit(s);
  if (beyond === undefined) return;
  const { ms, kind } = beyond;
  const { field, pos } = written(root, beyond.field);
  const problem =
    kind === 'run'
      ? msg.runTooLong(field, ms, MAX_RUN_TIME_MS)
      : msg.serviceTooLong(field, ms, s.service.latency.median, MAX_RUN_TIME_MS);
  issues.push(issueAt(pos, field, problem));
}

/**
 * Where `field` is written and the name it is written under (a median given as the p50 of
 * `{ p50, p99 }` is named so): its node, else the nearest written node above it (a `--set`,
 * or nothing: the default).
 */
function written(root: MapNode, field: string): { field: string; pos: Pos } {
  const incident = /^incidents\[(\d+)\]\.(\w+)$/.exec(field);
  if (incident !== null) {
    const list = nodeAt(root, ['incidents']);
    const item: TreeNode | undefined = list?.kind === 'list' ? list.items[Number(incident[1])] : undefined;
    const member = item?.kind === 'map' ? findEntry(item, incident[2] as string)?.value : undefined;
    return { field, pos: (member ?? item ?? list ?? root).pos };
  }
  if (field === 'service.latency.median') {
    const p50 = nodeAt(root, ['service', 'latency', 'p50']);
    if (p50 !== undefined) return { field: 'service.latency.p50', pos: p50.pos };
  }
  const keys = field.split('.');
  for (let n = keys.length; n > 0; n--) {
    const node = nodeAt(root, keys.slice(0, n));
    if (node !== undefined) return { field, pos: node.pos };
  }
  return { field, pos: root.pos };
}
