// The members of the client's part-two maps (MODEL.md part two, D): the retry throttle, the
// retry budget and hedging, each with the default a missing member takes, from the
// mechanism's own documentation. The field table points at them; the map reader, the JSON
// Schema, the YAML writer and the reference read them from here.
import type { Member } from './field-types.js';

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
