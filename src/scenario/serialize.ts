// Scenario -> YAML text in the file's own forms (`1s`, `36MB`, `{ min: 2s, max: 2m }`) that
// loadScenario reads back to an equal Scenario: every number is written exactly.
import type { ScalarTag } from 'yaml';
import { metricInfo } from '../model/metrics.js';
import { FIELDS, type Field, valueAt } from '../model/fields.js';
import { INCIDENT_EFFECTS } from '../model/field-members.js';
import { isOmitted } from './omitted.js';
import { yaml } from './yaml-lib.js';
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
import { durationLiteral, sizeLiteral } from './units.js';

function writtenBound(metric: string, bound: Bound): Record<string, unknown> {
  const unit = metricInfo(metric)?.unit;
  const write = (n: number): unknown => (unit === 'ms' ? durationLiteral(n) : unit === 'bytes' ? sizeLiteral(n) : n);
  const out: Record<string, unknown> = {};
  if (bound.min !== undefined) out.min = write(bound.min);
  if (bound.max !== undefined) out.max = write(bound.max);
  return out;
}

/** An incident's members in the table's order: the window in its units, then each effect named. */
function writtenIncident(incident: Incident): Record<string, unknown> {
  const out: Record<string, unknown> = { at: durationLiteral(incident.at), for: durationLiteral(incident.for) };
  const effects = incident as unknown as Record<string, number | undefined>;
  for (const key of INCIDENT_EFFECTS) if (effects[key] !== undefined) out[key] = effects[key];
  return out;
}

/** A retry layer as a file writes it: durations with units, `preset` only when there is one. */
function writtenLayer(layer: Layer): Record<string, unknown> {
  const { base, multiplier, max, jitter, floor } = layer.backoff;
  return {
    ...(layer.preset === 'none' ? {} : { preset: layer.preset }),
    retries: layer.retries,
    retryConflicts: layer.retryConflicts,
    backoff: {
      base: durationLiteral(base),
      multiplier,
      max: durationLiteral(max),
      jitter: writtenJitter(jitter),
      floor: durationLiteral(floor),
    },
    timeout: layer.timeout === 'none' ? 'none' : durationLiteral(layer.timeout),
    deadline: layer.deadline === 'none' ? 'none' : durationLiteral(layer.deadline),
    newCall: layer.newCall,
  };
}

/** A jitter as a file writes it: an additive pair's durations with their unit. */
function writtenJitter(jitter: JitterSpec): unknown {
  return isAdditive(jitter) ? { additive: jitter.additive.map(durationLiteral) } : jitter;
}

function writtenMembers(field: Field, value: Record<string, number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(field.members ?? {})) {
    const n = value[key];
    if (n !== undefined) out[key] = member.kind === 'duration' ? durationLiteral(n) : n;
  }
  return out;
}

/**
 * One value as YAML on one line: scalars quoted only when needed, maps in flow style. The
 * starter file's values and the scenario reference's defaults are written this way.
 */
export function inlineYaml(value: unknown): string {
  const { Document, isMap } = yaml();
  const doc = new Document(value);
  if (isMap(doc.contents)) doc.contents.flow = true;
  return doc.toString({ lineWidth: 0 }).trimEnd();
}

/** A field's normalized value as it would be written in a scenario file. */
export function written(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'duration':
      return durationLiteral(value as number);
    case 'size':
      return sizeLiteral(value as number);
    case 'duration-or-none':
      return value === 'none' ? value : durationLiteral(value as number);
    case 'range-of-durations': {
      const range = value as Range;
      return { min: durationLiteral(range.min), max: durationLiteral(range.max) };
    }
    case 'latency': {
      const { median, sigma } = value as { median: number; sigma: number };
      return { median: durationLiteral(median), sigma };
    }
    case 'map-or-none':
      return value === 'none' ? value : writtenMembers(field, value as Record<string, number>);
    case 'profile':
      return (value as ProfileStep[]).map((step) => ({ until: durationLiteral(step.until), rate: step.rate }));
    case 'incidents':
      return (value as Incident[]).map(writtenIncident);
    case 'jitter':
      return writtenJitter(value as JitterSpec);
    case 'layers':
      return (value as Layer[]).map(writtenLayer);
    case 'expect':
      return Object.fromEntries(
        Object.entries(value as Record<string, Bound>).map(([metric, bound]) => [metric, writtenBound(metric, bound)]),
      );
    case 'sweep':
      return value === undefined ? null : writtenSweep(value as SweepSpec);
    default:
      return value;
  }
}

