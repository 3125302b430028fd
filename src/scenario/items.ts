// The members of an item of the two list fields (MODEL.md part two, B): a step of
// `arrivals.profile` and an incident. The field table points at them; the list reader,
// the JSON Schema, the YAML writer and the reference read them from here.
import type { Bounds, Member } from './fields.js';
import { MIN_RATE } from './limits.js';

const positive: Bounds = { min: 0, minExclusive: true };
const nonNegative: Bounds = { min: 0 };
const unit: Bounds = { min: 0, max: 1 };

/** `{ until, rate }`: the rate (actions/s) until `until` (from time 0). */
export const PROFILE_STEP: Readonly<Record<string, Member>> = {
  until: {
    kind: 'duration',
    bounds: positive,
    doc: 'end of the step, from time 0 (duration)',
    required: true,
    example: '30m',
  },
  rate: {
    kind: 'number',
    bounds: { min: MIN_RATE, orZero: true },
    doc: 'actions per second until then',
    required: true,
    example: '50',
  },
};

/** `{ at, for }` and at least one effect, each replacing the base value inside [at, at + for). */
export const INCIDENT: Readonly<Record<string, Member>> = {
  at: {
    kind: 'duration',
    bounds: nonNegative,
    doc: 'start of the window, from time 0 (duration)',
    required: true,
    example: '10m',
  },
  for: { kind: 'duration', bounds: positive, doc: 'length of the window (duration)', required: true, example: '5m' },
  latencyFactor: {
    kind: 'number',
    bounds: positive,
    doc: 'service time multiplied, for executions starting in the window',
    example: '4',
  },
  errorRate: {
    kind: 'probability',
    bounds: unit,
    doc: 'replaces service.errorRate for attempts sent in the window',
    example: '0.2',
  },
  requestLoss: {
    kind: 'probability',
    bounds: unit,
    doc: 'replaces network.requestLoss for attempts sent in the window',
    example: '0.05',
  },
  replyLoss: {
    kind: 'probability',
    bounds: unit,
    doc: 'replaces network.replyLoss for replies leaving in the window',
    example: '0.1',
  },
};

/** The members of an incident that change something: it must name one at least. */
export const INCIDENT_EFFECTS: readonly string[] = Object.keys(INCIDENT).filter(
  (key) => INCIDENT[key]?.required !== true,
);

/** The members an item must name, in table order. */
export function requiredOf(items: Readonly<Record<string, Member>>): string[] {
  return Object.entries(items)
    .filter(([, member]) => member.required === true)
    .map(([name]) => name);
}
