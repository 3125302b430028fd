// What every fuzz case must satisfy, written from MODEL.md rather than from the field table,
// so that the table is checked too: loadScenario never throws; a scenario it returns obeys
// every range of "Units and input forms"; otherwise every issue points into the input; and
// a valid scenario simulates without breaking the conservation identities.
import { PRESET_NAMES } from '../../../src/model/presets.js';
import { deepStrictEqual } from 'node:assert/strict';
import { type Issue, formatIssue, loadScenario } from '../../../src/scenario/index.js';
import type { Scenario } from '../../../src/model/scenario.js';
import { METRIC_NAMES } from '../../../src/model/metrics.js';
import type { Intervals, Metrics } from '../../../src/model/result.js';
import { HISTOGRAM_LIMIT_MS } from '../../../src/stats/histogram.js';
import { simulate } from '../../../src/sim/simulate.js';
import { estimateMemory } from '../../../src/analytic/memory.js';
import { type Case, FILE } from './documents.js';
import { setFile } from '../../../src/scenario/sets.js';
import { timeBeyondLimit } from '../../../src/scenario/time-span.js';

export class Violation extends Error {
  override name = 'Violation';
}

function holds(condition: boolean, what: string): void {
  if (!condition) throw new Violation(what);
}

const at = (s: Scenario, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], s);

const POSITIVE = ['arrivals.rate', 'client.timeout', 'service.latency.median', 'keys.retention'];
const NON_NEGATIVE = [
  'service.latency.sigma',
  'keys.raceWindow',
  'client.backoff.base',
  'client.backoff.multiplier',
  'client.backoff.max',
  'client.backoff.floor',
  'keys.recordBytes',
  'agent.checkFirst.latency',
];
const PROBABILITIES = [
  'service.errorRate',
  'network.requestLoss',
  'network.replyLoss',
  'agent.replan.probability',
  'agent.replan.argsChange',
  'agent.crash.probability',
  'agent.identicalRepeats',
  'service.crash.probability',
  'service.crash.afterEffect',
  'service.failure.probability',
  'service.failure.afterEffect',
  'agent.checkFirst.probability',
];
const COUNTS = ['client.retries', 'agent.replan.max', 'agent.crash.max'];
const RANGES = ['agent.replan.delay', 'agent.crash.resumeDelay'];
const ENUMS: Readonly<Record<string, readonly string[]>> = {
  'keys.scope': ['none', 'attempt', 'call', 'payload', 'intent', 'business'],
  'keys.claim': ['atomic', 'read-then-write'],
  'keys.handler': ['reference', 'powertools', 'node-idempotency', 'express-idempotency', 'stripe'],
  'keys.errors': ['store', 'delete'],
};
const MAX_ACTIONS = 100_000_000;

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isCount = (x: unknown): boolean => isNumber(x) && Number.isInteger(x) && x >= 0;

/** MODEL.md, "Units and input forms": the ranges every loaded scenario must be in. */
export function checkRanges(s: Scenario): void {
  for (const p of POSITIVE) holds(isNumber(at(s, p)) && (at(s, p) as number) > 0, `${p} > 0: ${String(at(s, p))}`);
  for (const p of NON_NEGATIVE) holds(isNumber(at(s, p)) && (at(s, p) as number) >= 0, `${p} >= 0`);
  for (const p of PROBABILITIES) {
    const x = at(s, p);
    holds(isNumber(x) && x >= 0 && x <= 1, `${p} in [0, 1]: ${String(x)}`);
  }
  // MODEL.md sets no top; idemsim caps each at 100 so no retry storm runs without end.
  for (const p of COUNTS) holds(isCount(at(s, p)) && (at(s, p) as number) <= 100, `${p} is a whole number in 0..100`);
  holds(isCount(s.actions) && s.actions >= 1 && s.actions <= MAX_ACTIONS, `actions in 1..${MAX_ACTIONS}`);
  const { concurrency } = s.service;
  holds(concurrency === 'unlimited' || (isCount(concurrency) && concurrency >= 1), 'concurrency >= 1 or unlimited');
  const { deadline } = s.client;
  holds(deadline === 'none' || (isNumber(deadline) && deadline >= 0), 'deadline >= 0 or none');
  for (const p of RANGES) {
    const r = at(s, p) as { min: unknown; max: unknown };
    holds(isNumber(r.min) && isNumber(r.max) && r.min >= 0 && r.min <= r.max, `${p}: 0 <= min <= max`);
  }
  for (const [p, values] of Object.entries(ENUMS))
    holds(values.includes(at(s, p) as string), `${p} is one of ${values}`);
  holds(
    jitterOk(s.client.backoff.jitter),
    'jitter is a word, { proportional: [lo, hi] } or { additive: [lo, hi] }, 0 <= lo <= hi',
  );
  holds(typeof s.keys.fingerprint === 'boolean', 'fingerprint is a boolean');
  // MODEL.md F: the answer to a mismatch is a 4xx status.
  const status = s.keys.mismatchStatus;
  holds(isCount(status) && status >= 400 && status <= 499, `keys.mismatchStatus in 400..499: ${String(status)}`);
  checkOptionalFeatures(s);
  holds(typeof s.seed === 'string' || (Number.isSafeInteger(s.seed) && isNumber(s.seed)), 'seed: integer or string');
  holds(typeof s.name === 'string' && typeof s.description === 'string', 'name and description are strings');
  for (const [metric, bound] of Object.entries(s.expect)) {
    holds(METRIC_NAMES.includes(metric), `expect: ${metric} is a metric`);
    holds(bound.min !== undefined || bound.max !== undefined, `expect.${metric} has a bound`);
    holds(bound.min === undefined || isNumber(bound.min), `expect.${metric}.min is a number`);
    holds(bound.max === undefined || isNumber(bound.max), `expect.${metric}.max is a number`);
    holds(bound.min === undefined || bound.max === undefined || bound.min <= bound.max, `expect.${metric}: min <= max`);
  }
}

