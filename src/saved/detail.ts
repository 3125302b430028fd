// A run's detail as summary.json holds it (traces, key-store timeline, latency quantiles),
// checked and copied in canonical order. Members that only scenarios using the extended features produce (a
// crash, a takeover, the agent's checks) are optional: absent, they are left out, so a
// summary of a scenario without them reads and writes back byte for byte.
import {
  AttemptOutcome,
  CallOrigin,
  type KeyStorePoint,
  type QuantilePoint,
  type RunDetail,
  type TracedAction,
  type TracedAttempt,
  type TracedCheck,
} from '../model/result.js';
import { bool, count, finite, list, nullable, oneOf, optional, record } from './shape.js';

const readAttempt = record<TracedAttempt>({
  call: count,
  origin: oneOf(CallOrigin),
  segment: count,
  attempt: count,
  sent: finite,
  end: finite,
  outcome: oneOf(AttemptOutcome),
  stored: bool,
  commit: nullable(finite),
  duplicate: bool,
  crash: optional(record<{ at: number; afterEffect: boolean }>({ at: finite, afterEffect: bool })),
  takeover: optional(bool),
  deleted: optional(finite),
  hedge: optional(bool),
  layer: optional(count),
  refused: optional(oneOf({ budget: 'budget', throttle: 'throttle' })),
});

const readCheck = record<TracedCheck>({ at: finite, end: finite, found: bool });

const readAction = record<TracedAction>({
  action: count,
  arrival: finite,
  commits: count,
  attempts: list(readAttempt),
  checks: optional(list(readCheck)),
});

const readPoints = list(record<QuantilePoint>({ p: finite, ms: finite }));

export const readDetail = record<RunDetail>({
  // `run --timeline-actions` traces at most 1,000 actions.
  trace: list(readAction, 1000),
  keyStore: list(record<KeyStorePoint>({ t: finite, keys: count })),
  latency: record<RunDetail['latency']>({ call: readPoints, step: readPoints }),
});
