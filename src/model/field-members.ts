// The members of the field table's maps and list items: a step of `arrivals.profile`, an
// incident, and the client's retry throttle, retry budget and hedging, each member with its
// bounds, doc and (for a map) the default a missing member takes from the mechanism's own
// documentation. The loader, the JSON Schema, the YAML writer and the reference read them here.
import type { Bounds, Member } from './field-types.js';
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

const tokens = (doc: string, fallback: number): Member => ({
  kind: 'number',
  bounds: { min: 0 },
  doc,
  default: fallback,
});

/**
 * The AWS SDK's standard retry quota (botocore retries/quota.py and standard.py): 500 tokens,
 * a retry takes 5 (10 after a timeout), a success without a retry puts 1 back. Fractions are
 * allowed: gRPC's retry throttling counts in tenths of a token.
 */
export const THROTTLE: Readonly<Record<string, Member>> = {
  capacity: tokens('tokens the bucket holds, and starts with', 500),
  retryCost: tokens('tokens a retry takes after a 503 or a 409', 5),
  timeoutCost: tokens('tokens a retry takes after a timeout (a server crash included)', 10),
  successRefill: tokens('tokens a call that succeeds without a retry puts back', 1),
};

/** Envoy's retry_budget: 20% of the requests in flight, at least 3 retries at once. */
export const BUDGET: Readonly<Record<string, Member>> = {
  percent: {
    kind: 'number',
    bounds: { min: 0, max: 100 },
    doc: 'retries at once, as a percentage of the attempts in flight (no % sign)',
    default: 20,
    hint: 'a number from 0 to 100 such as 20 (a percentage, written without the % sign)',
  },
  minConcurrency: {
    kind: 'integer',
    bounds: { min: 0 },
    doc: 'retries allowed at once whatever the percentage gives',
    default: 3,
  },
};

/** gRPC's hedging policy: `after` is its hedgingDelay and has no default; `max` hedges after the first attempt. */
export const HEDGE: Readonly<Record<string, Member>> = {
  after: {
    kind: 'duration',
    bounds: { min: 0 },
    doc: 'delay between one hedged attempt and the next (duration)',
    required: true,
    example: '500ms',
  },
  max: {
    kind: 'integer',
    bounds: { min: 1, max: 100 },
    doc: 'hedged attempts after the first',
    default: 1,
  },
};
