// `idemsim fit-latency`: the lognormal `service.latency` { median, sigma } that matches
// latencies seen in production, from dashboard percentiles or a CSV of observed calls,
// with the fit's error at each percentile so a poor fit is visible before it is pasted.
import { resolve } from 'node:path';
import { Command } from 'commander';
import {
  PERCENTILES,
  fitPercentiles,
  fitSample,
  type LognormalFit,
  type Observed,
  type PercentileName,
} from '../analytic/fit.js';
import { DURATION_UNITS, durationLiteral, parseQuantity } from '../scenario/units.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { formatHelp, formatOption } from './options.js';
import { maxOf } from '../model/extent.js';
import { readBoundedOrFail } from './read-bounded.js';

export type FitLatencyOptions = Partial<Record<PercentileName, string>> & { from?: string; format?: string };

const FORMATS = ['table', 'json'] as const;
const NAMES = Object.keys(PERCENTILES) as PercentileName[];
/** Where a sample's fit is checked: the percentiles people read off dashboards. */
const SAMPLE_CHECKS = Object.values(PERCENTILES);
const HELP_EXAMPLES: Record<PercentileName, string> = {
  p50: '300ms',
  p90: '650ms',
  p95: '800ms',
  p99: '1.2s',
  p999: '2.5s',
};
/** A CSV of latencies is a few bytes a line: 64 MB is millions of calls. */
const MAX_CSV_BYTES = 64 * 1024 * 1024;

export function fitLatency(options: FitLatencyOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const format = formatOption(options.format, FORMATS);
    const given = NAMES.filter((name) => options[name] !== undefined);
    let fit: LognormalFit;
    if (options.from !== undefined) {
      if (given.length > 0) throw new InputError(`--from: give either --from FILE or percentiles, not both`);
      const values = readLatencies(options.from, ctx.cwd);
      fit = fitSample(values, SAMPLE_CHECKS);
    } else {
      if (given.length < 2) {
        throw new InputError(`fit-latency: give two or more of --p50, --p90, --p95, --p99, --p999, or --from FILE`);
      }
      const observed = given.map((name) => ({
        p: PERCENTILES[name],
        observed: duration(`--${name}`, options[name] ?? ''),
      }));
      const result = fitPercentiles(observed);
      if ('kind' in result) {
        const [lower, upper] = [result.lower, result.upper].map(label);
        throw new InputError(
          `${upper}: ${options[nameOf(result.upper)]} is below ${lower} (${options[nameOf(result.lower)]}); percentiles must not decrease as p grows`,
        );
      }
      fit = result;
    }
    ctx.out.write(format === 'json' ? `${JSON.stringify(fit, null, 2)}\n` : renderFit(fit));
    return ExitCode.ok;
  });
}

const nameOf = (o: Observed): PercentileName => NAMES.find((name) => PERCENTILES[name] === o.p) ?? 'p50';
const label = (o: Observed): string => `--${nameOf(o)}`;

/** A duration option: `300ms`, `1.2s`, or a bare number of milliseconds; positive. */
function duration(where: string, text: string): number {
  const ms = readDuration(text.trim());
  if (typeof ms === 'string') throw new InputError(`${where}: ${ms}`);
  return ms;
}

/** Milliseconds, or why `text` is not a positive duration. */
function readDuration(text: string): number | string {
  const q = parseQuantity(text, DURATION_UNITS);
  let ms: number;
  if (q.kind === 'ok') ms = q.value;
  else if (q.kind === 'no-unit') ms = Number(q.number);
  else if (q.kind === 'unknown-unit') {
    const hint =
      q.suggestion === undefined
        ? `use ${Object.keys(DURATION_UNITS).join(', ')}`
        : `did you mean "${q.number}${q.suggestion}"?`;
    return `unknown unit "${q.unit}" in "${text}"; ${hint}`;
  } else return `"${text}" is not a latency; write e.g. 350, 350ms or 1.2s`;
  if (!(ms > 0 && Number.isFinite(ms)))
    return `latency ${text} must be positive: a lognormal has no zero or negative values`;
  return ms;
}

/** The cells of one CSV line, without quotes, with the 1-based column each starts at. */
function cells(line: string): { text: string; col: number }[] {
  let col = 1;
  return line.split(',').map((raw) => {
    const cell = {
      text: raw
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
      col: col + raw.length - raw.trimStart().length,
    };
    col += raw.length + 1;
    return cell;
  });
}

/**
 * The latencies of a CSV: one per line, or a header naming a `latency` or `ms` column (any
 * header will do for a single column). Blank lines are skipped; a bad cell is an error
 * naming FILE:LINE:COL, since a fit that silently drops rows fits a different service.
 */
