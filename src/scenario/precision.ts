// `--precision METRIC=WIDTH`: the 95% interval's half-width a sized run must reach, either
// relative to the value (`duplicatesPerThousand=10%`) or absolute in the metric's unit
// (`duplicatesPerThousand=0.02`, `latency.call.p95=50ms`). A trailing % is always relative,
// so a ratio's absolute width is written as a decimal (`conflictRate=0.001`).
import { formatCount } from '../format/format.js';
import type { PrecisionGoal } from '../model/precision.js';
import { METRIC_NAMES, hasInterval, metricInfo } from '../model/metrics.js';
import { readLimit } from './bounds.js';
import { closest } from './suggest.js';

export type PrecisionOutcome = { ok: true; goal: PrecisionGoal } | { ok: false; message: string };

const EXPR = /^\s*([A-Za-z][A-Za-z0-9.]*)\s*=\s*(\S.*?)\s*$/;
const PERCENT = /^(\d+(?:\.\d+)?|\.\d+)\s*%$/;

export function parsePrecision(text: string): PrecisionOutcome {
  const match = EXPR.exec(text);
  if (match === null) {
    return {
      ok: false,
      message: `--precision ${text}: write METRIC=WIDTH, e.g. duplicatesPerThousand=10% (relative) or duplicatesPerThousand=0.02 (absolute)`,
    };
  }
  const [, metric = '', width = ''] = match;
  const info = metricInfo(metric);
  if (info === undefined) {
    const near = closest(metric, METRIC_NAMES);
    return {
      ok: false,
      message: `--precision ${text}: unknown metric '${metric}'; ${near !== undefined ? `did you mean '${near}'?` : `the metrics are ${METRIC_NAMES.join(', ')}`}`,
    };
  }
  if (!hasInterval(metric)) {
    return {
      ok: false,
      message: `--precision ${text}: ${metric} is what this run saw, with no interval to narrow; size the run by a rate or share, e.g. duplicatesPerThousand=10%`,
    };
  }
  const percent = PERCENT.exec(width);
  if (percent !== null) {
    const share = Number(percent[1]) / 100;
    if (!(share > 0 && share < 10)) {
      return { ok: false, message: `--precision ${text}: a relative width is a percentage above 0, e.g. 10%` };
    }
    return { ok: true, goal: { metric, halfWidth: share, relative: true, text: `${metric}=${width}` } };
  }
  const value = readLimit(width, metric, info.unit, '--precision');
  if (typeof value === 'string') return { ok: false, message: `--precision ${text}: ${value}` };
  if (!(value > 0)) {
    return { ok: false, message: `--precision ${text}: the half-width must be above 0, e.g. ${metric}=10%` };
  }
  return { ok: true, goal: { metric, halfWidth: value, relative: false, text: `${metric}=${width}` } };
}

/** Every `--precision` flag read: the goals, and one line per bad flag. */
export function parsePrecisions(args: readonly string[]): { goals: PrecisionGoal[]; problems: string[] } {
  const goals: PrecisionGoal[] = [];
  const problems: string[] = [];
  for (const text of args) {
    const outcome = parsePrecision(text);
    if (outcome.ok) goals.push(outcome.goal);
    else problems.push(outcome.message);
  }
  return { goals, problems };
}

/**
 * `--max-actions N`: a whole number of actions from 1 to `max` (`_` allowed as a
 * separator), or what is wrong with it; `example` is the value the message suggests.
 */
export function parseActionCap(arg: string, max: number, example: number): number | string {
  const text = arg.trim().replace(/_/g, '');
  const n = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (n >= 1 && n <= max) return n;
  return `--max-actions ${arg}: write a whole number of actions from 1 to ${formatCount(max)}, e.g. --max-actions ${example}`;
}
