// `idemsim presets [NAME]`: the real clients whose retry defaults `client.preset` fills in,
// every value with where it was read; and `--compare [FILE]` (presets-compare.ts): each
// preset run on one scenario, with the client's own key and with an intent key.
import { Command } from 'commander';
import { PRESET_NAMES, isPresetName, type PresetName } from '../model/presets.js';
import { renderPresetDetail, renderPresetJson, renderPresetList } from '../report/presets/list.js';
import { closest } from '../scenario/suggest.js';
import { durationLiteral } from '../scenario/units.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { withScenarioOptions } from './load.js';
import { needsCompare, unknownPreset } from './messages.js';
import { formatHelp, formatOption } from './options.js';
import { COMPARE_FORMATS, compare } from './presets-compare.js';
import { withQuiet } from './progress.js';
import { VERSION } from './version.js';

export interface PresetsOptions {
  /** `true` (the built-in defaults) or a scenario file: run every preset on it. */
  compare?: string | boolean;
  /** With `compare`: --set, --seed and --actions in command-line order. */
  sets?: readonly string[];
  format?: string;
  out?: string;
  quiet?: boolean;
  /** With `compare`: refuse a run whose estimated peak memory is above this size. */
  maxMemory?: string;
  /** Run each preset's real package against idemsim's model of it (src/conformance/). */
  verify?: boolean;
}

const LIST_FORMATS = ['table', 'json'] as const;

export async function presets(name: string | undefined, options: PresetsOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const names = name === undefined ? PRESET_NAMES : [presetNamed(name)];
    const sets = options.sets ?? [];
    if (options.verify === true) {
      if (options.compare !== undefined && options.compare !== false)
        throw new InputError('presets: --verify and --compare do one thing each: give one of them');
      if (sets.length > 0 || options.out !== undefined)
        throw new InputError('presets --verify runs fixed scripts: it takes no --set, --seed, --actions or --out');
      const { verify } = await import('./presets-verify.js');
      return verify(name === undefined ? undefined : [name], options.format, ctx);
    }
    if (options.compare !== undefined && options.compare !== false) {
      const file = typeof options.compare === 'string' ? options.compare : undefined;
      return compare(
        file,
        names,
        { sets, format: options.format, out: options.out, quiet: options.quiet, maxMemory: options.maxMemory },
        ctx,
      );
    }
    if (sets.length > 0) throw new InputError(needsCompare('--set, --seed and --actions'));
    if (options.out !== undefined) throw new InputError(needsCompare('--out'));
    const format = formatOption(options.format, LIST_FORMATS);
    if (format === 'json') ctx.out.write(renderPresetJson(names, VERSION));
    else if (name === undefined) ctx.out.write(renderPresetList(durationLiteral));
    else ctx.out.write(renderPresetDetail(names[0] as PresetName, durationLiteral));
    return ExitCode.ok;
  });
}

function presetNamed(name: string): PresetName {
  if (isPresetName(name)) return name;
  throw new InputError(unknownPreset(name, closest(name, PRESET_NAMES), PRESET_NAMES));
}

const DESCRIPTION = `The real clients whose retry defaults \`client: { preset: NAME }\` fills in:
timeout, retries, backoff, deadline, retry throttle, retry budget and the key
the client sends, each read in the client's own source (the sources and
versions are in docs/reference/presets.md). With --compare, run every preset
on one scenario, with the client's own key and with an intent key, and report
what reached the world.`;

const EXAMPLES = `
Examples:
  $ npx idemsim presets
      every preset, one row each, and the source and version of its values
  $ npx idemsim presets stripe
      one preset as scenario fields, ready to copy into a client: block
  $ npx idemsim presets --format json
      every preset with its values in milliseconds, for a script
  $ npx idemsim presets --compare scenarios/clients-compare.yaml
      each preset on one service, with its own key and with an intent key:
      duplicates, unknown outcomes, attempts per action, call p95
  $ npx idemsim presets aws-standard --compare scenarios/clients-compare.yaml --actions 20000
      one preset only, with fewer actions
  $ npx idemsim presets --verify
      run the real openai, @anthropic-ai/sdk, stripe, @smithy/core, @langchain/langgraph
      and ai packages under scripted faults, and compare attempts and waits with each preset
  $ npx idemsim presets --compare scenarios/clients-compare.yaml --out reports/clients
      the table, and a report folder with the chart, JSON, CSV and the scenario

With --compare, each preset replaces the scenario's client block; a field the client has
no default for (temporal's retries, timeout and deadline, langgraph's and vercel-ai's
timeout) keeps the scenario's value. Every point shares the scenario's seed, so points
draw the same random numbers. A value followed by [low, high] carries its 95% interval.
With --verify, each runnable preset (and the stacks langgraph(openai) and ai(openai)) runs
its real package from a clone's devDependencies: the number of requests and how the call
ended must equal idemsim's, seed by seed; the waits must be equal where neither side draws
them, else pass a two-sample Kolmogorov-Smirnov test (p > 0.01) over 1,000 seeded runs.
Exit codes: 0 ok, 1 a preset disagrees with its package (--verify), 2 bad input (unknown
preset, invalid scenario, unusable --out, an SDK not installed for --verify), 70 internal error.`;

export function presetsCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const command = withScenarioOptions(
    new Command('presets')
      .summary("list real clients' retry defaults; --compare runs each on a scenario")
      .description(DESCRIPTION)
      .argument('[NAME]', 'one preset to show (or, with --compare, to run alone)')
      .option('--compare [FILE]', 'run every preset on the scenario file (default: the built-in defaults)')
      .option(
        '--verify',
        "run each preset's real package (the SDKs are devDependencies) under scripted faults on a fake clock, beside idemsim's model; exit 1 if one disagrees",
      ),
    sets,
  )
    .option('--format <format>', `${formatHelp(COMPARE_FORMATS)}; csv only with --compare`)
    .option('--out <DIR>', 'with --compare: also write a report folder: index.html, chart, JSON, CSV, table');
  return withQuiet(command)
    .addHelpText('after', EXAMPLES)
    .action(async (name: string | undefined, options: Omit<PresetsOptions, 'sets'>) => {
      done(await presets(name, { ...options, sets }, ctx));
    });
}
