// `idemsim diff BASE NEW...`: compare two runs of the same scenarios metric by metric, for
// CI baselines. Reads both sides (saved runs, report folders or scenario files) before
// simulating anything, simulates the scenario files, matches scenarios by name, compares
// them (stats/diff.ts), prints the table, markdown or JSON; exits 1 when a gate trips.
import { Command } from 'commander';
import type { DiffReport, FailOn } from '../model/diff.js';
import { diffResults, neverTestable } from '../stats/diff.js';
import { renderDiffJson } from '../report/diff/json.js';
import { renderDiffMarkdown } from '../report/diff/markdown.js';
import { renderDiffTable } from '../report/diff/table.js';
import { parseFailOn, parseFalseAlarm } from '../scenario/fail-on.js';
import { DEFAULT_FALSE_ALARM } from '../stats/gates.js';
import { formatCount } from '../format/format.js';
import { DEFAULT_MAX_ACTIONS, type SizingFlags } from './sizing.js';
import { colorEnabled, type CommandContext } from './context.js';
import { decideCap, untilDecided } from './diff-decide.js';
import { checkMatch, namesOf, readInput, runsOf, sideOf } from './diff-sides.js';
import { ExitCode, InputError, guard } from './errors.js';
import { memoryLimit, withCeiling, withScenarioOptions } from './load.js';
import { formatHelp, formatOption } from './options.js';
import { VERSION } from './version.js';

export interface DiffOptions extends Pick<SizingFlags, 'untilDecided' | 'maxActions'> {
  /** Refuse a run whose estimated peak memory is above this size (`--max-memory`). */
  maxMemory?: string;
  /** `path=value` overrides for NEW's scenario files, in command-line order. */
  sets?: readonly string[];
  /** `METRIC=+X` gates, in command-line order. */
  failOn?: readonly string[];
  /** table (default), markdown or json. */
  format?: string;
  /** `--false-alarm 5%`: the family-wise false-alarm rate of the gates. */
  falseAlarm?: string;
}

const FORMATS = ['table', 'markdown', 'json'] as const;

export function diff(base: string, fresh: readonly string[], options: DiffOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const format = formatOption(options.format, FORMATS);
    const failOn = failOnFlags(options.failOn ?? []);
    const falseAlarm = falseAlarmFlag(options.falseAlarm, failOn);
    const sets = options.sets ?? [];
    const baseInputs = [readInput(base, ctx.cwd)];
    const freshInputs = fresh.map((file) => readInput(file, ctx.cwd));
    if (sets.length > 0 && freshInputs.every((input) => input.kind === 'saved')) {
      throw new InputError(
        "diff: --set, --seed and --actions change NEW's scenario files, and NEW names none; drop them, or name scenario files as NEW",
      );
    }
    // Both sides are read and validated before either is simulated.
    const cap = decideCap(options, failOn, [...baseInputs, ...freshInputs]);
    const memory = memoryLimit(options.maxMemory, cap);
    const baseSide = sideOf('BASE', baseInputs, [], ctx.cwd, memory);
    const freshSide = sideOf('NEW', freshInputs, sets, ctx.cwd, memory);
    checkMatch(namesOf(baseSide), namesOf(freshSide));
    const guarded = withCeiling(ctx, memory);
    const runs = runsOf([baseSide, freshSide], guarded);
    let report = diffResults(runs[0] ?? [], runs[1] ?? [], failOn, falseAlarm);
    checkGates(report);
    if (cap !== undefined) {
      report = untilDecided([baseSide, freshSide], runs, report, cap, guarded);
    }
    const sides = { base: baseSide.info, new: freshSide.info };
    ctx.out.write(
      format === 'json'
        ? renderDiffJson(report, sides, VERSION)
        : format === 'markdown'
          ? renderDiffMarkdown(report, sides)
          : renderDiffTable(report, sides, { color: colorEnabled(ctx) }),
    );
    return report.passed ? ExitCode.ok : ExitCode.checkFailed;
  });
}

/** Every --fail-on read before anything else; all bad ones reported at once. */
export function failOnFlags(args: readonly string[]): FailOn[] {
  const outcomes = args.map(parseFailOn);
  const problems = outcomes.flatMap((o) => (o.ok ? [] : [o.message]));
  if (problems.length > 0) throw new InputError(problems);
  return outcomes.flatMap((o) => (o.ok ? [o.failOn] : []));
}

/** The family-wise false-alarm rate: 5% unless --false-alarm says otherwise (and gates it). */
export function falseAlarmFlag(arg: string | undefined, failOn: readonly FailOn[]): number {
  if (arg === undefined) return DEFAULT_FALSE_ALARM;
  if (failOn.length === 0)
    throw new InputError('--false-alarm sets how the --fail-on gates are judged: add a --fail-on gate');
  const outcome = parseFalseAlarm(arg);
  if (!outcome.ok) throw new InputError(outcome.message);
  return outcome.rate;
}

