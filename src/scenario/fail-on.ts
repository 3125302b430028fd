// `--fail-on METRIC=+X`: which metric may not get worse, which way is worse, and by how
// much it may. X is read exactly as an `expect:` bound of that metric is (5s, 10MB, 0.1),
// or relative to the base value (`+10%`); a share (a ratio metric) may also be written
// in percentage points (`-2pp`), since `2%` already means relative.
import { Worse, type FailOn } from '../model/diff.js';
import { METRIC_NAMES, hasInterval, metricInfo } from '../model/metrics.js';
import { type Unit } from '../model/metric-types.js';
import { boundForm } from './bounds.js';
import type { Issue } from './issues.js';
import { parseValue } from './parse.js';
import { closest } from './suggest.js';

export type FailOnOutcome = { ok: true; failOn: FailOn } | { ok: false; message: string };

const EXPR = /^\s*([A-Za-z][A-Za-z0-9.]*)\s*=\s*([+-]?)\s*(.*?)\s*$/;
const NUMBER = String.raw`(\d+(?:\.\d*)?|\.\d+)`;
const PERCENT = new RegExp(`^${NUMBER}\\s*%$`);
const POINTS = new RegExp(`^${NUMBER}\\s*pp$`);

const USAGE =
  'write METRIC=+X (an increase beyond X fails) or METRIC=-X (a decrease beyond X fails), ' +
  'X in the metric unit or a percentage of the base value, e.g. duplicatesPerThousand=+0.1, ' +
  'latency.call.p95=+200ms or dedupHitRate=-10%';

/** `METRIC=+X`, `METRIC=-X`, `METRIC=+X%` (relative) or, for a ratio metric, `METRIC=-Xpp`. */
export function parseFailOn(text: string): FailOnOutcome {
  const where = `--fail-on ${text}`;
  const match = EXPR.exec(text);
  if (match === null) return { ok: false, message: `${where}: ${USAGE}` };
  const [, metric = '', sign = '', valueText = ''] = match;
  const info = metricInfo(metric);
  if (info === undefined) {
    const suggestion = closest(metric, METRIC_NAMES);
    const fix =
      suggestion !== undefined ? `did you mean '${suggestion}'?` : `the metrics are ${METRIC_NAMES.join(', ')}`;
    return { ok: false, message: `${where}: unknown metric '${metric}'; ${fix}` };
  }
  if (!hasInterval(metric)) {
    const near = METRIC_NAMES.filter(
      (m) => m.startsWith(metric.replace(/(s|Actions|Outcomes)$/, '')) && hasInterval(m),
    );
    return {
      ok: false,
      message: `${where}: ${metric} is what one run saw, with no interval, so a gate on it could never be judged; gate on a rate${near.length > 0 ? `, e.g. ${near[0] ?? ''}` : ' or share, e.g. duplicatesPerThousand'}`,
    };
  }
  if (sign === '') {
    return {
      ok: false,
      message: `${where}: say which way is worse with a sign: ${metric}=+${valueText} fails on an increase, ${metric}=-${valueText} on a decrease`,
    };
  }
  if (valueText === '') return { ok: false, message: `${where}: a tolerance is missing after '${sign}'; ${USAGE}` };
  const tolerance = readTolerance(valueText, metric, info.unit);
  if (typeof tolerance === 'string') return { ok: false, message: `${where}: ${tolerance}` };
  const worse = sign === '+' ? Worse.increase : Worse.decrease;
  return { ok: true, failOn: { metric, worse, ...tolerance, text: `${metric}=${sign}${valueText}` } };
}

/** The tolerance as written after the sign, or what is wrong with it (one line). */
function readTolerance(text: string, metric: string, unit: Unit): { tolerance: number; relative: boolean } | string {
  const percent = PERCENT.exec(text);
  if (percent !== null) return { tolerance: Number(percent[1]) / 100, relative: true };
  const points = POINTS.exec(text);
  if (points !== null) {
    if (unit !== 'ratio') return `'pp' (percentage points) is for shares such as dedupHitRate; ${metric} is not one`;
    const tolerance = Number(points[1]) / 100;
    return tolerance <= 1 ? { tolerance, relative: false } : `${text} is more than 100 percentage points`;
  }
  const issues: Issue[] = [];
  const node = parseValue(text, '--fail-on', issues);
  const form = boundForm(unit);
  const value = node === undefined ? undefined : form.read(node, { ...form, path: metric, issues });
  if (value === undefined) {
    const message = issues[0]?.message ?? `write ${form.hint}`;
    return message.startsWith(`${metric}: `) ? message.slice(metric.length + 2) : message;
  }
  if (value < 0) return `the tolerance ${text} is negative; the sign before it says which way is worse`;
  return { tolerance: value, relative: false };
}

export type FalseAlarmOutcome = { ok: true; rate: number } | { ok: false; message: string };

/** `--false-alarm 5%` or `0.05`: the chance that a comparison with no real change fails a gate. */
export function parseFalseAlarm(text: string): FalseAlarmOutcome {
  const where = `--false-alarm ${text}`;
  const percent = PERCENT.exec(text.trim());
  const value =
    percent !== null ? Number(percent[1]) / 100 : /^\s*(\d+(?:\.\d*)?|\.\d+)\s*$/.test(text) ? Number(text) : NaN;
  if (!(value > 0 && value <= 0.5)) {
    return {
      ok: false,
      message: `${where}: give the chance that a comparison with no real change fails any gate, above 0 and at most 50%, e.g. 5% or 0.01`,
    };
  }
  return { ok: true, rate: value };
}