/** A jitter word, or `{ proportional: [lo, hi] }` or `{ additive: [lo, hi] }` with 0 <= lo <= hi. */
function jitterOk(jitter: Scenario['client']['backoff']['jitter']): boolean {
  if (typeof jitter === 'string') return ['none', 'full', 'equal', 'decorrelated'].includes(jitter);
  const pair: unknown = 'proportional' in jitter ? jitter.proportional : jitter.additive;
  if (!Array.isArray(pair) || pair.length !== 2) return false;
  const [lo, hi] = pair as unknown[];
  return isNumber(lo) && isNumber(hi) && lo >= 0 && lo <= hi;
}

const inUnit = (x: unknown): boolean => isNumber(x) && x >= 0 && x <= 1;

/** MODEL.md A and B: leases, the arrival profile and incidents. */
function checkOptionalFeatures(s: Scenario): void {
  const { lease, transactional, leaseRenewal } = s.keys;
  holds(lease === 'none' || (isNumber(lease) && lease > 0), 'lease > 0 or none');
  const interval = s.report.interval;
  holds(interval === 'none' || (isNumber(interval) && interval > 0), 'report.interval > 0 or none');
  holds(
    typeof transactional === 'boolean' && typeof leaseRenewal === 'boolean',
    'transactional, leaseRenewal booleans',
  );
  s.arrivals.profile.forEach((step, i) => {
    // A rate in (0, 0.001) would make the gaps overflow: refused, as for arrivals.rate (docs/reference/validation.md).
    const rateOk = isNumber(step.rate) && (step.rate === 0 || step.rate >= 0.001);
    holds(isNumber(step.until) && step.until > 0 && rateOk, `profile[${i}] in range`);
    const previous = s.arrivals.profile[i - 1];
    holds(previous === undefined || step.until > previous.until, `profile[${i}].until increases`);
  });
  checkClient(s);
  for (const [i, incident] of s.incidents.entries()) {
    holds(isNumber(incident.at) && incident.at >= 0 && isNumber(incident.for) && incident.for > 0, `incidents[${i}]`);
    const { latencyFactor, errorRate, requestLoss, replyLoss } = incident;
    holds(latencyFactor === undefined || (isNumber(latencyFactor) && latencyFactor > 0), `incidents[${i}] factor`);
    for (const p of [errorRate, requestLoss, replyLoss])
      holds(p === undefined || inUnit(p), `incidents[${i}] in [0, 1]`);
    const named = [latencyFactor, errorRate, requestLoss, replyLoss].filter((x) => x !== undefined);
    holds(named.length > 0, `incidents[${i}] names an effect`);
  }
}

const PRESETS: readonly string[] = ['none', ...PRESET_NAMES];
const nonNegative = (x: unknown): boolean => isNumber(x) && x >= 0;

const LAYER_PRESET_NAMES: readonly string[] = ['none', 'langgraph', 'vercel-ai', 'temporal', 'openai', 'anthropic'];
const offOrPositive = (x: unknown): boolean => x === 'none' || (isNumber(x) && x > 0);

