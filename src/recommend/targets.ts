// What a recommendation must satisfy: `--target metric<=value` flags and the scenario's
// `expect:` bounds, each read in the metric's unit, and how one run is judged against them.
// Feasibility uses the point estimate, or with --strict the far end of the 95% interval,
// exactly as `idemsim check` does.
import { closest } from '../scenario/suggest.js';
import type { Bound } from '../model/scenario.js';
import { DURATION_UNITS, PERCENT_UNITS, SIZE_UNITS, parseQuantity, type UnitTable } from '../scenario/units.js';
import { METRIC_NAMES, metricInfo, metricValue, type Unit } from '../model/metrics.js';
import type { Interval, RunResult } from '../model/result.js';

export const Op = { '<=': '<=', '>=': '>=', '<': '<', '>': '>' } as const;
export type Op = keyof typeof Op;

export interface Target {
  metric: string;
  op: Op;
  /** In the metric's normalized unit (ms, bytes, ratio, per thousand). */
  limit: number;
  /** The text as the user wrote it, for messages: `duplicatesPerThousand<=0.1`. */
  text: string;
  source: 'flag' | 'expect';
}

export type TargetOutcome = { ok: true; target: Target } | { ok: false; message: string };

const EXPR = /^\s*([A-Za-z][A-Za-z0-9.]*)\s*(<=|>=|<|>)\s*(\S.*?)\s*$/;

/** `metric<=value`: the value in the metric's unit, as an `expect:` bound takes it. */
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
  const limit = readLimit(valueText, info.unit);
  if (typeof limit === 'string') return { ok: false, message: `--target ${text}: ${limit}` };
  return { ok: true, target: { metric, op: op as Op, limit, text: `${metric}${op}${valueText}`, source: 'flag' } };
}

const UNIT_FORMS: Partial<Record<Unit, { units: UnitTable; hint: string }>> = {
  ms: { units: DURATION_UNITS, hint: 'a duration such as 5s or 800ms (a bare number is ms)' },
  bytes: { units: SIZE_UNITS, hint: 'a size such as 64MB or 512KiB (a bare number is bytes)' },
  ratio: { units: PERCENT_UNITS, hint: 'a probability such as 0.01 or 1%' },
};

/** The bound in the metric's unit, or what is wrong with it. */
function readLimit(text: string, unit: Unit): number | string {
  const form = UNIT_FORMS[unit];
  const bare = Number(text);
  if (text !== '' && Number.isFinite(bare)) return unit === 'ratio' && (bare < 0 || bare > 1) ? form!.hint : bare;
  if (form === undefined) return `'${text}' is not a number (the metric is a ${unit} value)`;
  const q = parseQuantity(text, form.units);
  if (q.kind === 'ok') return q.value;
  if (q.kind === 'unknown-unit' && q.suggestion !== undefined)
    return `unknown unit '${q.unit}'; did you mean '${q.suggestion}'?`;
  return `'${text}' is not ${form.hint}`;
}

/**
 * The targets: the file's `expect:` bounds, then the flags. A flag on a metric replaces
 * every bound the file gives that metric (so a flag can loosen a file's bound, not only add).
 */
export function mergeTargets(expect: Readonly<Record<string, Bound>>, flags: readonly Target[]): Target[] {
  const flagged = new Set(flags.map((t) => t.metric));
  const fromFile: Target[] = [];
  for (const metric of METRIC_NAMES) {
    const bound = expect[metric];
    if (bound === undefined || flagged.has(metric)) continue;
    if (bound.min !== undefined) fromFile.push(fileTarget(metric, '>=', bound.min));
    if (bound.max !== undefined) fromFile.push(fileTarget(metric, '<=', bound.max));
  }
  return [...fromFile, ...flags];
}

function fileTarget(metric: string, op: Op, limit: number): Target {
  return { metric, op, limit, text: `${metric}${op}${limit}`, source: 'expect' };
}

/** One target judged on one run. */
export interface Judged {
  value: number;
  interval: Interval | null;
  /** What was compared with the limit: the value, or the interval's far end (--strict). */
  compared: number;
  pass: boolean;
  /**
   * Distance to the limit on the metric's scale: positive inside the bound (slack),
   * negative outside it (violation). See `scaleOf`.
   */
  margin: number;
}

export function judge(target: Target, result: RunResult, strict: boolean): Judged {
  const value = metricValue(result.metrics, target.metric);
  const interval = result.intervals[target.metric] ?? null;
  const upper = target.op === '<=' || target.op === '<';
  const compared = strict && interval !== null ? (upper ? interval.high : interval.low) : value;
  return { value, interval, compared, ...passAndMargin(target, compared) };
}

/** Whether `compared` meets the target, and by how much (relative; see `scaleOf`). */
export function passAndMargin(target: Target, compared: number): { pass: boolean; margin: number } {
  const { op, limit } = target;
  const pass =
    op === '<='
      ? compared <= limit
      : op === '<'
        ? compared < limit
        : op === '>='
          ? compared >= limit
          : compared > limit;
  const upper = op === '<=' || op === '<';
  const margin = (upper ? limit - compared : compared - limit) / scaleOf(target);
  return { pass, margin };
}

/**
 * A margin is relative to the limit, so that 1 ms past a 5 s bound and 0.05 past a 0.1 per
 * thousand bound compare sensibly; a zero limit (`lostPerThousand<=0`) uses a floor in the
 * metric's unit instead.
 */
export function scaleOf(target: Target): number {
  const unit = metricInfo(target.metric)?.unit ?? 'count';
  return Math.max(Math.abs(target.limit), FLOOR[unit]);
}

const FLOOR: Readonly<Record<Unit, number>> = {
  count: 1,
  keys: 1,
  perThousand: 0.1,
  perAction: 0.01,
  ratio: 0.001,
  ms: 1,
  bytes: 1000,
};