export function parseLatencies(text: string, file: string): number[] {
  const rows = text
    .split(/\r?\n/)
    .map((line, i) => ({ number: i + 1, cells: cells(line) }))
    .filter((row) => row.cells.some((c) => c.text !== ''));
  const first = rows[0];
  if (first === undefined) throw new InputError(`${file}: no latencies; write one per line, e.g. 350ms`);
  const isHeader = first.cells.some((c) => typeof readDuration(c.text) === 'string' && !/^[-+.\d]/.test(c.text));
  let column = 0;
  if (isHeader) {
    const names = first.cells.map((c) => c.text.toLowerCase());
    column = first.cells.length === 1 ? 0 : names.findIndex((n) => n === 'latency' || n === 'ms');
    if (column < 0)
      throw new InputError(`${file}:${first.number}:1: no "latency" or "ms" column among ${names.join(', ')}`);
  } else if (first.cells.length > 1) {
    throw new InputError(
      `${file}:${first.number}:1: ${first.cells.length} columns and no header; add one naming the "latency" or "ms" column`,
    );
  }
  const values: number[] = [];
  for (const row of isHeader ? rows.slice(1) : rows) {
    const cell = row.cells[column];
    const ms = cell === undefined ? 'no latency in this row' : readDuration(cell.text);
    if (typeof ms === 'string') throw new InputError(`${file}:${row.number}:${cell?.col ?? 1}: ${ms}`);
    values.push(ms);
  }
  if (values.length < 2) {
    throw new InputError(
      `${file}: ${values.length} latenc${values.length === 1 ? 'y' : 'ies'}; a fit needs two or more`,
    );
  }
  return values;
}

function readLatencies(file: string, cwd: string): number[] {
  const text = readBoundedOrFail(resolve(cwd, file), file, MAX_CSV_BYTES, 'a latency CSV');
  return parseLatencies(text, file);
}

/** A latency to four significant digits, in the scenario's own units. */
const ms4 = (ms: number): string => durationLiteral(Number(ms.toPrecision(4)));
const percentName = (p: number): string => `p${Number((p * 100).toPrecision(6))}`;
/** A signed percentage; a rounding residue such as -2e-16 prints as +0.00%, not -0.00%. */
const percent = (x: number): string => {
  const rounded = Number((x * 100).toFixed(2)) + 0; // + 0 turns -0 into 0
  return `${rounded >= 0 ? '+' : ''}${rounded.toFixed(2)}%`;
};

const METHOD = {
  exact: 'exact fit through two percentiles: ln q_p = ln median + sigma * z_p',
  'least-squares':
    'least-squares fit of ln q_p on z_p (more than two percentiles: the error shows how far they are from one lognormal)',
  'maximum-likelihood':
    'maximum-likelihood fit: mean and standard deviation of ln(latency); observed = nearest-rank quantile of the sample',
} as const;

export function renderFit(fit: LognormalFit): string {
  const head = ['percentile', 'observed', 'fitted', 'error'];
  const rows = fit.percentiles.map((r) => [percentName(r.p), ms4(r.observed), ms4(r.fitted), percent(r.relativeError)]);
  const widths = head.map((h, i) => Math.max(h.length, maxOf(rows.map((r) => (r[i] ?? '').length))));
  const line = (cols: string[]): string =>
    cols
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('   ')
      .trimEnd();
  return [
    'service:',
    `  latency: { median: ${ms4(fit.median)}, sigma: ${Number(fit.sigma.toPrecision(3))} }`,
    '',
    METHOD[fit.method],
    line(head),
    ...rows.map(line),
    '',
  ].join('\n');
}

const EXAMPLES = `
Examples:
  $ npx idemsim fit-latency --p50 300ms --p99 1.2s
      the article's service: median 300ms, sigma 0.596, as a snippet to paste
  $ printf 'ms\\n210\\n260\\n300\\n340\\n420\\n1150\\n' > latencies.csv
  $ npx idemsim fit-latency --from latencies.csv --format json
      fit observed calls (yours: one latency a line, or a "latency" or "ms" column)

A bare number is milliseconds. Exit codes: 0 fitted, 2 bad input (a duration that does not
parse, percentiles that decrease, a CSV cell that is not a positive latency).`;

export function fitLatencyCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const command = new Command('fit-latency')
    .summary('fit the lognormal service latency { median, sigma } to percentiles or observed calls')
    .description(
      "Fit the lognormal service time median * exp(sigma * Z) of a scenario's service.latency. " +
        'Two percentiles give an exact fit; more, a least-squares fit of ln(latency) on z_p; a CSV of observed ' +
        "latencies, the maximum-likelihood fit. The fit's error is shown at each percentile.",
    );
  for (const name of NAMES)
    command.option(
      `--${name} <duration>`,
      `observed ${percentName(PERCENTILES[name])} latency, e.g. ${HELP_EXAMPLES[name]}`,
    );
  return command
    .option('--from <FILE>', 'a CSV of observed latencies instead of percentiles')
    .option('--format <format>', formatHelp(FORMATS))
    .addHelpText('after', EXAMPLES)
    .action((options: FitLatencyOptions) => {
      done(fitLatency(options, ctx));
    });
}