/** MODEL.md E: at most five layers, each a retry loop's preset, retries in 0..100, a backoff, timeout and deadline off or > 0. */
function checkLayers(s: Scenario): void {
  const { layers } = s.client;
  holds(Array.isArray(layers) && layers.length <= 5, 'client.layers: at most 5');
  layers.forEach((layer, i) => {
    holds(LAYER_PRESET_NAMES.includes(layer.preset), `layers[${i}].preset is a retry loop or none`);
    holds(isCount(layer.retries) && layer.retries <= 100, `layers[${i}].retries in 0..100`);
    const { base, multiplier, max, floor, jitter } = layer.backoff;
    holds([base, multiplier, max, floor].every(nonNegative), `layers[${i}].backoff members >= 0`);
    holds(jitterOk(jitter), `layers[${i}].backoff.jitter`);
    holds(
      offOrPositive(layer.timeout) && offOrPositive(layer.deadline),
      `layers[${i}]: timeout and deadline > 0 or none`,
    );
    holds(typeof layer.newCall === 'boolean', `layers[${i}].newCall is a boolean`);
  });
}

/** MODEL.md D, real clients: a preset by name; a throttle, budget and hedge off or in range; hedging without retries. */
function checkClient(s: Scenario): void {
  checkLayers(s);
  const { preset, throttle, budget, hedge, retries } = s.client;
  holds(PRESETS.includes(preset), `client.preset is one of ${PRESETS}`);
  if (throttle !== 'none') {
    const { capacity, retryCost, timeoutCost, successRefill } = throttle;
    holds([capacity, retryCost, timeoutCost, successRefill].every(nonNegative), 'throttle members >= 0');
  }
  if (budget !== 'none') {
    holds(nonNegative(budget.percent) && budget.percent <= 100, 'budget.percent in [0, 100]');
    holds(isCount(budget.minConcurrency), 'budget.minConcurrency a whole number >= 0');
  }
  if (hedge !== 'none') {
    holds(nonNegative(hedge.after), 'hedge.after >= 0');
    holds(isCount(hedge.max) && hedge.max >= 1 && hedge.max <= 100, 'hedge.max in 1..100');
    holds(retries === 0, 'a hedge comes with retries: 0');
  }
}

/** Every issue is one line, with a stable code, at a place inside the text or the --set it names. */
export function checkIssues(issues: readonly Issue[], c: Case): void {
  holds(issues.length > 0, 'a failed load reports at least one issue');
  const lines = c.text.split('\n');
  for (const issue of issues) {
    const where = formatIssue(issue);
    holds(Number.isInteger(issue.line) && issue.line >= 1, `line >= 1: ${where}`);
    holds(Number.isInteger(issue.col) && issue.col >= 1, `col >= 1: ${where}`);
    holds(/^[a-z]+(-[a-z]+)*$/.test(issue.code), `stable code: ${issue.code}`);
    holds(issue.message.trim() !== '' && !/[\r\n]/.test(where), `one non-empty line: ${where}`);
    if (issue.file === FILE) {
      const line = lines[issue.line - 1];
      holds(line !== undefined && issue.col <= line.length + 1, `inside the text: ${where}`);
    } else {
      const set = c.sets.find((arg) => issue.file === setFile(arg));
      holds(set !== undefined, `the issue's file is the scenario or a --set: ${where}`);
      holds(issue.line === 1 && issue.col <= (set ?? '').length + 1, `inside the --set: ${where}`);
    }
  }
}

/**
 * Simulation time grows with the counts when every attempt fails (retries 1e9 and a lost
 * network make 1e9 attempts per call), so the run is capped; memory does not grow with
 * them (test/scenario/limits.test.ts runs the uncapped counts).
 */
export function smallRun(s: Scenario): Scenario {
  const t = structuredClone(s);
  t.actions = Math.min(t.actions, 300);
  t.client.retries = Math.min(t.client.retries, 6);
  if (t.client.hedge !== 'none') t.client.hedge = { ...t.client.hedge, max: Math.min(t.client.hedge.max, 6) };
  t.agent.replan.max = Math.min(t.agent.replan.max, 3);
  t.agent.crash.max = Math.min(t.agent.crash.max, 3);
  if (t.client.layers.length > 0) {
    // Retry layers multiply a call's attempts (MODEL.md E): every factor at most 2 keeps an
    // action under the simulator's limit of attempts (4 calls x 2 x 2^5 = 256).
    t.client.retries = Math.min(t.client.retries, 1);
    if (t.client.hedge !== 'none') t.client.hedge = { ...t.client.hedge, max: 1 };
    t.client.layers = t.client.layers.map((layer) => ({ ...layer, retries: Math.min(layer.retries, 1) }));
    t.agent.replan.max = Math.min(t.agent.replan.max, 1);
    t.agent.crash.max = Math.min(t.agent.crash.max, 1);
  }
  return t;
}

