// What fit-latency takes as one observed latency, and what it may print: latencies from a
// nanosecond to about 11.6 days in, and out only a { median, sigma } a scenario accepts.
import type { LognormalFit } from '../analytic/fit.js';
import { formatCount } from '../format/format.js';
import { MAX_SIGMA } from '../model/limits.js';
import { DURATION_UNITS, durationLiteral, parseQuantity } from '../scenario/units.js';
import { quote } from './fit-latency-text.js';

/** 1 ns: below any clock a call is timed with, so a smaller value is a unit mistake. */
export const MIN_LATENCY_MS = 1e-6;
/**
 * About 11.6 days: longer than any call is waited for. With both bounds, a fit's numbers
 * stay far from overflow: every fitted percentile is below 1e9 * e^(10 * 3.1), about 3e22 ms.
 */
export const MAX_LATENCY_MS = 1e9;
/** The longest text read as a latency (`0.000123456789012345678901ms` is 28): longer is refused unread. */
export const MAX_LATENCY_CHARS = 100;

const MIN_TEXT = '1e-6ms (1 ns)';
const MAX_TEXT = '1e9ms (about 11.6 days)';
const EXAMPLE = 'write e.g. 350, 350ms or 1.2s';
const NOT_FINITE = /^[+-]?(?:inf|infinity|nan)$/i;

/** Whether a cell reads as an attempt at a number (`-5`, `.5`, `NaN`, `Infinity`) rather than a column name. */
export const looksNumeric = (text: string): boolean => /^[-+.\d]/.test(text) || NOT_FINITE.test(text);

/** Whether `text` is a plain decimal such as `350` or `12.75`: most cells of a real CSV. */
function isPlainDecimal(text: string): boolean {
  if (text.length > MAX_LATENCY_CHARS) return false;
  let dots = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) dots++;
    else if (c < 0x30 || c > 0x39) return false;
  }
  return dots <= 1 && text.length > dots;
}

/**
 * `350`, `350ms` and `1.2s` without the regular expression of parseQuantity, which costs
 * seconds over ten million cells; the same value, the exponent moved as it moves it.
 */
function quick(text: string): number | undefined {
  if (isPlainDecimal(text)) return Number(text);
  const last = text.charCodeAt(text.length - 1);
  if (last !== 0x73) return undefined; // "s"
  if (text.charCodeAt(text.length - 2) === 0x6d) {
    const number = text.slice(0, -2); // "ms"
    return isPlainDecimal(number) ? Number(number) : undefined;
  }
  const number = text.slice(0, -1);
  return isPlainDecimal(number) ? Number(`${number}e3`) : undefined;
}

/** Milliseconds, or why `text` (trimmed) is not an observed latency, the text shown cut and escaped. */
export function readLatency(text: string): number | string {
  const ms = quick(text) ?? parsed(text);
  if (typeof ms === 'string') return ms;
  return ms >= MIN_LATENCY_MS && ms <= MAX_LATENCY_MS ? ms : outOfRange(text, ms);
}

/** Milliseconds as `parseQuantity` reads `text`, or why it is not a latency at all. */
function parsed(text: string): number | string {
  if (text.length > MAX_LATENCY_CHARS) {
    return `${quote(text)} is ${formatCount(text.length)} characters, too long for a latency (at most ${MAX_LATENCY_CHARS}); ${EXAMPLE}`;
  }
  const q = parseQuantity(text, DURATION_UNITS);
  if (q.kind === 'ok') return q.value;
  if (q.kind === 'no-unit') return Number(q.number);
  if (q.kind === 'unknown-unit') {
    const hint =
      q.suggestion === undefined
        ? `use ${Object.keys(DURATION_UNITS).join(', ')}`
        : `did you mean ${quote(q.number + q.suggestion)}?`;
    return `unknown unit ${quote(q.unit)} in ${quote(text)}; ${hint}`;
  }
  return `${quote(text)} is not a${NOT_FINITE.test(text) ? ' finite' : ''} latency; ${EXAMPLE}`;
}

/** Why a number read from `text` is no latency: each way out of range has its own reason. */
function outOfRange(text: string, ms: number): string {
  const shown = quote(text);
  // The digits before any exponent: "1e-400" reads as 0 but is not zero, "-1e-400" as -0.
  const mantissa = /^[+-]?[\d.]*/.exec(text)?.[0] ?? '';
  const nonZero = /[1-9]/.test(mantissa);
  if (ms < 0 || (nonZero && mantissa.startsWith('-'))) {
    return `${shown} is negative; a latency is a positive duration, at least ${MIN_TEXT}`;
  }
  if (ms === Number.POSITIVE_INFINITY)
    return `${shown} is too large to be a number; the largest latency is ${MAX_TEXT}`;
  if (ms === 0) {
    return nonZero
      ? `${shown} is too small to be a number (it rounds to 0); the smallest latency is ${MIN_TEXT}`
      : `${shown} is zero; a lognormal has no zero latencies, the smallest is ${MIN_TEXT}`;
  }
  if (ms < MIN_LATENCY_MS) return `${shown} is below the smallest latency, ${MIN_TEXT}; check its unit`;
  if (ms > MAX_LATENCY_MS) return `${shown} is above the largest latency, ${MAX_TEXT}; check its unit`;
  return `${shown} is not a latency; ${EXAMPLE}`; // NaN, which no numeral parses to
}

/** The median as fit-latency prints it: four significant digits, in the scenario's units. */
export const printedMedian = (ms: number): string => durationLiteral(Number(ms.toPrecision(4)));
/** The sigma as fit-latency prints it: three significant digits. */
export const printedSigma = (sigma: number): number => Number(sigma.toPrecision(3));

/**
 * Why a scenario would refuse `fit` as service.latency, or undefined: its sigma must be at
 * most MAX_SIGMA (src/model/limits.ts), its median positive and within the loader's
 * safe range, both as computed and as printed. A fit that breaks them describes no
 * service idemsim can run, so it is refused rather than printed to be pasted.
 */
export function scenarioProblem(fit: LognormalFit): string | undefined {
  if (!(fit.sigma <= MAX_SIGMA && printedSigma(fit.sigma) <= MAX_SIGMA)) {
    const sigma = Number.isFinite(fit.sigma) ? String(Number(fit.sigma.toPrecision(6))) : 'not a finite number';
    return (
      `the fitted sigma is ${sigma}, more than ${MAX_SIGMA}, the most a scenario's service.latency.sigma may be: ` +
      'the latencies span too many orders of magnitude for one lognormal; check their units'
    );
  }
  const printed = Number(fit.median.toPrecision(4));
  const fits = (ms: number): boolean => ms > 0 && ms <= Number.MAX_SAFE_INTEGER;
  if (!(fits(fit.median) && fits(printed))) {
    const median = Number.isFinite(fit.median) ? `${printed}ms` : 'not a finite number';
    return `the fitted median is ${median}, outside what service.latency.median accepts (more than 0, at most ${Number.MAX_SAFE_INTEGER}ms)`;
  }
  return undefined;
}
