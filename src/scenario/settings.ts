// A scenario as a person reads it in a report: every field of the field table in its
// order, its value in units (model/format.ts's prose), its group and its doc; and which
// fields took the built-in default because neither the file nor a --set wrote them.
import { PROSE, formatBytes, formatCount, proseDuration as roundedDuration } from '../format/format.js';
import { durationLiteral } from './units.js';
import { metricInfo } from '../model/metrics.js';
import {
  type Bound,
  type Incident,
  type JitterSpec,
  type Layer,
  type ProfileStep,
  type Range,
  type Scenario,
  type SweepSpec,
  isAdditive,
  isProportional,
} from '../model/scenario.js';
import { usesOptionalMetrics } from '../model/features.js';
import { FIELDS, GROUPS, type Field, valueAt } from '../model/fields.js';
import { isOmitted } from './omitted.js';

export interface Setting {
  /** The field's path, as a file or `--set` writes it: `client.backoff.base`. */
  path: string;
  /** The top-level group it is in (`client`), '' for a top-level field (`seed`). */
  group: string;
  /** What the group is, '' for the top level. */
  groupDoc: string;
  /** The value with its unit: `2 s`, `36 MB`, `2%`, `median 300 ms, sigma 0.6`. */
  value: string;
  doc: string;
}

/** Shown above every setting: the report's heading and description say them already. */
const HEADING_FIELDS = new Set(['name', 'description']);

/**
 * The settings in field-table order; an off optional field is left out (unless `everyField`:
 * a report beside scenarios that carry optional metrics), so that a scenario using none of
 * them is reported exactly as before they existed.
 */
export function scenarioSettings(scenario: Scenario, everyField = false): Setting[] {
  const shownFields = FIELDS.filter(
    (field) => !HEADING_FIELDS.has(field.path) && (everyField || !isOmitted(field, scenario)),
  );
  return shownFields.map((field) => {
    const group = field.path.includes('.') ? (field.path.split('.')[0] as string) : '';
    return {
      path: field.path,
      group,
      groupDoc: group === '' ? '' : (GROUPS[group] ?? ''),
      value: shown(field, valueAt(scenario, field.path)),
      doc: field.doc,
    };
  });
}

/**
 * The fields that took the built-in default: not written in the file or by a --set
 * (`given`, from the loader), and still at the default's value (a sized run's actions are not).
 */