/** Fields written as one-line flow maps, as MODEL.md writes them; list items too (`- { until: 30m, rate: 50 }`). */
const FLOW_KINDS = new Set(['range-of-durations', 'latency', 'map-or-none']);
const FLOW_GROUPS = [['client', 'backoff']];

/** A jitter's `[lo, hi]`, written as MODEL.md writes it: yaml would pad a flow list (`[ 0.75, 1 ]`). */
class Pair {
  constructor(readonly items: readonly (number | string)[]) {}
}
const PAIR: ScalarTag = {
  tag: '!idemsim-pair',
  // A default tag is not written: the text is a plain flow list, read back as one.
  default: true,
  identify: (value) => value instanceof Pair,
  resolve: (text) => text,
  stringify: ({ value }) => `[${(value as Pair).items.map(String).join(', ')}]`,
};
/** `{ proportional: [0.75, 1] }`, `{ additive: [0ms, 1s] }`: the pair on one line, durations with units. */
const yamlJitter = (jitter: JitterSpec): unknown => {
  if (isProportional(jitter)) return { proportional: new Pair(jitter.proportional) };
  return isAdditive(jitter) ? { additive: new Pair(jitter.additive.map(durationLiteral)) } : jitter;
};

export function scenarioToYaml(scenario: Scenario): string {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) {
    // No block, no key: a scenario without a sweep writes exactly what it wrote before.
    if (field.kind === 'sweep' && scenario.sweep === undefined) continue;
    // An off field is left out, as the canonical copy leaves it out of JSON.
    if (isOmitted(field, scenario)) continue;
    const keys = field.path.split('.');
    const last = keys.pop() as string;
    let node = out;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    const value = valueAt(scenario, field.path);
    node[last] = field.kind === 'jitter' ? yamlJitter(value as JitterSpec) : written(field, value);
    if (field.kind === 'layers') {
      // From the scenario's own layers: the written ones carry an additive pair as text already.
      (node[last] as { backoff: { jitter: unknown } }[]).forEach((layer, i) => {
        layer.backoff.jitter = yamlJitter(((value as Layer[])[i] as Layer).backoff.jitter);
      });
    }
  }
  const { Document, isMap, isSeq } = yaml();
  const doc = new Document(out, { customTags: [PAIR] });
  const flow = (path: readonly (string | number)[]): void => {
    const node = doc.getIn(path, true);
    if (isMap(node) || isSeq(node)) node.flow = true;
  };
  for (const field of FIELDS) {
    if (FLOW_KINDS.has(field.kind)) flow(field.path.split('.'));
    const items = field.items === undefined ? [] : (valueAt(scenario, field.path) as unknown[]);
    items.forEach((_, i) => flow([...field.path.split('.'), i]));
  }
  FLOW_GROUPS.forEach(flow);
  scenario.client.layers.forEach((_, i) => flow(['client', 'layers', i, 'backoff']));
  for (const metric of Object.keys(scenario.expect)) flow(['expect', metric]);
  if (scenario.sweep !== undefined) {
    for (const { path } of scenario.sweep.vary) flow(['sweep', 'vary', path]);
    flow(['sweep', 'metrics']);
  }
  return doc.toString({ lineWidth: 0 });
}

/** The block as a file writes it: a range as its text, a list as a YAML list. */
export function writtenSweep(sweep: SweepSpec): Record<string, unknown> {
  const vary: Record<string, unknown> = {};
  for (const { path, spec } of sweep.vary) {
    vary[path] = /\.\./.test(spec) ? spec : spec.split(',').map((item) => plain(item.trim()));
  }
  return { vary, metrics: [...sweep.metrics] };
}

/** A list item as YAML would read it back to the same text: numbers and booleans bare, words as strings. */
function plain(text: string): string | number | boolean {
  if (text === 'true' || text === 'false') return text === 'true';
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && String(n) === text ? n : text;
}
