// Handler profiles (MODEL.md F): what a real idempotency library does with a claim, a
// mismatch, an error result and a running record, each value from that library's own code
// at a named version (run against a real Redis: docs/reference/handlers-research.md gives
// the file, line and run of every value). A profile fills the keys fields the scenario
// does not set; any field the scenario sets wins. A value that is the user's own setting
// rather than the library's (Powertools' lease is the Lambda's remaining time) is named in
// `requires`, with the platform's default filled in.
import type { Claim, KeyErrors } from '../model/scenario.js';
import type { HandlerName } from '../model/handlers.js';

export interface HandlerProfile {
  /** Package and version the values were read and run at. */
  source: string;
  keys: {
    claim?: Claim;
    mismatchStatus?: number;
    fingerprintWhileRunning?: boolean;
    errors?: KeyErrors;
    lease?: number | 'none';
    fingerprint?: boolean;
  };
  requires?: readonly string[];
  /** `run`: measured by running the package against a real Redis; else why it is documentation only. */
  checked: 'run' | { docs: string };
}

export const HANDLERS: Readonly<Record<HandlerName, HandlerProfile>> = {
  // The article's handler: an atomic claim, 409 while running, 422 on another fingerprint,
  // every result stored, no lease.
  reference: {
    source: 'idemsim (the article)',
    keys: { claim: 'atomic', mismatchStatus: 422, errors: 'store', lease: 'none', fingerprint: true },
    checked: { docs: "the article's handler, which idemsim's key store is" },
  },
  powertools: {
    source: '@aws-lambda-powertools/idempotency 2.35.0, CachePersistenceLayer on @redis/client',
    // SET NX EX: atomic. No payload validation unless configured: a different payload gets
    // the first result. A thrown error deletes the record. The in-progress record expires
    // with the Lambda's remaining time.
    // The lease is the invocation's remaining time: at most the function's timeout, whose
    // Lambda default is 3 s (docs.aws.amazon.com/lambda/latest/dg/configuration-timeout.html).
    keys: { claim: 'atomic', errors: 'delete', fingerprint: false, lease: 3000 },
    requires: ['keys.lease'],
    checked: 'run',
  },
  'node-idempotency': {
    source: '@node-idempotency/core 1.0.11 with @node-idempotency/storage-adapter-redis',
    // SET NX PX: atomic; 409 (Retry-After: 1) while in progress; 422 on another body hash;
    // every status stored and replayed; the in-progress record holds its whole TTL. The
    // record's state is looked at before its fingerprint: a running key answers 409 to any payload.
    keys: {
      claim: 'atomic',
      mismatchStatus: 422,
      errors: 'store',
      lease: 'none',
      fingerprint: true,
      fingerprintWhileRunning: false,
    },
    checked: 'run',
  },
  'express-idempotency': {
    source: 'express-idempotency 1.0.6 with express-idempotency-redis-adapter 1.0.8',
    // GET, then a plain SET: read-then-write (two simultaneous requests both execute); 417
    // on another request; only 2xx stored, any other status deletes the record; no lease.
    keys: { claim: 'read-then-write', mismatchStatus: 417, errors: 'delete', lease: 'none', fingerprint: true },
    checked: 'run',
  },
  stripe: {
    source: 'Stripe API (documented: docs.stripe.com/idempotency)',
    // Atomic; 409 for a concurrent request; another request with the key: an
    // idempotency_error (400); results stored once execution began, 500s included.
    keys: { claim: 'atomic', mismatchStatus: 400, errors: 'store', lease: 'none', fingerprint: true },
    checked: { docs: 'a hosted API: its behaviour is documented, not run' },
  },
};

/** The fields a profile fills, as (dotted path, value), `keys.handler` first. */
export function handlerValues(name: HandlerName): [string, unknown][] {
  const keys = HANDLERS[name].keys;
  const values: [string, unknown][] = [['keys.handler', name]];
  for (const field of [
    'claim',
    'fingerprint',
    'errors',
    'mismatchStatus',
    'fingerprintWhileRunning',
    'lease',
  ] as const) {
    const value = keys[field];
    if (value !== undefined) values.push([`keys.${field}`, value]);
  }
  return values;
}
