// `idemsim fit-latency`: the lognormal `service.latency` { median, sigma } that matches
// latencies seen in production, from dashboard percentiles or a CSV of observed calls,
// with the fit's error at each percentile so a poor fit is visible before it is pasted.
import { Command } from 'commander';
import {
  PERCENTILES,
  fitPercentiles,
  fitSample,
  type LognormalFit,
  type Observed,
  type PercentileName,
} from '../analytic/fit.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { printedMedian, printedSigma, readLatency, scenarioProblem } from './fit-latency-bounds.js';
import { quote, shownFile } from './fit-latency-text.js';
import { readLatencies } from './latency-csv-read.js';
import { formatHelp, formatOption } from './options.js';
import { maxOf } from '../stats/extent.js';

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

export function fitLatency(options: FitLatencyOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const format = formatOption(options.format, FORMATS);
    const given = NAMES.filter((name) => options[name] !== undefined);
    let fit: LognormalFit;
    let where = 'fit-latency';
    if (options.from !== undefined) {
      if (given.length > 0) throw new InputError(`--from: give either --from FILE or percentiles, not both`);
      fit = fitSample(readLatencies(options.from, ctx.cwd), SAMPLE_CHECKS);
      where = shownFile(options.from);
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
        const shown = (o: Observed): string => quote(options[nameOf(o)] ?? '');
        throw new InputError(
          `${upper}: ${shown(result.upper)} is below ${lower} (${shown(result.lower)}); percentiles must not decrease as p grows`,
        );
      }
      fit = result;
    }
    const problem = scenarioProblem(fit);
    if (problem !== undefined) throw new InputError(`${where}: ${problem}`);
    ctx.out.write(format === 'json' ? `${JSON.stringify(fit, null, 2)}\n` : renderFit(fit));
    return ExitCode.ok;
  });
}

const nameOf = (o: Observed): PercentileName => NAMES.find((name) => PERCENTILES[name] === o.p) ?? 'p50';
const label = (o: Observed): string => `--${nameOf(o)}`;

/** A duration option: `300ms`, `1.2s`, or a bare number of milliseconds, within the latency bounds. */
function duration(where: string, text: string): number {
  const ms = readLatency(text.trim());
  if (typeof ms === 'string') throw new InputError(`${where}: ${ms}`);
  return ms;
}

const ms4 = printedMedian;
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
    `  latency: { median: ${ms4(fit.median)}, sigma: ${printedSigma(fit.sigma)} }`,
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

A bare number is milliseconds; a latency is 1e-6ms (1 ns) to 1e9ms (about 11.6 days).
The CSV is RFC 4180 (quoted fields, CRLF, a byte order mark), at most 64 MiB and
10,000,000 lines. Exit codes: 0 fitted, 2 bad input (a duration that does not parse or
is out of range, percentiles that decrease, a bad CSV cell, or a fit no scenario
accepts: sigma above 10).`;

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