export function defaultFields(scenario: Scenario, given: readonly string[]): string[] {
  const written = new Set(given);
  // An off field is shown (and so listed) only beside a scenario that carries optional
  // metrics; any other scenario's list stays as it was before the optional fields existed.
  const everyField = usesOptionalMetrics(scenario);
  return FIELDS.filter((field) => {
    const value = valueAt(scenario, field.path);
    return !written.has(field.path) && same(value, field.default) && (everyField || !isOmitted(field, scenario));
  }).map((field) => field.path);
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

const PROSE_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A field's duration as a reader says it ("5 min", "1.5 s"), or, where that would round
 * (80 s is not "1.333 min"), exactly as a file writes it, spaced: "80 s".
 */
function proseDuration(ms: number): string {
  const prose = roundedDuration(ms);
  const match = /^([\d.,]+) (\w+)$/.exec(prose);
  const factor = match === null ? undefined : PROSE_UNITS[match[2] as string];
  if (match !== null && factor !== undefined && Number((match[1] as string).replace(/,/g, '')) * factor === ms)
    return prose;
  const literal = durationLiteral(ms);
  const parts = /^([\d.]+)([a-z]+)$/.exec(literal);
  return parts === null ? prose : `${parts[1]} ${parts[2] === 'm' ? 'min' : parts[2]}`;
}

/** A number as short as it is exact enough to read: 0.6, 2, 1.5. */
const plain = (n: number): string => String(Number(n.toPrecision(6)));

/** A probability as a percentage: 0.02 -> `2%`, 0.0005 -> `0.05%`. */
const percent = (p: number): string => `${plain(p * 100)}%`;

function shown(field: Field, value: unknown): string {
  switch (field.kind) {
    case 'duration':
      return proseDuration(value as number);
    case 'size':
      return formatBytes(value as number, PROSE);
    case 'probability':
      return percent(value as number);
    case 'integer':
      return formatCount(value as number);
    case 'number':
      return plain(value as number);
    case 'concurrency-or-unlimited':
      return value === 'unlimited' ? 'unlimited' : formatCount(value as number);
    case 'duration-or-none':
      return value === 'none' ? 'none' : proseDuration(value as number);
    case 'latency': {
      const { median, sigma } = value as { median: number; sigma: number };
      return `median ${proseDuration(median)}, sigma ${plain(sigma)}`;
    }
    case 'range-of-durations': {
      const { min, max } = value as Range;
      return `${proseDuration(min)} to ${proseDuration(max)}`;
    }
    case 'jitter':
      return jitterText(value as JitterSpec) ?? String(value);
    case 'map-or-none':
      return value === 'none' ? 'none' : clientMapText(field.path, value as Record<string, number>);
    case 'profile':
      return profileText(value as ProfileStep[]);
    case 'incidents':
      return (value as Incident[]).map(incidentText).join('; ') || 'none';
    case 'layers':
      return (value as Layer[]).map(layerText).join('; then ') || 'none';
    case 'expect':
      return expectText(value as Record<string, Bound>);
    case 'sweep':
      return value === undefined ? 'none' : sweepText(value as SweepSpec);
    default:
      return String(value);
  }
}

/** `d × U(0.75, 1)`: the capped delay times a uniform draw; `d + U(0 ms, 1 s)`: plus one. undefined: a word. */
function jitterText(jitter: JitterSpec): string | undefined {
  if (isProportional(jitter)) return `d × U(${plain(jitter.proportional[0])}, ${plain(jitter.proportional[1])})`;
  if (isAdditive(jitter)) return `d + U(${proseDuration(jitter.additive[0])}, ${proseDuration(jitter.additive[1])})`;
  return undefined;
}

/**
 * `500 tokens; a retry costs 5, 10 after a timeout; +1 per success`, `20% of attempts in
 * flight, at least 3`, `after 500 ms, up to 2 more`.
 */
function clientMapText(path: string, m: Record<string, number>): string {
  const n = (key: string): string => plain(m[key] ?? Number.NaN);
  switch (path) {
    case 'client.throttle':
      return `${n('capacity')} tokens; a retry costs ${n('retryCost')}, ${n('timeoutCost')} after a timeout; +${n('successRefill')} per success`;
    case 'client.budget':
      return `${n('percent')}% of attempts in flight, at least ${n('minConcurrency')}`;
    case 'client.hedge':
      return `after ${proseDuration(m.after ?? Number.NaN)}, up to ${n('max')} more`;
    default:
      return Object.entries(m)
        .map(([key, value]) => `${key} ${plain(value)}`)
        .join(', ');
  }
}

/** `langgraph: 2 retries after 500 ms doubling to 2 min 8 s, d × U(1, 2); no timeout`, innermost first. */
function layerText(layer: Layer): string {
  const { base, multiplier, max, jitter, floor } = layer.backoff;
  const name = layer.preset === 'none' ? 'a loop' : layer.preset;
  const jitterShown = jitterText(jitter) ?? (jitter === 'none' ? 'no jitter' : `${jitter} jitter`);
  const parts = [
    `${name}: ${plain(layer.retries)} ${layer.retries === 1 ? 'retry' : 'retries'} after ${proseDuration(base)} x${plain(multiplier)} up to ${proseDuration(max)}, ${jitterShown}`,
  ];
  if (floor > 0) parts.push(`at least ${proseDuration(floor)}`);
  if (!layer.retryConflicts) parts.push('a 409 not retried');
  parts.push(layer.timeout === 'none' ? 'no timeout' : `timeout ${proseDuration(layer.timeout)}`);
  if (layer.deadline !== 'none') parts.push(`deadline ${proseDuration(layer.deadline)}`);
  if (layer.newCall) parts.push('a new call id per attempt');
  return parts.join(', ');
}

/** `50/s until 30 min, 150/s until 40 min, then the base rate` */
function profileText(profile: readonly ProfileStep[]): string {
  const steps = profile.map((step) => `${plain(step.rate)}/s until ${proseDuration(step.until)}`);
  return steps.length === 0 ? 'none' : `${steps.join(', ')}, then the base rate`;
}

/** `10 min for 5 min: latency x4, errors 20%, request loss 5%, reply loss 10%` */
function incidentText(incident: Incident): string {
  const effects = [
    ...(incident.latencyFactor === undefined ? [] : [`latency x${plain(incident.latencyFactor)}`]),
    ...(incident.errorRate === undefined ? [] : [`errors ${percent(incident.errorRate)}`]),
    ...(incident.requestLoss === undefined ? [] : [`request loss ${percent(incident.requestLoss)}`]),
    ...(incident.replyLoss === undefined ? [] : [`reply loss ${percent(incident.replyLoss)}`]),
  ];
  return `${proseDuration(incident.at)} for ${proseDuration(incident.for)}: ${effects.join(', ')}`;
}

/** `duplicatesPerThousand <= 1; latency.call.p95 <= 5 s`, each limit in its metric's unit. */
function expectText(expect: Record<string, Bound>): string {
  const bounds = Object.entries(expect).flatMap(([metric, bound]) => {
    const unit = metricInfo(metric)?.unit;
    const limit = (n: number): string =>
      unit === 'ms' ? proseDuration(n) : unit === 'bytes' ? formatBytes(n, PROSE) : plain(n);
    return [
      ...(bound.min === undefined ? [] : [`${metric} >= ${limit(bound.min)}`]),
      ...(bound.max === undefined ? [] : [`${metric} <= ${limit(bound.max)}`]),
    ];
  });
  return bounds.length === 0 ? 'none' : bounds.join('; ');
}

/** `client.timeout=400ms..3s:200ms; metrics duplicatesPerThousand, lostPerThousand` */
function sweepText(sweep: SweepSpec): string {
  return [...sweep.vary.map(({ path, spec }) => `${path}=${spec}`), `metrics ${sweep.metrics.join(', ')}`].join('; ');
}