/** A gate no compared scenario can judge would pass whatever happened: bad input, not a pass. */
export function checkGates(report: DiffReport): void {
  const [first] = report.scenarios;
  const testable = first?.metrics.filter((m) => m.interval !== null).map((m) => m.metric) ?? [];
  const never = neverTestable(report).map((f) => {
    const diff = first?.metrics.find((m) => m.metric === f.metric);
    const side =
      diff === undefined ? undefined : Number.isNaN(diff.base) ? 'BASE' : Number.isNaN(diff.new) ? 'NEW' : undefined;
    const why =
      side !== undefined
        ? `${side} does not carry ${f.metric} (saved by an idemsim without it?); save it again with this idemsim`
        : `${f.metric} has no 95% interval in the compared runs, so the gate could never fail; gate on a metric that has one, e.g. ${testable.slice(0, 4).join(', ')}`;
    return `--fail-on ${f.text}: ${why}`;
  });
  if (never.length > 0) throw new InputError(never);
}

const DESCRIPTION = `Compare two runs of the same scenarios metric by metric, for CI baselines.
BASE and NEW are each a saved run (what \`idemsim run --format json\` prints),
a report folder or its summary.json (\`idemsim run --out DIR\`), or scenario
files, which are simulated now; NEW may name several scenario files. Scenarios
are matched by name; one on one side only is listed, not compared. --set,
--seed and --actions change NEW's scenario files only: BASE stays as it is.

For each metric: change = new - base, and its 95% interval. Where both runs
drew the same random numbers (the same seed and actions: a scenario changed in
one field, or a saved baseline of it) a per-action count's change is "paired":
Student's t over the differences of 50 batches of actions, much narrower when
the runs are alike. Otherwise, by Newcombe's MOVER method from the two runs'
own intervals (asymmetric ones included). The change is real when that
interval excludes 0: each metric on its own, context for a reader; only the
--fail-on gates decide. Counts, peaks and maxima carry no interval: their
change is shown, not tested.`;

const EXAMPLES = `
--fail-on METRIC=+X fails when METRIC increased by more than X, METRIC=-X when
it decreased by more than X. X is in the metric's unit, as in expect: (0.1,
200ms, 10MB), or relative to the base value (+10%); shares may also take
percentage points (-2pp). The gates are judged on the intervals of the
changes, never on point estimates, and all together: a comparison with no real
change fails any gate with probability at most 5% (--false-alarm). Each gate
fails (the change is shown beyond X), passes (shown within X) or is undecided,
with the smallest change it would detect at these actions; an undecided gate
does not fail. --until-decided simulates the scenario files again with more
actions until every gate is decided.

Examples:
  $ npx idemsim run scenarios/refunds-*.yaml --format json > baseline.json
      save a baseline (in CI, commit it)
  $ npx idemsim diff baseline.json scenarios/refunds-*.yaml \\
      --fail-on duplicatesPerThousand=+0.1
      simulate the scenarios again; exit 1 if the change in duplicates per
      thousand is shown above +0.1 in any of them
  $ npx idemsim diff scenarios/article-defaults.yaml \\
      scenarios/article-defaults.yaml --set network.replyLoss=2.1% \\
      --fail-on duplicatesPerThousand=+0.1 --until-decided
      both sides from the file, with more actions until the gate is decided:
      fails, one more duplicate per thousand told from noise
  $ npx idemsim diff scenarios/refunds-3-intent-key.yaml \\
      scenarios/refunds-3-intent-key.yaml --set client.retries=0 \\
      --fail-on unknownPerThousand=+1 --format markdown
      what dropping the retries does, as a pull-request comment
  $ npx idemsim run scenarios/refunds-2-call-key.yaml --out reports/before
  $ npx idemsim diff reports/before scenarios/refunds-3-intent-key.yaml \\
      --set name=refunds-2-call-key --format json
      a report folder (\`run --out\`) against a scenario: call keys against
      intent keys, under one name so that they are matched

Exit codes: 0 no gate failed (undecided ones included), 1 a --fail-on gate
failed, 2 bad input (unreadable file, not a saved run, invalid scenario,
unknown metric, no scenario in common, a gate on a metric without an
interval), 70 internal error.
See docs/ci.md for a GitHub Actions job.`;

export function diffCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const failOn: string[] = [];
  return withScenarioOptions(
    new Command('diff')
      .summary('compare two runs metric by metric; exit 1 when a --fail-on metric got worse')
      .description(DESCRIPTION)
      .argument('<BASE>', 'the baseline: a saved run (.json), a report folder, or a scenario file')
      .argument('<NEW...>', 'the runs to compare with it: a saved run, a report folder, or scenario files'),
    sets,
  )
    .option(
      '--fail-on <METRIC=+X>',
      'exit 1 when METRIC got worse by more than X (+X: an increase, -X: a decrease, +10%: relative); repeatable',
      (value: string) => {
        failOn.push(value);
        return failOn;
      },
    )
    .option(
      '--false-alarm <rate>',
      'the chance that a comparison with no real change fails any gate, all gates of all scenarios together (default: 5%)',
    )
    .option('--format <format>', formatHelp(FORMATS))
    .option(
      '--until-decided',
      'simulate the scenario files again with more actions until every gate is decided (shown beyond or within its limit)',
    )
    .option(
      '--max-actions <n>',
      `with --until-decided: the most actions a scenario reaches (default: ${formatCount(DEFAULT_MAX_ACTIONS)})`,
    )
    .addHelpText('after', EXAMPLES)
    .action((base: string, fresh: string[], options: Omit<DiffOptions, 'sets' | 'failOn'>) => {
      done(diff(base, fresh, { ...options, sets, failOn }, ctx));
    });
}
