// The builders of the field table's rows (fields.ts): a row of each kind with its default
// read from defaultScenario(), the common bounds, and the optional metric groups a row
// carries while it is on.
import { defaultScenario } from './scenario.js';
import type { MetricGroup } from './metric-types.js';
import { type Bounds, type Field, type FieldKind, valueAt } from './field-types.js';

export const DEFAULTS = defaultScenario();
export const positive: Bounds = { min: 0, minExclusive: true };
export const nonNegative: Bounds = { min: 0 };
export const unit: Bounds = { min: 0, max: 1 };

export const f = (path: string, kind: FieldKind, doc: string, extra: Partial<Field> = {}): Field => ({
  path,
  kind,
  default: valueAt(DEFAULTS, path),
  doc,
  ...extra,
});
export const probability = (path: string, doc: string): Field => f(path, 'probability', doc, { bounds: unit });
export const count = (path: string, doc: string, max: number): Field =>
  f(path, 'integer', doc, { bounds: { min: 0, max } });
export const duration = (path: string, bounds: Bounds, doc: string): Field => f(path, 'duration', doc, { bounds });
/** The metrics of the optional features (crashes, leases, checks, the time series). */
export const FEATURE_METRICS: readonly MetricGroup[] = ['extended'];
/** A failing execution or a handler setting brings the 500s (MODEL.md F). */
export const HANDLER_METRICS: readonly MetricGroup[] = ['handlers'];
/** A retry limit brings the clients' metrics (throttled retries, hedges) besides. */
export const RETRY_LIMIT_METRICS: readonly MetricGroup[] = ['extended', 'clients'];
/**
 * An optional field: off at its default, shown commented out with `example` in the starter
 * file; while it differs from its default, a run reports the metric groups it `carries`.
 */
export const optional = (
  field: Field,
  example: unknown,
  carries: readonly MetricGroup[] = FEATURE_METRICS,
  exampleNote?: string,
): Field => ({
  ...field,
  optional: true,
  example,
  ...(carries.length === 0 ? {} : { carries }),
  ...(exampleNote === undefined ? {} : { exampleNote }),
});
/** `none`, or a map of `members` (a real client's retry limit); `none` says what the word means. */
export const mapOrNone = (path: string, members: Field['members'], doc: string, none: string): Field =>
  f(path, 'map-or-none', doc, { members, valueDocs: { none } });
export const range = (path: string, doc: string): Field =>
  f(path, 'range-of-durations', doc, {
    members: {
      min: { kind: 'duration', bounds: nonNegative, doc: 'shortest wait (duration)' },
      max: { kind: 'duration', bounds: nonNegative, doc: 'longest wait (duration)' },
    },
  });
