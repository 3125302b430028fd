// The one reader of a bound on a metric, in the metric's unit: durations for ms, sizes for
// bytes, a probability form for ratios, plain numbers otherwise. `expect:` blocks read their
// `{ min, max }` with it, `--target metric<=value` reads its value with it, and the JSON
// Schema describes the same forms, so a bound means the same wherever it is written.
import type { Op, Target } from '../model/bounds.js';
import { METRIC_NAMES, metricInfo } from '../model/metrics.js';
import { type Unit } from '../model/metric-types.js';
import type { Bounds } from '../model/fields.js';
import type { Issue } from './issues.js';
import { type Reader, readDuration, readNumber, readProbability, readSize } from './kinds.js';
import * as msg from './messages.js';
import { parseValue } from './parse.js';
import { closest } from './suggest.js';

export interface BoundForm {
  /** The value form, as the JSON Schema names its definitions. */
  kind: 'duration' | 'size' | 'probability' | 'number';
  read: Reader<number>;
  hint: string;
  example: string;
  bounds?: Bounds;
}

export function boundForm(unit: Unit): BoundForm {
  switch (unit) {
    case 'ms':
      return { kind: 'duration', read: readDuration, hint: msg.hint('duration'), example: '5s', bounds: { min: 0 } };
    case 'bytes':
      return { kind: 'size', read: readSize, hint: msg.hint('size'), example: '36MB', bounds: { min: 0 } };
    case 'ratio':
      return {
        kind: 'probability',
        read: readProbability,
        hint: msg.hint('probability'),
        example: '0.01',
        bounds: { min: 0, max: 1 },
      };
    default:
      return { kind: 'number', read: readNumber, hint: msg.hint('number'), example: '1' };
  }
}

export type TargetOutcome = { ok: true; target: Target } | { ok: false; message: string };

const EXPR = /^\s*([A-Za-z][A-Za-z0-9.]*)\s*(<=|>=|<|>)\s*(\S.*?)\s*$/;

/** `metric<=value` (or >=, <, >): the value read exactly as an `expect:` bound of that metric. */
export function parseTarget(text: string): TargetOutcome {
  const match = EXPR.exec(text);
  if (match === null) {
    return {
      ok: false,
      message: `--target ${text}: write METRIC<=VALUE (or >=, <, >), e.g. duplicatesPerThousand<=0.1 or latency.call.p95<=5s`,
    };
  }
  const [, metric = '', op = '<=', valueText = ''] = match;
  const info = metricInfo(metric);
  if (info === undefined) {
    const suggestion = closest(metric, METRIC_NAMES);
    return {
      ok: false,
      message:
        `--target ${text}: unknown metric '${metric}'; ` +
        (suggestion !== undefined ? `did you mean '${suggestion}'?` : `the metrics are ${METRIC_NAMES.join(', ')}`),
    };
  }
  const limit = readLimit(valueText, metric, info.unit);
  if (typeof limit === 'string') return { ok: false, message: `--target ${text}: ${limit}` };
  return { ok: true, target: { metric, op: op as Op, limit, text: `${metric}${op}${valueText}`, source: 'flag' } };
}

/** The limit of `metric` written as text, or what is wrong with it (one line). */
export function readLimit(text: string, metric: string, unit: Unit, flag = '--target'): number | string {
  const issues: Issue[] = [];
  const node = parseValue(text, flag, issues);
  const form = boundForm(unit);
  const value = node === undefined ? undefined : form.read(node, { ...form, path: metric, issues });
  if (value !== undefined) return value;
  const message = issues[0]?.message ?? `write ${form.hint}`;
  return message.startsWith(`${metric}: `) ? message.slice(metric.length + 2) : message;
}
