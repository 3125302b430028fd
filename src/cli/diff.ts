// `idemsim diff BASE NEW...`: compare two runs of the same scenarios metric by metric, for
// CI baselines. Reads both sides (saved runs, report folders or scenario files) before
// simulating anything, simulates the scenario files, matches scenarios by name, compares
// them (stats/diff.ts), prints the table, markdown or JSON; exits 1 when a gate trips.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { carriedBy } from '../model/features.js';
import { canonicalMetrics } from '../model/canonical.js';
import type { Scenario } from '../model/scenario.js';
import { GateVerdict, type DiffReport, type FailOn, type NamedResult } from '../model/diff.js';
import { diffResults, neverTestable } from '../stats/diff.js';
import type { DiffSide } from '../report/diff/cells.js';
import { renderDiffJson } from '../report/diff/json.js';
import { renderDiffMarkdown } from '../report/diff/markdown.js';
import { looksLikeSavedRuns, parseSavedRuns } from '../saved/runs.js';
import { renderDiffTable } from '../report/diff/table.js';
import { parseFailOn, parseFalseAlarm } from '../scenario/fail-on.js';
import { DEFAULT_FALSE_ALARM, actionsFactorToDecide, gateEvidence, type GateEvidence } from '../stats/gates.js';
import { nextActions } from '../stats/precision.js';
import { maxOf } from '../stats/extent.js';
import { formatCount } from '../format/format.js';
import { terminalText } from '../report/text.js';
import { plural } from '../report/diff/cells.js';
import { DEFAULT_MAX_ACTIONS, sizingCap, type SizingFlags } from './sizing.js';
import { simulate } from '../sim/simulate.js';
import { colorEnabled, type CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { loadScenarios, memoryLimit, withScenarioOptions, type MemoryLimit } from './load.js';
import { unreadable } from './messages.js';
import { MAX_JSON_BYTES, readBoundedOrFail } from './read-bounded.js';
import { formatHelp, formatOption } from './options.js';
import { startProgress } from './progress.js';
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

/** One side as named on the command line: saved runs, or scenario files still to simulate. */
export type Input =
  { kind: 'saved'; file: string; runs: NamedResult[]; idemsim: string | null } | { kind: 'scenario'; file: string };

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
    const runs = runsOf([baseSide, freshSide], ctx);
    let report = diffResults(runs[0] ?? [], runs[1] ?? [], failOn, falseAlarm);
    checkGates(report);
    if (cap !== undefined) {
      report = untilDecided([baseSide, freshSide], runs, report, cap, ctx);
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

/**
 * --until-decided's cap on the actions of a scenario, or undefined without it. It sizes
 * scenario files only (a saved run's actions are what they are) and needs gates to decide.
 */
function decideCap(options: DiffOptions, failOn: readonly FailOn[], inputs: readonly Input[]): number | undefined {
  if (options.untilDecided !== true) {
    if (options.maxActions !== undefined)
      throw new InputError('--max-actions caps --until-decided: add --until-decided');
    return undefined;
  }
  if (failOn.length === 0) {
    throw new InputError('--until-decided simulates until every --fail-on gate is decided: add a --fail-on gate');
  }
  if (inputs.every((input) => input.kind === 'saved')) {
    throw new InputError(
      '--until-decided simulates scenario files with more actions, and both sides are saved runs: name scenario files',
    );
  }
  return sizingCap({ untilDecided: true, maxActions: options.maxActions });
}

/**
 * Simulates again, with more actions, the scenarios that have an undecided gate: both
 * sides where they are scenario files, each from its seed (so a longer run extends the
 * shorter one), until every gate is decided or the cap is reached. The actions are sized
 * for the strictest level of the family (alpha / m), which decides a gate whatever the
 * others show. One note per resized scenario on standard error.
 */
function untilDecided(
  sides: readonly Side[],
  runs: NamedResult[][],
  first: DiffReport,
  cap: number,
  ctx: CommandContext,
): DiffReport {
  // m of the family: the gates that can be judged (judgeFamily leaves the others out).
  const gates = first.scenarios.reduce(
    (n, s) => n + s.gates.filter((g) => g.verdict !== GateVerdict.untestable).length,
    0,
  );
  let report = first;
  const rounds = new Map<string, number>();
  for (;;) {
    const grow = new Map<string, number>();
    for (const scenario of report.scenarios) {
      const open = scenario.gates
        .map((gate, i) => ({ gate, i }))
        .filter(({ gate }) => gate.verdict === GateVerdict.undecided);
      if (open.length === 0) continue;
      const actions = actionsOf(sides, scenario.name);
      if (actions === undefined || actions >= cap) continue;
      const factor = maxOf(
        open.map(({ i }) => actionsFactorToDecide(evidenceOf(report, scenario.name, i), report.falseAlarm, gates)),
      );
      grow.set(scenario.name, nextActions(actions, actions * factor, cap));
    }
    if (grow.size === 0) break;
    for (const [name, actions] of grow) {
      rounds.set(name, (rounds.get(name) ?? 1) + 1);
      resimulate(sides, runs, name, actions, ctx);
    }
    report = diffResults(runs[0] ?? [], runs[1] ?? [], report.failOn, report.falseAlarm);
  }
  for (const [name, count] of rounds) {
    const scenario = report.scenarios.find((s) => s.name === name);
    const open = scenario?.gates.filter((g) => g.verdict === GateVerdict.undecided).length ?? 0;
    const actions = actionsOf(sides, name) ?? 0;
    const end = open === 0 ? 'every gate decided' : `${plural(open, 'gate')} still undecided at --max-actions`;
    ctx.err.write(`${terminalText(name)}: ${formatCount(actions)} actions (${count} runs), ${end}\n`);
  }
  return report;
}

/** The actions a scenario is simulated with now: the larger of its two sides' scenario files. */
function actionsOf(sides: readonly Side[], name: string): number | undefined {
  const found = sides.flatMap((side) => side.scenarios.filter((s) => s.name === name).map((s) => s.actions));
  return found.length === 0 ? undefined : maxOf(found);
}

function evidenceOf(report: DiffReport, name: string, gate: number): GateEvidence {
  const scenario = report.scenarios.find((s) => s.name === name);
  const failOn = report.failOn[gate] as FailOn;
  const diff = scenario?.metrics.find((m) => m.metric === failOn.metric);
  if (diff === undefined) throw new RangeError(`no metric ${failOn.metric} in ${name}`);
  return gateEvidence(failOn, diff);
}

/** Simulates `name` again at `actions` on every side that has it as a scenario file. */
function resimulate(
  sides: readonly Side[],
  runs: NamedResult[][],
  name: string,
  actions: number,
  ctx: CommandContext,
): void {
  sides.forEach((side, i) => {
    const at = side.scenarios.findIndex((s) => s.name === name);
    if (at < 0) return;
    const scenario = { ...(side.scenarios[at] as Scenario), actions };
    side.scenarios[at] = scenario;
    const list = runs[i] ?? [];
    const k = list.findIndex((r) => r.name === name);
    const progress = startProgress(ctx, actions);
    try {
      const run = simulated(scenario, progress.reporter(0));
      if (k >= 0) list[k] = run;
    } finally {
      progress.finish();
    }
  });
}

/** One scenario simulated, carrying the metrics its saved JSON would. */
function simulated(scenario: Scenario, onProgress: (done: number, total: number) => void): NamedResult {
  const result = simulate(scenario, { onProgress });
  return { name: scenario.name, result: { ...result, metrics: canonicalMetrics(result.metrics, carriedBy(scenario)) } };
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

const MAKE_ONE =
  'name a saved run (idemsim run --format json > FILE.json), a report folder (idemsim run --out DIR) or scenario files';

/**
 * A folder is a report folder (its summary.json); a .json file is saved runs; a .yaml or
 * .yml file is a scenario; anything else is saved runs when it reads as JSON with a
 * `runs` list, and a scenario otherwise.
 */
export function readInput(arg: string, cwd: string): Input {
  const path = resolve(cwd, arg);
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    throw new InputError(unreadable(arg, error));
  }
  if (isFolder)
    return savedInput(
      join(arg, 'summary.json'),
      join(path, 'summary.json'),
      `${arg}: a folder without summary.json; ${MAKE_ONE}`,
    );
  if (/\.ya?ml$/i.test(arg)) return { kind: 'scenario', file: arg };
  if (/\.json$/i.test(arg)) return savedInput(arg, path);
  const text = readText(arg, path);
  return looksLikeSavedRuns(jsonOrUndefined(text)) ? saved(arg, text) : { kind: 'scenario', file: arg };
}

function savedInput(file: string, path: string, missing?: string): Input {
  return saved(file, readText(file, path, missing));
}

function saved(file: string, text: string): Input {
  const outcome = parseSavedRuns(text, file);
  if (!outcome.ok) throw new InputError(outcome.problem);
  return { kind: 'saved', file, runs: outcome.saved.runs, idemsim: outcome.saved.idemsim ?? null };
}

function readText(file: string, path: string, missing?: string): string {
  if (missing !== undefined && !existsSync(path)) throw new InputError(missing);
  return readBoundedOrFail(path, file, MAX_JSON_BYTES, 'a saved run');
}

function jsonOrUndefined(text: string): unknown {
  const body = text.trimStart(); // a byte order mark too
  try {
    return body.startsWith('{') ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** One side: the runs read from a saved file, or the scenarios of its files still to simulate. */
interface Side {
  info: DiffSide;
  saved: NamedResult[];
  scenarios: Scenario[];
}

const namesOf = (side: Side): string[] => [...side.saved, ...side.scenarios].map((r) => r.name);

/** One saved run file, or scenario files (loaded and validated now, simulated later). */
function sideOf(
  label: 'BASE' | 'NEW',
  inputs: readonly Input[],
  sets: readonly string[],
  cwd: string,
  memory?: MemoryLimit,
): Side {
  const files = inputs.map((i) => i.file);
  const [first, ...rest] = inputs;
  if (first?.kind === 'saved' && rest.length === 0) {
    uniqueNames(label, first.file, first.runs);
    return { info: { files, sets: [], idemsim: first.idemsim, simulated: false }, saved: first.runs, scenarios: [] };
  }
  if (inputs.some((i) => i.kind === 'saved')) {
    throw new InputError(
      `${label}: name one saved run (a .json file or a report folder) or scenario files, not several or both; found ${files.join(', ')}`,
    );
  }
  const scenarios = loadScenarios(files, sets, cwd, undefined, memory).map((l) => l.scenario);
  uniqueNames(label, files.join(', '), scenarios);
  return { info: { files, sets: [...sets], idemsim: VERSION, simulated: true }, saved: [], scenarios };
}

/**
 * Both sides' runs, their scenario files simulated under one progress line. A simulated run
 * carries the metrics its saved JSON would (the extended ones only where its scenario uses
 * them), so a scenario file compares with its saved run exactly as two saved runs do.
 */
function runsOf(sides: readonly Side[], ctx: CommandContext): NamedResult[][] {
  const total = sides.reduce((sum, side) => sum + side.scenarios.reduce((n, s) => n + s.actions, 0), 0);
  const progress = startProgress(ctx, total);
  let before = 0;
  try {
    return sides.map((side) => [
      ...side.saved,
      ...side.scenarios.map((scenario) => {
        const onProgress = progress.reporter(before);
        before += scenario.actions;
        return simulated(scenario, onProgress);
      }),
    ]);
  } finally {
    progress.finish();
  }
}

function uniqueNames(label: string, where: string, runs: readonly { name: string }[]): void {
  const names = runs.map((r) => r.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) {
    throw new InputError(
      `${label} ${where}: two scenarios are named '${repeated}'; names must differ on each side to be matched (set name: in the file)`,
    );
  }
}

/** Nothing to compare is bad input, found before anything is simulated. */
export function checkMatch(baseNames: readonly string[], freshNames: readonly string[]): void {
  if (!freshNames.some((name) => baseNames.includes(name))) {
    throw new InputError(
      `diff: no scenario of NEW (${freshNames.join(', ')}) has the name of one in BASE (${baseNames.join(', ')}); scenarios are matched by name`,
    );
  }
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

For each metric: change = new - base, and its 95% interval by Newcombe's MOVER
method from the two runs' own intervals (asymmetric ones included). The change
is real when that interval excludes 0: each metric on its own, context for a
reader; only the --fail-on gates decide. Counts, peaks and maxima carry no
interval: their change is shown, not tested.`;

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