/** The conservation identities of MODEL.md's metrics. */
export function checkConservation(m: Metrics, s: Scenario): void {
  holds(m.actions === s.actions, 'every action is counted');
  // MODEL.md A: an execution that crashed before its effect ran but committed nothing.
  const { total, beforeEffect, afterEffect } = m.serverCrashes;
  holds(beforeEffect + afterEffect === total, 'server crashes: before + after effect = total');
  // MODEL.md F: an execution that failed before its effect committed nothing either; no
  // metric counts those alone, so with failures on the identity bounds executions.
  const committing = m.actions - m.lostActions + m.duplicates + beforeEffect;
  if (s.service.failure.probability === 0) {
    holds(m.executions === committing, 'executions = actions - lost + duplicates + crashes before the effect');
  } else {
    holds(m.executions >= committing, 'executions >= actions - lost + duplicates + crashes before the effect');
  }
  const { transport, replan, replay } = m.duplicatesBySource;
  holds(transport + replan + replay === m.duplicates, 'duplicates by source sum to duplicates');
  const r = m.responses;
  const answered = r.ok + r.conflict + r.mismatch + r.rejected + r.serverError + r.timeout.total;
  holds(answered === m.attempts, 'responses sum to attempts');
  holds(s.service.failure.probability > 0 || r.serverError === 0, 'no 500 without failing executions');
  const t = r.timeout;
  holds(t.slow + t.replyLost + t.requestLost + t.serverCrash === t.total, 'timeouts sum');
  holds(r.replayed <= r.ok, 'stored replies are ok replies');
}

export interface Outcome {
  loaded: boolean;
  simulated: boolean;
}

/** Runs every check on one case; throws (a Violation, or whatever escaped) when one fails. */
export function checkCase(c: Case): Outcome {
  const outcome = loadScenario(c.text, FILE, c.sets);
  // Fields each in range can together make a run, or its median service time, longer than
  // idemsim measures (time-span.ts): such a document must be refused for that, and only that.
  if (c.expected !== undefined && timeBeyondLimit(c.expected) !== undefined) {
    if (outcome.ok || outcome.issues.some((issue) => issue.code !== 'run-too-long')) {
      throw new Violation('a run past 2^44 ms was not refused as run-too-long, alone');
    }
    return { loaded: false, simulated: false };
  }
  if (c.expected !== undefined) {
    if (!outcome.ok)
      throw new Violation(`a valid document was refused: ${outcome.issues.map(formatIssue).join(' | ')}`);
    deepStrictEqual(outcome.scenario, c.expected);
  }
  if (!outcome.ok) {
    checkIssues(outcome.issues, c);
    return { loaded: false, simulated: false };
  }
  checkRanges(outcome.scenario);
  // The memory estimate a run is refused by (--max-memory) is a finite number for every scenario.
  const estimate = estimateMemory(outcome.scenario).bytes;
  holds(Number.isFinite(estimate) && estimate > 0, `a finite memory estimate, found ${estimate}`);
  const scenario = smallRun(outcome.scenario);
  const { metrics, intervals } = simulate(scenario);
  checkConservation(metrics, scenario);
  checkFinite(metrics, 'metrics', intervals);
  return { loaded: true, simulated: true };
}

/**
 * No accepted scenario yields a non-finite number: every metric is a finite number, but for
 * a quantile past the latency histogram's 2^44 ms (a queue behind a slow service), which is
 * open-ended: Infinity, its interval from at most 2^44 ms to Infinity (stats/histogram.ts).
 */
function checkFinite(value: unknown, path: string, intervals: Intervals): void {
  if (typeof value === 'number') {
    const name = path.replace(/^metrics\./, '');
    if (value === Infinity && /\.p\d+$/.test(name)) {
      const interval = intervals[name];
      holds(
        interval !== undefined && interval.low <= HISTOGRAM_LIMIT_MS && interval.high === Infinity,
        `${path} is open-ended, its interval from at most 2^44 ms to Infinity, found ${JSON.stringify(interval)}`,
      );
    } else holds(Number.isFinite(value), `${path} is finite, found ${value}`);
  } else if (Array.isArray(value)) value.forEach((item, i) => checkFinite(item, `${path}[${i}]`, intervals));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) checkFinite(item, `${path}.${key}`, intervals);
  }
}
